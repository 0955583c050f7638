/** Field rules of the back office (operators' forms and the CLI), built from server/fields/. */
import { z } from "zod";
import { AccountId, Uuid } from "../fields/ids";
import { Page, PageSize } from "../fields/paging";
import { text } from "../fields/text";

export const MAX_BLOCK_REASON = 500;
/** Why an operator blocks or unblocks an account: kept in the audit log. */
export const AccountStatusReason = text({ min: 3, max: MAX_BLOCK_REASON, trim: true }).describe(
  `3-${MAX_BLOCK_REASON} characters, kept in the audit log.`,
);

export const MerchantSearchQuery = text({ max: 100, trim: true }).describe(
  "Part of the merchant's name or e-mail, or the start of a document (CPF/CNPJ) or account number.",
);

export const MerchantSearch = z.object({
  query: MerchantSearchQuery.default(""),
  page: Page.default(1),
  limit: PageSize.default(20),
});

export const MerchantLookup = z.object({ userId: Uuid });

export const AccountStatusChange = z.object({ accountId: AccountId, reason: AccountStatusReason });
