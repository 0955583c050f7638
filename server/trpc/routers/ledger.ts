import { z } from "zod";
import { readDb } from "../../db/replica";
import { AccountId, EntryId } from "../../fields/ids";
import { pageInfo } from "../../fields/paging";
import type { LedgerEntry } from "../../generated/prisma/client";
import type { Party } from "../../ledger/parties";
import { findEntry, listEntries } from "../../ledger/queries";
import { DashboardEntryQuery } from "../../ledger/schema";
import { pixFailure } from "../../pix/failure";
import { can, createTRPCRouter } from "../init";

/** One entry by its id (unique per account, hence the optional account). */
export const EntryLookup = z.object({ id: EntryId, accountId: AccountId.optional() });
/** What the dashboard shows of an entry: no internal keys (seq, idempotency key, request id). */
export function entryView(entry: LedgerEntry) {
  return {
    id: entry.id,
    accountId: entry.accountId,
    type: entry.type,
    reason: entry.reason,
    status: entry.status,
    grossCents: entry.grossCents,
    feeCents: entry.feeCents,
    netCents: entry.netCents,
    endToEndId: entry.endToEndId,
    parentEndToEndId: entry.parentEndToEndId,
    entryRef: entry.entryRef,
    externalId: entry.externalId,
    pixKey: entry.pixKey,
    payer: (entry.payer as Party | null) ?? null,
    receiver: (entry.receiver as Party | null) ?? null,
    obs: entry.obs,
    description: entry.description,
    errorMessage: entry.errorMessage,
    failure: pixFailure(entry.errorMessage),
    /** the MED opened on this PIX, if any (interface 2.2) */
    medId: entry.medId,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
  };
}

export type EntryView = ReturnType<typeof entryView>;

export const ledgerRouter = createTRPCRouter({
  /** A page of the user's entries, newest first, with the total for pagination. */
  list: can("ledger.read")
    .input(DashboardEntryQuery)
    .query(async ({ ctx, input }) => {
      const { entries, total, totalExact } = await listEntries(await readDb(ctx.user.id), ctx.tenantId, input);
      return {
        entries: entries.map(entryView),
        ...pageInfo(input, total),
        /** false above 10,000 matches: `total` is then an estimate (docs/contract.md) */
        totalExact,
      };
    }),

  /** One entry of the user's by its id (unique per account, hence the optional account). */
  byId: can("ledger.read")
    .input(EntryLookup)
    .query(async ({ ctx, input }) =>
      entryView(await findEntry(await readDb(ctx.user.id), ctx.tenantId, { id: input.id }, input.accountId)),
    ),
});
