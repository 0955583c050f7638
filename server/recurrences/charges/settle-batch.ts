/**
 * The set-based path of settlement (settlement.ts): a due day of thousands of recurring charges in
 * transactions of BATCH charges each, instead of two transactions per charge.
 *
 * Each batch claims its charges with `FOR UPDATE OF c SKIP LOCKED`, so two workers take disjoint
 * batches and never wait on each other; a charge locked by anyone (a worker's batch, the
 * per-charge path, the sandbox clock) is left to them. Under the lock the batch does the plain
 * case only — the recurrence approved, the account active, the sandbox payer funded — and writes
 * the moves, their history lines and their outbox events with set-based statements in the
 * batch's transaction, the ledger credits (`receiveMany`) last, so the account's balance row is
 * locked only for the commit. Everything else (a cancelled recurrence, a rejection, a retry) is
 * left to the per-charge path, which decides it as before.
 */
import { type CalendarDate, todayInSaoPaulo } from "../../charges/due-date/calendar";
import type { Db, Tx } from "../../db/client";
import { Prisma } from "../../generated/prisma/client";
import { receiveMany } from "../../ledger/verbs";
import { coverOwedMeds } from "../../meds/owed";
import { recordEvents } from "../../outbox/record";
import { withFees } from "../../pricing/settlement";
import { attemptEndToEndId, chargeEvent, cycleCredit, firstSettlementDate } from "./lifecycle";
import type { AttemptHistoryEntry, AttemptStatus, CobrHistoryEntry, CobrStatus } from "./status";

export const BATCH = 500;
const STEP_TIMEOUT_MS = 60_000;

type Claimed = { txId: string; idRec: string; userId: string; accountId: string };

/** Which recurrences a pass settles: all, one (the sandbox clock) or a few. */
export type Scope = string | readonly string[] | undefined;
const scopeList = (scope: Scope) =>
  scope === undefined ? undefined : typeof scope === "string" ? [scope] : [...scope];

/** `AND c.id_rec = ANY(…)` when a pass is limited to some recurrences. */
export function scoped(scope: Scope) {
  const list = scopeList(scope);
  return list ? Prisma.sql`AND c.id_rec = ANY(${list}::text[])` : Prisma.empty;
}

/** The same limit as a Prisma filter of recurring charges. */
export const scopeWhere = (scope: Scope) => {
  const list = scopeList(scope);
  return list ? { idRec: { in: list } } : {};
};

/** The history line a move appends, as JSON for `history || …`. */
const line = (status: CobrStatus | AttemptStatus, now: Date) =>
  JSON.stringify([{ status, data: now.toISOString() }] as CobrHistoryEntry[] | AttemptHistoryEntry[]);

/** Moves the claimed charges (locked, in `from`) to `to` with their history line; all of them or it throws. */
async function moveClaimed(tx: Tx, claimed: Claimed[], from: CobrStatus, to: CobrStatus, now: Date, paid?: string[]) {
  const txIds = claimed.map((c) => c.txId);
  const moved = paid
    ? await tx.$executeRaw`
        UPDATE recurring_charges c SET status = ${to}, history = c.history || ${line(to, now)}::jsonb,
               paid_end_to_end_id = u.e2e
          FROM unnest(${txIds}::text[], ${paid}::text[]) AS u(tx_id, e2e)
         WHERE c.tx_id = u.tx_id AND c.status = ${from}`
    : await tx.$executeRaw`
        UPDATE recurring_charges c SET status = ${to}, history = c.history || ${line(to, now)}::jsonb
         WHERE c.tx_id = ANY(${txIds}::text[]) AND c.status = ${from}`;
  if (moved !== claimed.length) throw new Error(`recurring charges moved while locked (${moved}/${claimed.length})`);
  await recordEvents(
    tx,
    claimed.map((charge) => chargeEvent(charge, to)),
  );
}

/**
 * CRIADA → ATIVA for up to BATCH charges of approved recurrences: one INSERT of their AGND
 * attempts, one UPDATE of their status, their events. Returns how many.
 */
