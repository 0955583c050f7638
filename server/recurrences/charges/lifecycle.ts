/**
 * The moves of a recurring charge and its attempts, each conditional on the status read (a move
 * that lost a race changes nothing and says so) and each recorded with its outbox event
 * `recurring_charge.updated` in the caller's transaction.
 */
import { type CalendarDate, rollToBusinessDay } from "../../charges/due-date/calendar";
import { dateColumn, dateText } from "../../charges/due-date/record";
import type { Tx } from "../../db/client";
import {
  type Account,
  Prisma,
  type Recurrence,
  type RecurringCharge,
  type RecurringChargeAttempt,
} from "../../generated/prisma/client";
import { newEndToEndId } from "../../ledger/ids";
import { platformParty } from "../../ledger/parties";
import type { Received } from "../../ledger/verbs";
import { type OutboxEventInput, recordEvent } from "../../outbox/record";
import { pixRail } from "../../pix/current-rail";
import { RecurrenceRefused } from "../model";
import type { ChargeWithAttempts } from "./model";
import {
  type AttemptHistoryEntry,
  type AttemptKind,
  type AttemptStatus,
  type CobrClosure,
  type CobrHistoryEntry,
  type CobrStatus,
  canMove,
  type Rejection,
} from "./status";

type RecurrenceDebtor = Pick<Recurrence, "idRec" | "debtorDocument" | "debtorName">;

/** The recurrence's payer at its institution, the same every cycle. */
export const payerOfRecurrence = (rec: RecurrenceDebtor) =>
  pixRail().counterparty(`payer-of-${rec.idRec}`, {
    cpfCnpj: rec.debtorDocument,
    name: rec.debtorName,
    personType: rec.debtorDocument.length === 11 ? "person" : "company",
  });

/** An attempt's end-to-end id: the payer's institution, which schedules and pays it, makes it. */
export const attemptEndToEndId = (rec: RecurrenceDebtor, now: Date) =>
  newEndToEndId("E", payerOfRecurrence(rec).ispb, now);

/**
 * The credit a paid attempt brings: a received PIX whose id is the attempt's end-to-end id, from
 * the recurrence's debtor, to the charge's account (one shape for the per-charge and batch paths).
 */
export function cycleCredit(
  charge: Pick<RecurringCharge, "txId" | "amountCents" | "info">,
  rec: RecurrenceDebtor,
  endToEndId: string,
  account: Account,
): Received {
  return {
    endToEndId,
    accountId: account.id,
    userId: account.userId,
    reason: "pix_in:credited",
    grossCents: charge.amountCents,
    entryRef: charge.txId,
    description: charge.info,
    payer: payerOfRecurrence(rec),
    receiver: platformParty(account),
  };
}

/** The day the first attempt settles: the due date, or the next business day when asked to adjust. */
export function firstSettlementDate(charge: Pick<RecurringCharge, "dueDate" | "adjustBusinessDay">): CalendarDate {
  const due = dateText(charge.dueDate);
  return charge.adjustBusinessDay ? rollToBusinessDay(due) : due;
}

/** The charge with its attempts, oldest first. */
export async function withAttempts(tx: Tx, txId: string): Promise<ChargeWithAttempts> {
  return tx.recurringCharge.findUniqueOrThrow({
    where: { txId },
    include: { attempts: { orderBy: { id: "asc" } } },
  });
}

type Announced = Pick<RecurringCharge, "txId" | "idRec" | "userId" | "accountId">;

/** The event `recurring_charge.updated` of a charge now in `status` (one, or a batch's, settle-batch.ts). */
export const chargeEvent = (charge: Announced, status: CobrStatus): OutboxEventInput => ({
  topic: "recurring_charge.updated",
  accountId: charge.accountId,
  userId: charge.userId,
  entryId: charge.txId,
  payload: { txid: charge.txId, idRec: charge.idRec, status },
});

/** Tells whoever listens (webhookcobr) that the charge or one of its attempts changed. */
export async function announce(tx: Tx, charge: Announced, status: CobrStatus) {
  await recordEvent(tx, chargeEvent(charge, status));
}

/**
 * Moves the charge from the status read to `to`, with its line of history and closure. Returns
 * false when someone else moved it first (nothing written).
 */
export async function moveCharge(
  tx: Tx,
  charge: RecurringCharge,
  to: CobrStatus,
  now: Date,
  extra: { closure?: CobrClosure; paidEndToEndId?: string } = {},
): Promise<boolean> {
  const from = charge.status as CobrStatus;
  if (!canMove(from, to)) {
    throw new RecurrenceRefused([{ propriedade: "status", razao: `Uma cobrança ${from} não passa a ${to}.` }]);
  }
  const history: CobrHistoryEntry[] = [
    ...(charge.history as CobrHistoryEntry[]),
    { status: to, data: now.toISOString() },
  ];
  const moved = await tx.recurringCharge.updateMany({
    where: { txId: charge.txId, status: from },
    data: {
      status: to,
      history,
      ...(extra.closure ? { closure: extra.closure as Prisma.InputJsonValue } : {}),
      ...(extra.paidEndToEndId ? { paidEndToEndId: extra.paidEndToEndId } : {}),
    },
  });
  if (moved.count !== 1) return false;
  await announce(tx, charge, to);
  return true;
}

/**
 * A new attempt to settle the charge on `date`. The simulated payer's institution schedules it at
 * once, so it is recorded as asked (SOLICITADA) and scheduled (AGENDADA). The partial unique index
 * keeps one open attempt per charge; a concurrent second one fails with P2002.
 */
export async function addAttempt(
  tx: Tx,
  charge: RecurringCharge,
  kind: AttemptKind,
  date: CalendarDate,
  now: Date,
): Promise<RecurringChargeAttempt> {
  const at = now.toISOString();
  const history: AttemptHistoryEntry[] = [
    { status: "SOLICITADA", data: at },
    { status: "AGENDADA", data: at },
  ];
  const rec = await tx.recurrence.findUniqueOrThrow({
    where: { idRec: charge.idRec },
    select: { idRec: true, debtorDocument: true, debtorName: true },
  });
  return tx.recurringChargeAttempt.create({
    data: {
      txId: charge.txId,
      kind,
      settlementDate: dateColumn(date),
      status: "AGENDADA",
      endToEndId: attemptEndToEndId(rec, now),
      history,
      createdAt: now,
    },
  });
}

/** Moves an open attempt to its outcome; false when it was no longer open (someone else settled it). */
export async function closeAttempt(
  tx: Tx,
  attempt: RecurringChargeAttempt,
  to: Exclude<AttemptStatus, "SOLICITADA" | "AGENDADA">,
  now: Date,
  rejection?: Rejection,
): Promise<boolean> {
  const history: AttemptHistoryEntry[] = [
    ...(attempt.history as AttemptHistoryEntry[]),
    { status: to, data: now.toISOString() },
  ];
  const moved = await tx.recurringChargeAttempt.updateMany({
    where: { id: attempt.id, status: { in: ["SOLICITADA", "AGENDADA"] } },
    data: { status: to, history, ...(rejection ? { rejection } : { rejection: Prisma.DbNull }) },
  });
  return moved.count === 1;
}
