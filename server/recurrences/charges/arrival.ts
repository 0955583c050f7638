/**
 * A recurring charge paid over the network (PIX_RAIL=network): on the attempt's day the payer's
 * institution sends a pacs.008 of Pix Automático (`AUTO`) carrying the charge's txid and the
 * attempt's end-to-end id. The incoming state machine (server/pix/incoming.ts) asks here whether
 * to accept it, and on the SPI's settlement concludes the charge: the attempt PAGA, the merchant
 * credited, the charge CONCLUIDA, in the settlement's transaction, once.
 */
import type { Tx } from "../../db/client";
import type { Account, LedgerEntry } from "../../generated/prisma/client";
import type { Party } from "../../ledger/parties";
import { receive } from "../../ledger/verbs";
import { coverOwedMeds } from "../../meds/owed";
import { withFee } from "../../pricing/settlement";
import { closeAttempt, cycleCredit, moveCharge, withAttempts } from "./lifecycle";
import { type AttemptStatus, OPEN_ATTEMPT } from "./status";

/** What a pacs.008 of Pix Automático says of the charge it pays. */
export type RecurringPayment = { txId: string; endToEndId: string; amountCents: bigint; payer: Party };

/** Why such a payment is refused (the pacs.002's reason), or null when it pays an open attempt. */
export async function recurringPaymentRefusal(
  tx: Tx,
  account: Account,
  payment: RecurringPayment,
): Promise<"AC03" | "AM09" | "DS04" | null> {
  const charge = await tx.recurringCharge.findUnique({
    where: { txId: payment.txId },
    include: { attempts: true, recurrence: { select: { status: true } } },
  });
  if (!charge || charge.accountId !== account.id) return "AC03";
  const open = charge.attempts.find((attempt) => OPEN_ATTEMPT.includes(attempt.status as AttemptStatus));
  if (charge.status !== "ATIVA" || charge.recurrence.status !== "APROVADA" || open?.endToEndId !== payment.endToEndId)
    return "DS04";
  return charge.amountCents === payment.amountCents ? null : "AM09";
}

/**
 * The settled payment concludes its charge; null when the charge no longer waits for it (cancelled
 * or paid in between): the caller credits the money as a plain PIX.
 */
export async function settleRecurringPayment(
  tx: Tx,
  account: Account,
  payment: RecurringPayment,
  now: Date,
): Promise<LedgerEntry | null> {
  const [row] = await tx.$queryRaw<{ tx_id: string }[]>`
    SELECT tx_id FROM recurring_charges WHERE tx_id = ${payment.txId} FOR UPDATE`;
  if (!row) return null;
  const charge = await withAttempts(tx, payment.txId);
  const attempt = charge.attempts.find(
    (a) => a.endToEndId === payment.endToEndId && OPEN_ATTEMPT.includes(a.status as AttemptStatus),
  );
  if (charge.status !== "ATIVA" || charge.accountId !== account.id || !attempt) return null;
  if (charge.amountCents !== payment.amountCents) return null;
  const rec = await tx.recurrence.findUniqueOrThrow({ where: { idRec: charge.idRec } });
  if (!(await closeAttempt(tx, attempt, "PAGA", now))) return null;
  const gross = { ...cycleCredit(charge, rec, payment.endToEndId, account), payer: payment.payer };
  const credit = await receive(tx, await withFee(tx, gross, "pix_in_automatic", now));
  await coverOwedMeds(tx, account.id);
  if (!(await moveCharge(tx, charge, "CONCLUIDA", now, { paidEndToEndId: payment.endToEndId }))) {
    throw new Error(`recurring charge ${charge.txId} moved while locked`);
  }
  return credit;
}
