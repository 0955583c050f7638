import { db } from "../../db/client";
import { BrlAmount } from "../../fields/amount";
import { pageInfo } from "../../fields/paging";
import type { LedgerEntry } from "../../generated/prisma/client";
import type { Party } from "../../ledger/parties";
import { findEntry, listEntries } from "../../ledger/queries";
import { EntryListQuery } from "../../ledger/schema";
import { EndToEndId, RefundRequest } from "../../refunds/schema";
import { REFUND_REASON, REFUNDABLE_REASONS, refundableCents, requestRefund } from "../../refunds/service";
import { can, createTRPCRouter } from "../init";
import { EntryLookup } from "./ledger";

/** A refund as the dashboard lists it: the debit entry, with the PIX it returns. */
function refundView(entry: LedgerEntry) {
  return {
    id: entry.id,
    accountId: entry.accountId,
    status: entry.status,
    amountCents: entry.grossCents,
    endToEndId: entry.endToEndId,
    originalEndToEndId: entry.parentEndToEndId,
    /** Who gets the money back: the original payer. */
    receiver: (entry.receiver as Party | null) ?? null,
    description: entry.description,
    errorMessage: entry.errorMessage,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
  };
}

export type RefundView = ReturnType<typeof refundView>;

export const refundsRouter = createTRPCRouter({
  /** A page of the user's refunds (reason pix_in:refunded_processing), newest first. */
  list: can("refunds.read")
    .input(EntryListQuery.pick({ status: true, page: true, limit: true }))
    .query(async ({ ctx, input }) => {
      const { entries, total } = await listEntries(db(), ctx.tenantId, { ...input, reason: REFUND_REASON });
      return {
        refunds: entries.map(refundView),
        ...pageInfo(input, total),
      };
    }),

  /** A received entry's original amount and what can still be refunded of it. */
  refundable: can("refunds.read")
    .input(EntryLookup)
    .query(async ({ ctx, input }) => {
      const entry = await findEntry(db(), ctx.tenantId, { id: input.id }, input.accountId);
      return {
        id: entry.id,
        accountId: entry.accountId,
        endToEndId: entry.endToEndId,
        grossCents: entry.grossCents,
        refundableCents: await refundableCents(db(), entry),
        /** Received by PIX and settled: the kind of entry the service refunds. */
        eligible: entry.type === "credit" && entry.status === "succeeded" && REFUNDABLE_REASONS.includes(entry.reason),
        createdAt: entry.createdAt,
      };
    }),

  /** Refunds a received PIX, all of what remains (`amount` null) or part of it; starts processing. */
  request: can("refunds.send")
    .input(RefundRequest.extend({ endToEndId: EndToEndId, amount: BrlAmount.nullable() }))
    .mutation(async ({ ctx, input }) =>
      refundView(
        await requestRefund(db(), {
          userId: ctx.tenantId,
          endToEndId: input.endToEndId,
          amountCents: input.amount,
          description: input.description || null,
        }),
      ),
    ),
});
