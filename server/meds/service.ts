/**
 * MEDs (interface 2.6, 3.2; docs/decisions/0012-meds.md). Another institution opens a MED on a
 * PIX this platform received: the disputed amount is blocked on the credit entry (up to what is
 * available; the rest is owed). `accepted` gives the blocked money back to the payer as a refund,
 * `rejected` releases it. Each change is one transaction with its outbox events.
 */
import { randomUUID } from "node:crypto";
import { type AuditActor, recordAudit } from "../audit/log";
import type { Db, Tx } from "../db/client";
import { inTransaction } from "../db/transaction";
import { AppError, invalid, notFound } from "../errors";
import { UUID_PATTERN } from "../fields/ids";
import { type Med, Prisma } from "../generated/prisma/client";
import { markDisputed } from "../ledger/annotations";
import { END_TO_END_PATTERN } from "../ledger/ids";
import type { Entry } from "../ledger/types";
import { block, unblock } from "../ledger/verbs";
import { recordEvent } from "../outbox/record";
import { refundableCents, requestRefund } from "../refunds/service";
import { coverOwedMeds } from "./owed";
import { medSnapshot, recordAnalysisAudit } from "./snapshot";

export const DEFENSE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
export const DEFAULT_PSP_CREATOR = "Instituição do pagador";
export type MedStatus = Med["status"];

async function medEvent(tx: Tx, topic: "med.created" | "med.defense_submitted" | "med.resolved", med: Med) {
  await recordEvent(tx, {
    topic,
    accountId: med.accountId,
    userId: med.userId,
    entryId: med.endToEndId,
    payload: medSnapshot(med),
  });
}

/** The received PIX, locked: a settled `pix_in:*` credit of the caller's. */
async function lockReceived(tx: Tx, userId: string, endToEndId: string): Promise<Entry> {
  const [row] = await tx.$queryRaw<{ seq: bigint }[]>`
    SELECT ledger_lock_entry(seq) AS seq FROM (
      SELECT seq FROM ledger_entries
       WHERE end_to_end_id = ${endToEndId} AND user_id = ${userId}::uuid AND type = 'credit'
         AND reason LIKE 'pix_in:%' AND status = 'succeeded'
       ORDER BY seq DESC LIMIT 1) received`;
  if (!row) throw notFound("received PIX not found");
  return (await tx.ledgerEntry.findUniqueOrThrow({ where: { seq: row.seq } })) as Entry;
}

/** Another institution opens a MED on a received PIX (sandbox door, connector later). */
export async function openMed(
  db: Db | Tx,
  input: { userId: string; endToEndId: string; details?: string | null; pspCreatorName?: string; now?: Date },
): Promise<Med> {
  if (!END_TO_END_PATTERN.test(input.endToEndId))
    throw invalid("endToEndId is not a valid end-to-end id", "endToEndId");
  const now = input.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const entry = await lockReceived(tx, input.userId, input.endToEndId);
    if (entry.medId) throw new AppError("CONFLICT", "a MED is already open on this PIX");
    const disputed = await refundableCents(tx, entry);
    if (disputed <= 0n) throw new AppError("NOT_REFUNDABLE", "this PIX was already refunded in full");
    const blocked = await block(tx, entry, disputed);
    const med = await tx.med.create({
      data: {
        id: randomUUID(),
        accountId: entry.accountId,
        userId: entry.userId,
        endToEndId: input.endToEndId,
        entrySeq: entry.seq,
        pspCreatorName: input.pspCreatorName ?? DEFAULT_PSP_CREATOR,
        details: input.details ?? "",
        disputedCents: disputed,
        blockedCents: blocked,
        defenseDeadline: new Date(now.getTime() + DEFENSE_WINDOW_MS),
        createdAt: now,
        updatedAt: now,
      },
    });
    await markDisputed(tx, entry, { id: med.id, createdAt: now });
    await medEvent(tx, "med.created", med);
    return med;
  });
}