export async function activateBatch(db: Db, now: Date, idRec?: Scope): Promise<number> {
  return db.$transaction(
    async (tx) => {
      const rows = await tx.$queryRaw<
        (Claimed & { dueDate: Date; adjustBusinessDay: boolean; debtorDocument: string; debtorName: string })[]
      >`
        SELECT c.tx_id AS "txId", c.id_rec AS "idRec", c.user_id::text AS "userId", c.account_id AS "accountId",
               c.due_date AS "dueDate", c.adjust_business_day AS "adjustBusinessDay",
               r.debtor_document AS "debtorDocument", r.debtor_name AS "debtorName"
          FROM recurring_charges c JOIN recurrences r ON r.id_rec = c.id_rec
         WHERE c.status = 'CRIADA' AND r.status = 'APROVADA' ${scoped(idRec)}
         LIMIT ${BATCH}
           FOR UPDATE OF c SKIP LOCKED`;
      if (!rows.length) return 0;
      const at = now.toISOString();
      const history: AttemptHistoryEntry[] = [
        { status: "SOLICITADA", data: at },
        { status: "AGENDADA", data: at },
      ];
      const days: CalendarDate[] = rows.map((row) => firstSettlementDate(row));
      await tx.$executeRaw`
        INSERT INTO recurring_charge_attempts (tx_id, kind, settlement_date, status, end_to_end_id, history, created_at)
        SELECT u.tx_id, 'AGND', u.day::date, 'AGENDADA', u.e2e, ${JSON.stringify(history)}::jsonb, ${now}
          FROM unnest(${rows.map((r) => r.txId)}::text[], ${days}::text[],
                      ${rows.map((row) => attemptEndToEndId(row, now))}::text[]) AS u(tx_id, day, e2e)`;
      await moveClaimed(tx, rows, "CRIADA", "ATIVA", now);
      return rows.length;
    },
    { timeout: STEP_TIMEOUT_MS },
  );
}

type Payable = Claimed & {
  attemptId: bigint;
  endToEndId: string;
  amountCents: bigint;
  info: string | null;
  debtorDocument: string;
  debtorName: string;
};

/**
 * Pays up to BATCH attempts due by `now`'s day whose payer pays: the attempts PAGA, the charges
 * CONCLUIDA with the paying end-to-end id, their events, then one credit per charge and the
 * accounts' owed MEDs covered. Returns how many.
 */
export async function payBatch(db: Db, now: Date, idRec?: Scope): Promise<number> {
  const today = todayInSaoPaulo(now);
  return db.$transaction(
    async (tx) => {
      const rows = await tx.$queryRaw<Payable[]>`
        SELECT a.id AS "attemptId", a.end_to_end_id AS "endToEndId", c.tx_id AS "txId", c.id_rec AS "idRec",
               c.user_id::text AS "userId", c.account_id AS "accountId", c.amount_cents AS "amountCents",
               c.info, r.debtor_document AS "debtorDocument", r.debtor_name AS "debtorName"
          FROM recurring_charge_attempts a
          JOIN recurring_charges c ON c.tx_id = a.tx_id
          JOIN recurrences r ON r.id_rec = c.id_rec
          JOIN accounts ac ON ac.id = c.account_id
          LEFT JOIN sandbox_recurrence_payers p ON p.id_rec = c.id_rec
         WHERE a.status = 'AGENDADA' AND a.settlement_date <= ${today}::date AND c.status = 'ATIVA'
           AND r.status = 'APROVADA' AND ac.status = 'active' AND p.failure_code IS NULL ${scoped(idRec)}
         LIMIT ${BATCH}
           FOR UPDATE OF c SKIP LOCKED`;
      if (!rows.length) return 0;
      const closed = await tx.$executeRaw`
        UPDATE recurring_charge_attempts SET status = 'PAGA', history = history || ${line("PAGA", now)}::jsonb,
               rejection = NULL
         WHERE id = ANY(${rows.map((r) => r.attemptId.toString())}::text[]::bigint[]) AND status = 'AGENDADA'`;
      if (closed !== rows.length)
        throw new Error(`recurring charge attempts moved while locked (${closed}/${rows.length})`);
      await moveClaimed(
        tx,
        rows,
        "ATIVA",
        "CONCLUIDA",
        now,
        rows.map((r) => r.endToEndId),
      );
      const accountIds = [...new Set(rows.map((r) => r.accountId))];
      const accounts = new Map(
        (await tx.account.findMany({ where: { id: { in: accountIds } } })).map((account) => [account.id, account]),
      );
      const credits = rows.map((row) => {
        const account = accounts.get(row.accountId);
        if (!account) throw new Error(`account ${row.accountId} vanished`);
        const rec = { idRec: row.idRec, debtorDocument: row.debtorDocument, debtorName: row.debtorName };
        return { credit: cycleCredit(row, rec, row.endToEndId, account), product: "pix_in_automatic" as const };
      });
      await receiveMany(tx, await withFees(tx, credits, now));
      for (const accountId of accountIds) await coverOwedMeds(tx, accountId);
      return rows.length;
    },
    { timeout: STEP_TIMEOUT_MS },
  );
}

/** Runs `batch` until it finds fewer than BATCH charges to take; the total taken. */
export async function drain(
  batch: (db: Db, now: Date, idRec?: Scope) => Promise<number>,
  db: Db,
  now: Date,
  idRec?: Scope,
) {
  let total = 0;
  for (;;) {
    const taken = await batch(db, now, idRec);
    total += taken;
    if (taken < BATCH) return total;
  }
}
