/**
 * What a cobv's location answers (`GET /pix/qr/v2/cobv/{token}?DPP=&codMun=`): the charge as the
 * API Pix's CobVPayload, with `valor` computed for the intended payment day (DPP, today in São
 * Paulo by default), signed like every location. A DPP before today or after the last payable day
 * is refused (CobPayloadOperacaoInvalida), as is a codMun that is not an IBGE municipality code's
 * shape. Holidays are the national calendar's whatever codMun says (decision 0033).
 */
import type { Db } from "../../db/client";
import type { Account, Charge } from "../../generated/prisma/client";
import { isCalendarDay } from "../../time";
import { cobStatusOf } from "../cob-status";
import { debtorOf, signPayload } from "../location";
import { servedLocation } from "../locations";
import { dayNumber, todayInSaoPaulo } from "./calendar";
import { amountDueOn, dateText, isDueDateCharge, recebedorOf } from "./record";
import type { DueDateViolation } from "./refusal";
import { payloadValor } from "./wire";

/** The first two digits of an IBGE municipality code: the state's code. */
const IBGE_STATES = new Set([
  11, 12, 13, 14, 15, 16, 17, 21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 33, 35, 41, 42, 43, 50, 51, 52, 53,
]);

export type ServedDueDatePayload =
  | { kind: "payload"; jws: string }
  | { kind: "invalid"; violations: DueDateViolation[] }
  | { kind: "gone" }
  | { kind: "none" };

/** The DPP and codMun refusals for this charge, if any. */
function queryViolations(charge: Charge, dpp: string, codMun: string | undefined, today: string): DueDateViolation[] {
  const found: DueDateViolation[] = [];
  if (codMun !== undefined) {
    if (!/^\d{7}$/.test(codMun)) found.push({ propriedade: "codMun", razao: "codMun deve ter 7 dígitos." });
    else if (!IBGE_STATES.has(Number(codMun.slice(0, 2)))) {
      found.push({ propriedade: "codMun", razao: "codMun não é um código de município do IBGE." });
    }
  }
  if (!isCalendarDay(dpp)) {
    found.push({ propriedade: "DPP", razao: "DPP deve ser uma data YYYY-MM-DD." });
  } else if (dayNumber(dpp) < dayNumber(today)) {
    found.push({ propriedade: "DPP", razao: "DPP é anterior à data presente." });
  } else if (!amountDueOn(charge, dpp).payable) {
    found.push({ propriedade: "DPP", razao: "DPP é posterior ao último dia em que a cobrança pode ser paga." });
  }
  return found;
}

/** The CobVPayload of a cobv on the payment day `dpp`. */
export function dueDatePayload(
  charge: Charge,
  account: Pick<Account, "name" | "document">,
  dpp: string,
  now = new Date(),
) {
  const info = charge.additionalInfo as { nome: string; valor: string }[] | null;
  return {
    calendario: {
      criacao: charge.createdAt.toISOString(),
      apresentacao: now.toISOString(),
      dataDeVencimento: dateText(charge.dueDate as Date),
      validadeAposVencimento: charge.validityDays as number,
    },
    devedor: debtorOf(charge),
    recebedor: recebedorOf(account),
    txid: charge.txId,
    revisao: charge.revision,
    status: cobStatusOf(charge.status),
    valor: payloadValor(amountDueOn(charge, dpp)),
    chave: charge.pixKey,
    ...(charge.description ? { solicitacaoPagador: charge.description } : {}),
    ...(info?.length ? { infoAdicionais: info } : {}),
  };
}

/** What the cobv location `token` answers for the query `DPP`/`codMun`. */
export async function servedDueDatePayload(
  db: Db,
  token: string,
  query: { dpp?: string | undefined; codMun?: string | undefined },
  now = new Date(),
): Promise<ServedDueDatePayload> {
  const served = await servedLocation(db, token);
  if (served.kind !== "charge") return served;
  const { charge } = served;
  if (!isDueDateCharge(charge)) return { kind: "none" };
  const today = todayInSaoPaulo(now);
  const dpp = query.dpp ?? today;
  const violations = queryViolations(charge, dpp, query.codMun, today);
  if (violations.length) return { kind: "invalid", violations };
  const account = await db.account.findUniqueOrThrow({ where: { id: charge.accountId } });
  return { kind: "payload", jws: signPayload(dueDatePayload(charge, account, dpp, now)) };
}