async function lockMed(tx: Tx, where: Prisma.Sql): Promise<Med | null> {
  const [row] = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM meds WHERE ${where} FOR UPDATE`;
  return row ? tx.med.findUnique({ where: { id: row.id } }) : null;
}

/** The merchant's defense: once, before the deadline, while under analysis. */
export async function submitDefense(
  db: Db | Tx,
  input: { userId: string; endToEndId: string; description: string; files?: string[]; now?: Date },
): Promise<Med> {
  const now = input.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const med = await lockMed(
      tx,
      Prisma.sql`user_id = ${input.userId}::uuid AND end_to_end_id = ${input.endToEndId} ORDER BY created_at DESC LIMIT 1`,
    );
    if (!med) throw notFound("MED not found");
    if (med.defenseCreatedAt) throw new AppError("CONFLICT", "a defense was already submitted for this MED");
    if (med.status !== "under_analysis") throw new AppError("CONFLICT", "this MED is already resolved");
    if (now.getTime() > med.defenseDeadline.getTime())
      throw new AppError("DEADLINE_EXPIRED", "the defense deadline has passed");
    const updated = await tx.med.update({
      where: { id: med.id },
      data: { defenseDescription: input.description, defenseFiles: input.files ?? [], defenseCreatedAt: now },
    });
    await medEvent(tx, "med.defense_submitted", updated);
    return updated;
  });
}

/** Whether the merchant can still defend: no defense in and the deadline not passed. */
export const defensePending = (med: Pick<Med, "status" | "defenseCreatedAt" | "defenseDeadline">, now: Date) =>
  med.status === "under_analysis" && !med.defenseCreatedAt && now.getTime() <= med.defenseDeadline.getTime();

export type MedDecision = {
  medId: string;
  status: "accepted" | "rejected";
  userId?: string;
  actor?: AuditActor;
  /**
   * The text the merchant reads as the decision's reasons (`legalAnalysis`), saved with the
   * decision by the actor; omitted, a saved analysis stays as it is.
   */
  analysis?: string;
  /**
   * "refuse": a decision while the merchant can still defend is refused (CONFLICT,
   * MED_DEFENSE_PENDING), the back office's default until the admin confirms. The sandbox's
   * institution and the CLI decide when they like ("allow", the default).
   */
  early?: "refuse" | "allow";
  now?: Date;
};

/**
 * The decision (sandbox door, CLI, admin back office). The block ends either way; `accepted`
 * refunds what was blocked (a `D…` refund through the rail, settled later). With an `actor` (an
 * administrator or an operator) the decision, and the analysis when it changed, are written to
 * the audit log in the same transaction.
 */
export async function resolveMed(db: Db | Tx, input: MedDecision): Promise<Med> {
  const now = input.now ?? new Date();
  if (!UUID_PATTERN.test(input.medId)) throw notFound("MED not found");
  return inTransaction(db, async (tx) => {
    const owner = input.userId ? Prisma.sql` AND user_id = ${input.userId}::uuid` : Prisma.empty;
    // Account row before MED row, the order of the credit path (owed.ts), so the two never deadlock.
    const [found] = await tx.$queryRaw<{ account_id: string }[]>`
      SELECT account_id FROM meds WHERE id = ${input.medId}::uuid${owner}`;
    if (!found) throw notFound("MED not found");
    await tx.$queryRaw`SELECT 1 FROM accounts WHERE id = ${found.account_id} FOR UPDATE`;
    const med = await lockMed(tx, Prisma.sql`id = ${input.medId}::uuid${owner}`);
    if (!med) throw notFound("MED not found");
    if (med.status !== "under_analysis") throw new AppError("CONFLICT", "this MED is already resolved");
    if (input.early === "refuse" && defensePending(med, now))
      throw new AppError(
        "CONFLICT",
        "the merchant's defense is not in and its deadline has not passed: confirm the early decision",
        "confirmEarly",
        "MED_DEFENSE_PENDING",
      );
    const entry = (await tx.ledgerEntry.findUniqueOrThrow({ where: { seq: med.entrySeq } })) as Entry;
    if (med.blockedCents > 0n) await unblock(tx, entry, med.blockedCents);
    let refundedEndToEndId: string | null = null;
    // never more than is still refundable (the merchant may have refunded part meanwhile)
    const refundable = input.status === "accepted" ? await refundableCents(tx, entry) : 0n;
    const toRefund = med.blockedCents < refundable ? med.blockedCents : refundable;
    if (toRefund > 0n) {
      const refund = await requestRefund(tx, {
        userId: med.userId,
        endToEndId: med.endToEndId,
        amountCents: toRefund,
        description: `MED ${med.id}`,
        now,
        returnReason: "FR01",
      });
      refundedEndToEndId = refund.endToEndId;
    }
    const analysisChanged = input.analysis !== undefined && !!input.actor && input.analysis !== med.legalConsiderations;
    const resolved = await tx.med.update({
      where: { id: med.id },
      data: {
        status: input.status,
        blockedCents: 0n,
        refundedEndToEndId,
        resolvedAt: now,
        ...(analysisChanged
          ? { legalConsiderations: input.analysis, legalCreatedBy: input.actor?.email, legalCreatedAt: now }
          : {}),
      },
    });
    await medEvent(tx, "med.resolved", resolved);
    // What the block released and no refund took (all of it on a rejection) is available again,
    // so another open MED of the account may take it.
    await coverOwedMeds(tx, med.accountId);
    if (input.actor) {
      if (analysisChanged) {
        await recordAnalysisAudit(tx, input.actor, med, resolved);
      }
      await recordAudit(tx, {
        actor: input.actor,
        action: `med.${input.status === "accepted" ? "accept" : "reject"}`,
        targetType: "med",
        targetId: med.id,
        before: medSnapshot(med),
        after: medSnapshot(resolved),
      });
    }
    return resolved;
  });
}

export type MedFilter = { status?: MedStatus; startDate?: Date; endDate?: Date; page: number; limit: number };

/** The caller's MEDs, newest first, with the total for the pagination envelope. */
export async function listMeds(
  db: Db | Tx,
  owner: { userId?: string },
  filter: MedFilter,
): Promise<{ items: Med[]; total: number }> {
  const where: Prisma.MedWhereInput = {
    ...(owner.userId ? { userId: owner.userId } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.startDate || filter.endDate
      ? {
          createdAt: {
            ...(filter.startDate ? { gte: filter.startDate } : {}),
            ...(filter.endDate ? { lte: filter.endDate } : {}),
          },
        }
      : {}),
  };
  const [items, total] = await Promise.all([
    db.med.findMany({
      where,
      orderBy: { createdAt: "desc" },
      skip: (filter.page - 1) * filter.limit,
      take: filter.limit,
    }),
    db.med.count({ where }),
  ]);
  return { items, total };
}

/** The credit entries the MEDs dispute, by seq (for their views). */
export async function entriesOf(db: Db | Tx, meds: Med[]) {
  const entries = await db.ledgerEntry.findMany({ where: { seq: { in: meds.map((m) => m.entrySeq) } } });
  const bySeq = new Map(entries.map((e) => [e.seq, e]));
  return meds.flatMap((med) => {
    const entry = bySeq.get(med.entrySeq);
    return entry ? [{ med, entry }] : [];
  });
}
