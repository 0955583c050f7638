/** Reading the ledger, always within the caller's own accounts. */
import type { Tx } from "../db/client";
import { invalid, notFound } from "../errors";
import type { EntryStatus, EntryType, LedgerEntry, Prisma } from "../generated/prisma/client";
import { searchEntries } from "./search";
import type { EntryReason } from "./types";

export { ENTRY_REASONS } from "./types";

export type LedgerFilters = {
  type?: EntryType;
  reason?: EntryReason;
  /** any of these reasons (a family, e.g. every `pix_in:` reason) */
  reasons?: readonly EntryReason[];
  status?: EntryStatus;
  /** epoch ms */
  startDate?: number;
  endDate?: number;
  accountId?: string;
  /** the dashboard's search box (server/ledger/search.ts) */
  search?: string;
  page: number;
  limit: number;
  /** entries to skip, instead of whole pages */
  offset?: number;
};

export async function listEntries(
  tx: Tx,
  userId: string,
  filters: LedgerFilters,
): Promise<{ entries: LedgerEntry[]; total: number }> {
  if (filters.startDate !== undefined && filters.endDate !== undefined && filters.startDate > filters.endDate) {
    throw invalid("startDate must not be after endDate", "startDate");
  }
  if (filters.search?.trim()) return searchEntries(tx, userId, filters);
  const where: Prisma.LedgerEntryWhereInput = {
    userId,
    ...(filters.accountId ? { accountId: filters.accountId } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.reason ? { reason: filters.reason } : {}),
    ...(filters.reasons ? { reason: { in: [...filters.reasons] } } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.startDate !== undefined || filters.endDate !== undefined
      ? {
          createdAt: {
            ...(filters.startDate !== undefined ? { gte: new Date(filters.startDate) } : {}),
            ...(filters.endDate !== undefined ? { lte: new Date(filters.endDate) } : {}),
          },
        }
      : {}),
  };
  const [entries, total] = await Promise.all([
    tx.ledgerEntry.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { seq: "desc" }],
      skip: filters.offset ?? (filters.page - 1) * filters.limit,
      take: filters.limit,
    }),
    tx.ledgerEntry.count({ where }),
  ]);
  return { entries, total };
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
