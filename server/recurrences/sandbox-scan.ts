/**
 * Sandbox: the payer scans a Pix Automático QR (docs/decisions/0042). A recurrence's own QR
 * (journey 2) approves it; a composite one (journey 3 with a cob, 4 with a cobv) pays the charge
 * and approves the recurrence in the same transaction. The payer may refuse instead: the
 * recurrence is rejected and nothing is paid.
 */
import { payChargeFromOutside, txIdOfOwnBrCode } from "../charges/payment";
import type { Db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { invalid, notFound } from "../errors";
import type { LedgerEntry, Recurrence } from "../generated/prisma/client";
import { recurrenceQrParts } from "../pix/brcode";
import { journeyOfCharge } from "./journeys";
import { ownRecurrenceToken, servedRecurrenceLocation } from "./locations";
import { type Journey, settleRecurrence } from "./service";
import type { RejectCode } from "./status";

export type ScanAnswer = { accept: true } | { accept: false; codigo: RejectCode };

export type Scanned = { recurrence: Recurrence; journey: Journey; txId: string | null; credit: LedgerEntry | null };

export async function scanRecurrenceQr(
  db: Db,
  userId: string,
  emv: string,
  answer: ScanAnswer,
  now = new Date(),
): Promise<Scanned> {
  const parts = recurrenceQrParts(emv);
  const token = parts.recurrenceUrl ? ownRecurrenceToken(parts.recurrenceUrl) : null;
  if (!token) throw invalid("the code carries no recurrence location of this platform", "emv");
  return inTransaction(db, async (tx) => {
    const served = await servedRecurrenceLocation(tx, token);
    if (served.kind !== "rec" || served.recurrence.userId !== userId) {
      throw notFound("no recurrence of yours has this code", "emv");
    }
    const { idRec } = served.recurrence;
    const txId = parts.chargeUrl ? await txIdOfOwnBrCode(tx, userId, emv) : null;
    const charge = txId ? await tx.charge.findUniqueOrThrow({ where: { txId }, select: { kind: true } }) : null;
    const journey: Journey = charge ? journeyOfCharge(charge) : "JORNADA_2";
    if (!answer.accept) {
      const descricao = "Recorrência recusada pelo pagador na leitura do QR Code.";
      const recurrence = await settleRecurrence(
        tx,
        userId,
        idRec,
        { to: "REJEITADA", codigo: answer.codigo, descricao },
        now,
      );
      return { recurrence, journey, txId: null, credit: null };
    }
    // The charge paid with the consent is the activation's (ativacao.dadosJornada.txid).
    if (txId && !served.recurrence.journeyTxId) {
      await tx.recurrence.update({ where: { idRec }, data: { journeyTxId: txId } });
    }
    const recurrence = await settleRecurrence(tx, userId, idRec, { to: "APROVADA", journey }, now);
    const credit = txId ? await payChargeFromOutside(tx, { userId, txId }) : null;
    return { recurrence, journey, txId, credit };
  });
}
