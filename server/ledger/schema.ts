/** Field rules of reading the ledger (filters, lookups), for every door. */
import { z } from "zod";
import { AccountId } from "../fields/ids";
import { Page, PageSize } from "../fields/paging";
import { ENTRY_REASONS } from "./queries";

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
