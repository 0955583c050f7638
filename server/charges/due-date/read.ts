/** Reading due-date charges (cobv): one at any revision, a page of them. Tenant-scoped. */
import type { Db, Tx } from "../../db/client";
import { notFound } from "../../errors";
import type { Charge, Prisma } from "../../generated/prisma/client";
import type { CobFilters } from "../cob";
import { chargeStatusOf } from "../cob-status";
import { chargeOfCaller } from "../revisions";
import { dateColumn } from "./record";
import { refused } from "./refusal";

/** Beyond any real list: a page this far answers empty (the query layer takes a 32-bit offset). */
const MAX_SKIP = 2_000_000_000;

/** The caller's cobv, at `revision` when asked; 404 when unknown or someone else's. */
export async function getDueDateCharge(db: Db | Tx, userId: string, txId: string, revision?: number): Promise<Charge> {
  const missing = () => refused("revisao", "A cobrança não tem a revisão pedida.");
  const charge = await chargeOfCaller(db as Tx, { userId, txId, kind: "cobv", revision }, missing);
  if (!charge) throw notFound("cobv not found");
  return charge;
}

export type DueDateChargeFilters = CobFilters & {
  /** due date (as written) in [dueFrom, dueTo], YYYY-MM-DD */
  dueFrom?: string | undefined;
  dueTo?: string | undefined;
  /** payer's name contains (case-insensitive) */
  debtorName?: string | undefined;
  /** sent in this batch of the caller's (lotecobv) */
  batchId?: bigint | undefined;
  /** newest first (the account surface's order); oldest first when absent (the API Pix's) */
  newestFirst?: boolean;
};

/** A page (0-based) of the caller's cobvs created in [inicio, fim], oldest (or newest) first, and the total. */
export async function listDueDateCharges(db: Db | Tx, userId: string, filters: DueDateChargeFilters) {
  const status = filters.status ? chargeStatusOf(filters.status) : null;
  const due =
    filters.dueFrom || filters.dueTo
      ? {
          dueDate: {
            ...(filters.dueFrom ? { gte: dateColumn(filters.dueFrom) } : {}),
            ...(filters.dueTo ? { lte: dateColumn(filters.dueTo) } : {}),
          },
        }
      : {};
  const where: Prisma.ChargeWhereInput = {
    userId,
    kind: "cobv",
    createdAt: { gte: filters.inicio, lte: filters.fim },
    ...due,
    ...(filters.debtorDocument ? { debtorDocument: filters.debtorDocument } : {}),
    ...(filters.debtorName ? { debtorName: { contains: filters.debtorName, mode: "insensitive" } } : {}),
    ...(status ? { status } : {}),
    ...(filters.locationPresent === undefined ? {} : { locationId: filters.locationPresent ? { not: null } : null }),
    ...(filters.batchId === undefined ? {} : { txId: { in: await batchTxIds(db, userId, filters.batchId) } }),
  };
  const [charges, total] = await Promise.all([
    db.charge.findMany({
      where,
      orderBy: filters.newestFirst
        ? [{ createdAt: "desc" }, { txId: "desc" }]
        : [{ createdAt: "asc" }, { txId: "asc" }],
      skip: Math.min(filters.page * filters.size, MAX_SKIP),
      take: filters.size,
    }),
    db.charge.count({ where }),
  ]);
  return { charges, total };
}

/** The txids of a batch of the caller's (at most 1,000): none for another's or an unknown batch. */
async function batchTxIds(db: Db | Tx, userId: string, batchId: bigint): Promise<string[]> {
  const items = await db.dueDateBatchItem.findMany({ where: { userId, batchId }, select: { txId: true } });
  return items.map((item) => item.txId);
}
