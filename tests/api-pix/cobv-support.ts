/** Helpers of the cobv tests: dates relative to today in São Paulo, a cobv body, and calls. */
import { nextBusinessDay, plusDays, rollToBusinessDay, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { newTxid, PROBLEM, pixCall } from "./support";

export { PROBLEM };

export const today = () => todayInSaoPaulo();
/** A business day about three weeks ahead: no roll-forward muddles the expected amounts. */
export const dueDay = () => rollToBusinessDay(plusDays(todayInSaoPaulo(), 21));
/** The second business day after the due day: fine and interest surely apply. */
export const lateDay = () => nextBusinessDay(nextBusinessDay(dueDay()));

/** A valid cobv body (CPF 12345678909 has right check digits). */
export function cobvBody(chave: string, extra: Record<string, unknown> = {}) {
  return {
    calendario: { dataDeVencimento: dueDay(), validadeAposVencimento: 30 },
    devedor: { cpf: "12345678909", nome: "Maria Pagadora", email: "maria@example.invalid", uf: "SP" },
    valor: { original: "100.00" },
    chave,
    solicitacaoPagador: "Mensalidade",
    ...extra,
  };
}

export async function putCobV(bearer: string, body: unknown, txid = newTxid()) {
  return { txid, res: await pixCall(bearer, "PUT", `/cobv/${txid}`, { body }) };
}

type Res = { status: number; json: { type: string; violacoes?: { propriedade: string }[] } };

/** The properties a CobVOperacaoInvalida names (asserting it is one). */
export function invalidProperties(res: Res): string[] {
  if (res.status !== 400 || res.json.type !== `${PROBLEM}CobVOperacaoInvalida`) {
    throw new Error(`expected CobVOperacaoInvalida, got ${res.status} ${JSON.stringify(res.json)}`);
  }
  return (res.json.violacoes ?? []).map((v) => v.propriedade);
}
