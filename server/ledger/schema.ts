/** Field rules of reading the ledger (filters, lookups), for every door. */
import { z } from "zod";
import { AccountId } from "../fields/ids";
import { fromQuery, Page, PageSize } from "../fields/paging";
import { text } from "../fields/text";
import { addDays, isCalendarDay } from "../time";
import { ENTRY_REASONS } from "./types";

export const ENTRY_TYPES = ["debit", "credit"] as const;
export const ENTRY_STATUSES = ["processing", "succeeded", "failed"] as const;
export const EntryType = z.enum(ENTRY_TYPES);
export const EntryStatus = z.enum(ENTRY_STATUSES);
export const EntryReason = z.enum(ENTRY_REASONS);
export const EpochMs = z.number().int().nonnegative().describe("Epoch milliseconds.");

export const EntryListQuery = z.object({
  type: EntryType.optional(),
  reason: EntryReason.optional(),
  status: EntryStatus.optional(),
  startDate: EpochMs.optional(),
  endDate: EpochMs.optional(),
  accountId: AccountId.optional(),
  page: Page.default(1),
  limit: PageSize.default(20),
});

export const LedgerSearch = text({ max: 100, trim: true }).describe(
  "End-to-end id, txId, externalId, amount, CPF/CNPJ, or part of a description, an externalId or a name (accents and case aside).",
);

/** The dashboard's ledger list: the same filters and its search box. */
export const DashboardEntryQuery = EntryListQuery.extend({ search: LedgerSearch.optional() });

/** The CSV export of the current filter, read from a query string. */
export const EntryExportQuery = z.object({
  type: EntryType.optional(),
  reason: EntryReason.optional(),
  status: EntryStatus.optional(),
  startDate: fromQuery(EpochMs).optional(),
  endDate: fromQuery(EpochMs).optional(),
  accountId: AccountId.optional(),
  search: LedgerSearch.optional(),
});

/** The longest period the reserve report covers at once: a year, a leap day included. */
export const MAX_RESERVE_DAYS = 366;
/** The reserve report's default period: the last 30 São Paulo days, today included. */
export const DEFAULT_RESERVE_DAYS = 30;

const ReserveDay = text({ max: 10 })
  .refine(isCalendarDay, "must be a date YYYY-MM-DD")
  .describe("A São Paulo calendar day, YYYY-MM-DD (inclusive).");

/**
 * The settlement account's daily report (server/ledger/reserve.ts): `to` defaults to today in
 * São Paulo and `from` to the 30 days ending on `to`.
 */
/** Both days given and well formed: only then is the period's shape checked. */
const daysGiven = (payload: z.core.ParsePayload) => {
  const value = payload.value as { from?: string; to?: string };
  return payload.issues.length === 0 && Boolean(value.from && value.to);
};
export const ReserveQuery = z
  .object({ from: ReserveDay.optional(), to: ReserveDay.optional() })
  .refine(({ from = "", to = "" }) => from <= to, {
    message: "from must not be after to",
    path: ["from"],
    when: daysGiven,
  })
  .refine(({ from = "", to = "" }) => from >= addDays(to, -(MAX_RESERVE_DAYS - 1)), {
    message: `at most ${MAX_RESERVE_DAYS} days at once`,
    path: ["from"],
    when: daysGiven,
  });
export type ReserveQuery = z.infer<typeof ReserveQuery>;
