/**
 * Settling recurring charges (docs/decisions/0041-pix-automatico-recurring-charges.md). The
 * simulated payer's institution schedules a new charge's first attempt (CRIADA → ATIVA); on its
 * day the attempt is paid or rejected as the sandbox payer says; a paid one credits the merchant
 * like any received PIX, in the transaction that concludes the charge and records its event.
 *
 * Exactly once: every step locks the charge's row first and re-reads it, so two runs (two workers,
 * a worker and the sandbox clock, a run retried after a crash) serialise and the second finds
 * nothing left to do; a crash rolls the whole step back. Behind that, the partial unique indexes
 * (one open and one paid attempt per charge, one live charge per cycle) and the ledger entry's id
 * (the attempt's end-to-end id) make a second credit impossible.
 */
import { type CalendarDate, plusDays, todayInSaoPaulo } from "../../charges/due-date/calendar";
import { dateText } from "../../charges/due-date/record";
import type { Db, Tx } from "../../db/client";
import type { Account, Recurrence, RecurringChargeAttempt } from "../../generated/prisma/client";
import { receive } from "../../ledger/verbs";
import { coverOwedMeds } from "../../meds/owed";
import { pixRail } from "../../pix/current-rail";
import { withFee } from "../../pricing/settlement";
import {
  addAttempt,
  announce,
  closeAttempt,
  cycleCredit,
  firstSettlementDate,
  moveCharge,
  withAttempts,
} from "./lifecycle";
import type { ChargeWithAttempts } from "./model";
import { payOverTheNetwork } from "./over-the-network";
import { mayRetryOn } from "./retries";
import { cancelCharge } from "./service";
import { activateBatch, BATCH, drain, payBatch, type Scope, scoped, scopeWhere } from "./settle-batch";
import { type AttemptStatus, type CobrRejectCode, endsCharge, OPEN_ATTEMPT } from "./status";

const STEP_TIMEOUT_MS = 30_000;

/** What a failed attempt's code means, as the charge's `rejeicao` says it. */
const REJECTION_TEXT = "Tentativa rejeitada pelo participante do pagador.";

/** Locks the charge's row; false when there is none. */
async function locked(tx: Tx, txId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<
    { tx_id: string }[]
  >`SELECT tx_id FROM recurring_charges WHERE tx_id = ${txId} FOR UPDATE`;
  return rows.length > 0;
}

/** Locks the charge's row and reads it with its attempts: the start of every step. */
async function lockedCharge(tx: Tx, txId: string): Promise<ChargeWithAttempts | null> {
  return (await locked(tx, txId)) ? withAttempts(tx, txId) : null;
}

const openAttemptOf = (charge: ChargeWithAttempts) =>
  charge.attempts.find((attempt) => OPEN_ATTEMPT.includes(attempt.status as AttemptStatus));

/**
 * `lockedCharge` with what settling it reads — its recurrence and the sandbox payer — in the same
 * read, so an attempt does not read them again and again (runAttempt).
 */
async function lockedForSettling(tx: Tx, txId: string) {
  if (!(await locked(tx, txId))) return null;
  return tx.recurringCharge.findUniqueOrThrow({
    where: { txId },
    include: { attempts: { orderBy: { id: "asc" } }, recurrence: { include: { sandboxPayer: true } } },
  });
}

/** A charge whose recurrence is no longer approved is cancelled instead of charged. */
async function cancelledWithRecurrence(
  tx: Tx,
  charge: ChargeWithAttempts,
  now: Date,
  read?: Recurrence,
): Promise<boolean> {
  const rec = read ?? (await tx.recurrence.findUniqueOrThrow({ where: { idRec: charge.idRec } }));
  if (rec.status === "APROVADA") return false;
  await cancelCharge(
    tx,
    charge,
    { solicitante: "PSP_RECEBEDOR", codigo: "CCLD", descricao: `A recorrência está ${rec.status}.` },
    now,
  );
  return true;
}

