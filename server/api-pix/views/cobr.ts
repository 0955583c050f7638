/** A recurring charge as the API Pix writes it (`CobRGerada`, `CobRCompleta`). */
import { dateText } from "../../charges/due-date/record";
import type { Account, Recurrence, RecurringChargeAttempt } from "../../generated/prisma/client";
import type { ChargeDebtor, ChargeWithAttempts } from "../../recurrences/charges/model";
import type {
  AttemptHistoryEntry,
  AttemptKind,
  AttemptStatus,
  CobrClosure,
  CobrHistoryEntry,
  CobrStatus,
  Rejection,
} from "../../recurrences/charges/status";
import type { RetryPolicy } from "../../recurrences/model";
import { saoPauloDate } from "../../time";
import { valorOf } from "../money";

function attemptView(attempt: RecurringChargeAttempt) {
  return {
    dataLiquidacao: dateText(attempt.settlementDate),
    tipo: attempt.kind as AttemptKind,
    status: attempt.status as AttemptStatus,
    endToEndId: attempt.endToEndId,
    atualizacao: attempt.history as AttemptHistoryEntry[],
    ...(attempt.rejection ? { rejeicao: attempt.rejection as Rejection } : {}),
  };
}

/** The PIX that paid it: the paid attempt's end-to-end id, at the time the attempt was paid. */
function pixOf(charge: ChargeWithAttempts) {
  const paid = charge.attempts.find((attempt) => attempt.status === "PAGA");
  if (!paid) return [];
  const at = (paid.history as AttemptHistoryEntry[]).find((entry) => entry.status === "PAGA")?.data;
  return [{ endToEndId: paid.endToEndId, txid: charge.txId, valor: valorOf(charge.amountCents), horario: at ?? "" }];
}

export function cobrView(
  charge: ChargeWithAttempts,
  rec: Pick<Recurrence, "retryPolicy">,
  account: Pick<Account, "id" | "name" | "document" | "agency">,
) {
  const pix = pixOf(charge);
  return {
    idRec: charge.idRec,
    txid: charge.txId,
    ...(charge.info !== null ? { infoAdicional: charge.info } : {}),
    calendario: { criacao: saoPauloDate(charge.createdAt), dataDeVencimento: dateText(charge.dueDate) },
    valor: { original: valorOf(charge.amountCents) },
    ajusteDiaUtil: charge.adjustBusinessDay,
    recebedor: {
      cnpj: account.document,
      nome: account.name,
      conta: account.id,
      agencia: account.agency,
      tipoConta: "PAGAMENTO" as const,
    },
    ...(charge.debtor ? { devedor: charge.debtor as ChargeDebtor } : {}),
    status: charge.status as CobrStatus,
    politicaRetentativa: rec.retryPolicy as RetryPolicy,
    atualizacao: charge.history as CobrHistoryEntry[],
    ...(charge.closure ? { encerramento: charge.closure as CobrClosure } : {}),
    tentativas: charge.attempts.map(attemptView),
    ...(pix.length ? { pix } : {}),
  };
}
