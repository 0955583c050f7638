/** Helpers of the API Pix cobr tests: an approved recurrence, a charge body and the calls. */
import { plusDays, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { db } from "../../server/db/client";
import type { RecurringChargeInput } from "../../server/recurrences/charges/model";
import { settleRecurrence } from "../../server/recurrences/service";
import { createdRec } from "./rec-support";
import { PROBLEM, pixCall } from "./support";

/** A recurrence of the merchant's, approved by its payer (`extra` over the rec body). */
export async function approvedRec(merchant: { bearer: string; userId: string }, extra: Record<string, unknown> = {}) {
  const idRec = await createdRec(merchant.bearer, {
    calendario: { dataInicial: todayInSaoPaulo(), periodicidade: "MENSAL" },
    ...extra,
  });
  await settleRecurrence(db(), merchant.userId, idRec, { to: "APROVADA" });
  return idRec;
}

/** A charge of `idRec` due in five days on the merchant's account, `extra` over it. */
export const cobrBody = (idRec: string, accountId: string, extra: Record<string, unknown> = {}) => ({
  idRec,
  infoAdicional: "Mensalidade",
  calendario: { dataDeVencimento: plusDays(todayInSaoPaulo(), 5) },
  valor: { original: "89.90" },
  ajusteDiaUtil: true,
  devedor: { email: "ana@hooks.example.invalid", cidade: "Campinas", uf: "SP" },
  recebedor: { conta: accountId, agencia: "0001", tipoConta: "PAGAMENTO" },
  ...extra,
});

/** The same charge as the recurring charges service takes it (createRecurringCharge), `extra` over it. */
export const recurringChargeInput = (
  merchant: { userId: string; accountId: string },
  idRec: string,
  extra: Partial<RecurringChargeInput> = {},
): RecurringChargeInput => ({
  userId: merchant.userId,
  idRec,
  dueDate: plusDays(todayInSaoPaulo(), 5),
  amountCents: 8990n,
  adjustBusinessDay: true,
  receiver: { account: merchant.accountId, accountType: "PAGAMENTO" },
  ...extra,
});

export const postCobr = (bearer: string, body: unknown) => pixCall(bearer, "POST", "/cobr", { body });
export const putCobr = (bearer: string, txid: string, body: unknown) =>
  pixCall(bearer, "PUT", `/cobr/${txid}`, { body });

/** A charge created for `idRec`: its txid. */
export async function createdCobr(merchant: { bearer: string; accountId: string }, idRec: string, extra = {}) {
  const res = await postCobr(merchant.bearer, cobrBody(idRec, merchant.accountId, extra));
  if (res.status !== 201) throw new Error(`POST /cobr: ${res.status} ${res.text}`);
  return res.json.txid as string;
}

type Res = { status: number; json: { type?: string; violacoes?: { propriedade: string }[] } };

/** The properties a CobROperacaoInvalida names (throws on any other answer). */
export function cobrViolations(res: Res): string[] {
  if (res.status !== 400 || res.json.type !== `${PROBLEM}CobROperacaoInvalida`) {
    throw new Error(`expected CobROperacaoInvalida, got ${res.status} ${JSON.stringify(res.json)}`);
  }
  return (res.json.violacoes ?? []).map((v) => v.propriedade);
}