/** CRIADA → ATIVA: the payer's institution schedules the first attempt (AGND) for its settlement day. */
export async function activateCharge(db: Db, txId: string, now = new Date()): Promise<boolean> {
  return db.$transaction(
    async (tx) => {
      const charge = await lockedCharge(tx, txId);
      if (charge?.status !== "CRIADA") return false;
      if (await cancelledWithRecurrence(tx, charge, now)) return false;
      await addAttempt(tx, charge, "AGND", firstSettlementDate(charge), now);
      return moveCharge(tx, charge, "ATIVA", now);
    },
    { timeout: STEP_TIMEOUT_MS },
  );
}

/** `network`: the payer pays, with a pacs.008 the network brings (over-the-network.ts) */
export type AttemptOutcome = "paid" | "failed" | "cancelled" | "skipped" | "network";

/** Credits the merchant with the charge's amount less its fee: a received PIX whose id is the attempt's end-to-end id. */
async function credit(
  tx: Tx,
  charge: ChargeWithAttempts,
  attempt: RecurringChargeAttempt,
  { rec, account }: { rec: Recurrence; account: Account },
) {
  await receive(tx, await withFee(tx, cycleCredit(charge, rec, attempt.endToEndId, account), "pix_in_automatic"));
  await coverOwedMeds(tx, account.id);
}

/** After a failed attempt: rejected for good, out of chances (EXPIRADA), or left ATIVA for a retry. */
async function afterFailure(
  tx: Tx,
  charge: ChargeWithAttempts,
  rec: Recurrence,
  code: CobrRejectCode,
  day: CalendarDate,
  now: Date,
) {
  const rejeicao = { codigo: code, descricao: REJECTION_TEXT };
  if (endsCharge(code)) return moveCharge(tx, charge, "REJEITADA", now, { closure: { rejeicao } });
  const after = await withAttempts(tx, charge.txId);
  if (!mayRetryOn(after, rec.retryPolicy, plusDays(day, 1))) return moveCharge(tx, charge, "EXPIRADA", now);
  await announce(tx, charge, "ATIVA");
  return true;
}

/**
 * Runs one scheduled attempt: the payer pays (PAGA, the merchant credited, the charge CONCLUIDA)
 * or not (REJEITADA with the payer's code). Skipped when someone else ran it first. With
 * `paidOverTheNetwork` a paying payer changes nothing here: its institution's pacs.008 settles it
 * (arrival.ts).
 */
export async function runAttempt(
  db: Db,
  attemptId: bigint,
  now = new Date(),
  paidOverTheNetwork = false,
): Promise<AttemptOutcome> {
  return db.$transaction(
    async (tx) => {
      const found = await tx.recurringChargeAttempt.findUnique({ where: { id: attemptId }, select: { txId: true } });
      const charge = found ? await lockedForSettling(tx, found.txId) : null;
      const attempt = charge?.attempts.find((a) => a.id === attemptId);
      if (!charge || !attempt || attempt.status !== "AGENDADA" || charge.status !== "ATIVA") return "skipped";
      const rec = charge.recurrence;
      if (await cancelledWithRecurrence(tx, charge, now, rec)) return "cancelled";
      const account = await tx.account.findUniqueOrThrow({ where: { id: charge.accountId } });
      const failure: CobrRejectCode | null =
        account.status !== "active" ? "AC06" : ((rec.sandboxPayer?.failureCode as CobrRejectCode | null) ?? null);
      if (failure === null && paidOverTheNetwork) return "network";
      if (failure === null) {
        if (!(await closeAttempt(tx, attempt, "PAGA", now))) return "skipped";
        await credit(tx, charge, attempt, { rec, account });
        if (!(await moveCharge(tx, charge, "CONCLUIDA", now, { paidEndToEndId: attempt.endToEndId }))) {
          throw new Error(`recurring charge ${charge.txId} moved while locked`);
        }
        return "paid";
      }
      const rejection = { codigo: failure, descricao: REJECTION_TEXT };
      if (!(await closeAttempt(tx, attempt, "REJEITADA", now, rejection))) return "skipped";
      await afterFailure(tx, charge, rec, failure, dateText(attempt.settlementDate), now);
      return "failed";
    },
    { timeout: STEP_TIMEOUT_MS },
  );
}

