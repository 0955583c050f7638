import { z } from "zod";
import { db } from "../../db/client";
import type { LedgerEntry } from "../../generated/prisma/client";
import type { Party } from "../../ledger/parties";
import { ENTRY_REASONS, findEntry, listEntries } from "../../ledger/queries";
import { createTRPCRouter, merchantProcedure } from "../init";

export const ENTRY_TYPES = ["debit", "credit"] as const;
export const ENTRY_STATUSES = ["processing", "succeeded", "failed"] as const;

const epochMs = z.number().int().nonnegative();

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
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
  };
}

export type EntryView = ReturnType<typeof entryView>;

export const ledgerRouter = createTRPCRouter({
  /** A page of the user's entries, newest first, with the total for pagination. */
  list: merchantProcedure
    .input(
      z.object({
        type: z.enum(ENTRY_TYPES).optional(),
        reason: z.enum(ENTRY_REASONS).optional(),
        status: z.enum(ENTRY_STATUSES).optional(),
        startDate: epochMs.optional(),
        endDate: epochMs.optional(),
        accountId: z.string().min(1).max(32).optional(),
        page: z.number().int().min(1).max(100_000).default(1),
        limit: z.number().int().min(1).max(100).default(20),
      }),
    )
    .query(async ({ ctx, input }) => {
      const { entries, total } = await listEntries(db(), ctx.user.id, input);
      return {
        entries: entries.map(entryView),
        total,
        page: input.page,
        limit: input.limit,
        totalPages: Math.max(1, Math.ceil(total / input.limit)),
      };
    }),

  /** One entry of the user's by its id (unique per account, hence the optional account). */
  byId: merchantProcedure
    .input(z.object({ id: z.string().min(1).max(128), accountId: z.string().min(1).max(32).optional() }))
    .query(async ({ ctx, input }) => entryView(await findEntry(db(), ctx.user.id, { id: input.id }, input.accountId))),
});
