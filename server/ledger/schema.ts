/** Field rules of reading the ledger (filters, lookups), for every door. */
import { z } from "zod";
import { AccountId } from "../fields/ids";
import { fromQuery, Page, PageSize } from "../fields/paging";
import { text } from "../fields/text";
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