/**
 * An ATIVA charge whose last attempt failed and that has none open: past its window it expires;
 * from the day after the failure, when the merchant asked no retry, one is made for the day.
 * Returns the new attempt's id to run, or null.
 */
export async function followUpCharge(db: Db, txId: string, now = new Date()): Promise<bigint | null> {
  const today = todayInSaoPaulo(now);
  return db.$transaction(
    async (tx) => {
      const charge = await lockedCharge(tx, txId);
      if (charge?.status !== "ATIVA" || openAttemptOf(charge)) return null;
      const last = charge.attempts.at(-1);
      if (!last || dateText(last.settlementDate) >= today) return null;
      if (await cancelledWithRecurrence(tx, charge, now)) return null;
      const rec = await tx.recurrence.findUniqueOrThrow({ where: { idRec: charge.idRec } });
      if (!mayRetryOn(charge, rec.retryPolicy, today)) {
        await moveCharge(tx, charge, "EXPIRADA", now);
        return null;
      }
      const attempt = await addAttempt(tx, charge, "RIFL", today, now);
      await announce(tx, charge, "ATIVA");
      return attempt.id;
    },
    { timeout: STEP_TIMEOUT_MS },
  );
}

export type SettlementReport = { activated: number; paid: number; failed: number; cancelled: number; retried: number };

/** What is left to a charge at a time, of what no one holds locked now (a batch of a concurrent pass holds its own). */
const unlockedCreated = (db: Db, idRec?: Scope) =>
  db.$queryRaw<{ txId: string }[]>`
    SELECT c.tx_id AS "txId" FROM recurring_charges c WHERE c.status = 'CRIADA' ${scoped(idRec)}
     LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`;
const unlockedDue = (db: Db, today: CalendarDate, idRec?: Scope) =>
  db.$queryRaw<{ id: bigint }[]>`
    SELECT a.id FROM recurring_charge_attempts a JOIN recurring_charges c ON c.tx_id = a.tx_id
     WHERE a.status = 'AGENDADA' AND a.settlement_date <= ${today}::date ${scoped(idRec)}
     ORDER BY a.id LIMIT ${BATCH} FOR UPDATE OF c SKIP LOCKED`;

/**
 * One pass of the settlement job at `now`: schedules new charges, runs the attempts due by today,
 * then retries or expires the failed ones. The plain cases go in batches (settle-batch.ts) until
 * none is left; what they leave (a recurrence no longer approved, a payer who does not pay) goes
 * charge by charge, BATCH of each per pass. `idRec` limits the pass to one recurrence (the sandbox
 * clock runs a recurrence's cycle at a day of its own) or a few.
 */
export async function settleRecurringCharges(db: Db, now = new Date(), idRec?: Scope): Promise<SettlementReport> {
  const today = todayInSaoPaulo(now);
  const report: SettlementReport = { activated: 0, paid: 0, failed: 0, cancelled: 0, retried: 0 };
  const scope = scopeWhere(idRec);
  report.activated += await drain(activateBatch, db, now, idRec);
  for (const { txId } of await unlockedCreated(db, idRec))
    if (await activateCharge(db, txId, now)) report.activated += 1;
  // On the PIX network the payer's institution pays with a pacs.008: nothing is credited here
  const overTheNetwork = pixRail().name === "network";
  if (!overTheNetwork) report.paid += await drain(payBatch, db, now, idRec);
  const run = async (attemptId: bigint) => {
    const outcome = await runAttempt(db, attemptId, now, overTheNetwork);
    if (outcome === "network") {
      if (await payOverTheNetwork(db, attemptId)) report.paid += 1;
    } else if (outcome !== "skipped") report[outcome] += 1;
  };
  for (const { id } of await unlockedDue(db, today, idRec)) await run(id);
  const failing = await db.recurringCharge.findMany({
    where: { ...scope, status: "ATIVA", attempts: { none: { status: { in: [...OPEN_ATTEMPT] } } } },
    select: { txId: true },
    take: BATCH,
  });
  for (const { txId } of failing) {
    const retry = await followUpCharge(db, txId, now);
    if (retry === null) continue;
    report.retried += 1;
    await run(retry);
  }
  return report;
}
