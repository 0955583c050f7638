/** Reading the ledger, always within the caller's own accounts. */
import type { Tx } from "../db/client";
import { invalid, notFound } from "../errors";
import type { LedgerEntry, Prisma } from "../generated/prisma/client";
import { type EntryFilters, entryCondition } from "./search";

export { ENTRY_REASONS } from "./types";

export type LedgerFilters = EntryFilters & {
  page: number;
  limit: number;
  /** entries to skip, instead of whole pages */
  offset?: number;
};

/**
 * `total` is exact up to this many matching entries; above it, counting would read every match
 * (600,000 index entries for a large merchant, ~100 ms) on every page, so it is the planner's
 * estimate instead, never less than what the pages already show (docs/decisions/0020).
 */
export const EXACT_TOTAL_UP_TO = 10_000;

/**
 * A page of the user's entries, newest first. The page's `seq`s come from an index-only scan
 * (the filters' columns are in the indexes' keys), then only those rows are read. Within the
 * first EXACT_TOTAL_UP_TO matches, one scan numbers them, counts them and picks the page.
 */
export async function listEntries(
  tx: Tx,
  userId: string,
  filters: LedgerFilters,
): Promise<{ entries: LedgerEntry[]; total: number; totalExact: boolean }> {
  if (filters.startDate !== undefined && filters.endDate !== undefined && filters.startDate > filters.endDate) {
    throw invalid("startDate must not be after endDate", "startDate");
  }
  const where = entryCondition(userId, filters);
  const offset = filters.offset ?? (filters.page - 1) * filters.limit;
  const { seqs, count, more } =
    offset + filters.limit <= EXACT_TOTAL_UP_TO
      ? await firstPages(tx, where, offset, filters.limit)
      : await deepPage(tx, where, offset, filters.limit);
  const exact = count <= EXACT_TOTAL_UP_TO;
  const [entries, estimate] = await Promise.all([
    seqs.length
      ? tx.ledgerEntry.findMany({ where: { seq: { in: seqs } }, orderBy: [{ createdAt: "desc" }, { seq: "desc" }] })
      : [],
    exact ? count : estimatedCount(tx, where),
  ]);
  if (exact) return { entries, total: count, totalExact: true };
  const shown = offset + seqs.length + (more ? 1 : 0);
  return { entries, total: Math.max(estimate, shown, EXACT_TOTAL_UP_TO + 1), totalExact: false };
}

type Window = { seqs: bigint[]; count: number; more: boolean };

async function firstPages(tx: Tx, where: Prisma.Sql, offset: number, limit: number): Promise<Window> {
  const [row] = await tx.$queryRaw<{ n: bigint; page: (bigint | number | string)[] | null }[]>`
    SELECT count(*) AS n, array_agg(seq ORDER BY ord) FILTER (WHERE ord > ${offset} AND ord <= ${offset + limit}) AS page
      FROM (SELECT seq, row_number() OVER (ORDER BY created_at DESC, seq DESC) AS ord
              FROM ledger_entries WHERE ${where}
             ORDER BY created_at DESC, seq DESC LIMIT ${EXACT_TOTAL_UP_TO + 1}) firsts`;
  const count = Number(row?.n ?? 0);
  return { seqs: (row?.page ?? []).map((seq) => BigInt(seq)), count, more: count > offset + limit };
}

async function deepPage(tx: Tx, where: Prisma.Sql, offset: number, limit: number): Promise<Window> {
  const [page, [counted]] = await Promise.all([
    tx.$queryRaw<{ seq: bigint }[]>`
      SELECT seq FROM ledger_entries WHERE ${where}
       ORDER BY created_at DESC, seq DESC LIMIT ${limit + 1} OFFSET ${offset}`,
    tx.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM (SELECT 1 FROM ledger_entries WHERE ${where} LIMIT ${EXACT_TOTAL_UP_TO + 1}) capped`,
  ]);
  return {
    seqs: page.slice(0, limit).map((row) => row.seq),
    count: Number(counted?.n ?? 0),
    more: page.length > limit,
  };
}

/** The planner's estimate of the rows a condition matches (from the table's statistics). */
async function estimatedCount(tx: Tx, where: Prisma.Sql): Promise<number> {
  const [row] = await tx.$queryRaw<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }[]>`
    EXPLAIN (FORMAT JSON) SELECT 1 FROM ledger_entries WHERE ${where}`;
  return Math.round(row?.["QUERY PLAN"][0]?.Plan["Plan Rows"] ?? 0);
}

type Lookup = { endToEndId: string } | { externalId: string } | { entryRef: string } | { id: string };

/** One entry of the user's by a lookup key; the newest when several match (e.g. both sides). */
export async function findEntry(tx: Tx, userId: string, lookup: Lookup, accountId?: string): Promise<LedgerEntry> {
  const entry = await tx.ledgerEntry.findFirst({
    where: { userId, ...(accountId ? { accountId } : {}), ...lookup },
    orderBy: [{ createdAt: "desc" }, { seq: "desc" }],
  });
  if (!entry) throw notFound("entry not found");
  return entry;
}
