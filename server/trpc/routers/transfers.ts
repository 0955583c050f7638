import { z } from "zod";
import { db } from "../../db/client";
import type { LedgerEntry } from "../../generated/prisma/client";
import type { Party } from "../../ledger/parties";
import { brlToCents } from "../../money";
import { pixRail } from "../../pix/current-rail";
import { transferInternal } from "../../transfers/internal";
import { payBrCode, previewBrCode } from "../../transfers/pay-brcode";
import { sendPixToKey } from "../../transfers/pix-out";
import { createTRPCRouter, merchantProcedure } from "../init";

const accountId = z.string().min(1).max(32);
/** BRL as a number with at most two decimals; brlToCents checks it and answers 400 otherwise. */
const amount = z.number();
const cents = (value: number) => brlToCents(value);

/** What the merchant needs to see after sending: the debit entry's outcome. */
function sentView(entry: LedgerEntry) {
  return {
    id: entry.id,
    accountId: entry.accountId,
    status: entry.status,
    reason: entry.reason,
    grossCents: entry.grossCents,
    feeCents: entry.feeCents,
    netCents: entry.netCents,
    endToEndId: entry.endToEndId,
    receiver: (entry.receiver as Party | null) ?? null,
    errorMessage: entry.errorMessage,
    createdAt: entry.createdAt,
  };
}

export type SentView = ReturnType<typeof sentView>;

export const transfersRouter = createTRPCRouter({
  /** DICT lookup: who a key pays, shown before the merchant confirms. */
  resolveKey: merchantProcedure.input(z.object({ key: z.string().trim().min(1).max(77) })).query(async ({ input }) => {
    const resolved = await pixRail().resolveKey(db(), input.key);
    return {
      key: resolved.key,
      keyType: resolved.keyType,
      receiver: resolved.receiver,
      onPlatform: resolved.platformAccountId !== null,
    };
  }),

  /** What a copy-and-paste code decodes to and who it pays, without paying. */
  previewBrCode: merchantProcedure
    .input(z.object({ emv: z.string().trim().min(1).max(512) }))
    .query(async ({ input }) => {
      const preview = await previewBrCode(db(), input.emv);
      const { decoded } = preview;
      return {
        kind: decoded.kind,
        merchantName: decoded.merchantName,
        merchantCity: decoded.merchantCity,
        description: decoded.description,
        pixKey: preview.pixKey,
        txid: decoded.txid,
        url: decoded.url,
        amountCents: preview.amountCents,
        receiver: preview.receiver,
        onPlatform: preview.platformAccountId !== null,
      };
    }),

  /** PIX to a key; settles at once inside the platform, `processing` towards other institutions. */
  sendToKey: merchantProcedure
    .input(
      z.object({
        accountId,
        pixKey: z.string().trim().min(1).max(77),
        amount,
        description: z.string().trim().max(140).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) =>
      sentView(
        await sendPixToKey(db(), {
          userId: ctx.user.id,
          accountId: input.accountId,
          pixKey: input.pixKey,
          amountCents: cents(input.amount),
          description: input.description || null,
        }),
      ),
    ),

  /** Pays a copy-and-paste code; `amount` only for a static code that carries none. */
  payBrCode: merchantProcedure
    .input(z.object({ accountId, emv: z.string().trim().min(1).max(512), amount: amount.nullable() }))
    .mutation(async ({ ctx, input }) =>
      sentView(
        await payBrCode(db(), {
          userId: ctx.user.id,
          accountId: input.accountId,
          emv: input.emv,
          amountCents: input.amount === null ? null : cents(input.amount),
        }),
      ),
    ),

  /** To another account of the platform, by its 12-digit number: instant, no fee. */
  internal: merchantProcedure
    .input(
      z.object({
        accountId,
        receiverAccountId: z.string().trim().min(1).max(32),
        amount,
        obs: z.string().trim().max(140).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) =>
      sentView(
        await transferInternal(db(), {
          userId: ctx.user.id,
          accountId: input.accountId,
          receiverAccountId: input.receiverAccountId,
          amountCents: cents(input.amount),
          obs: input.obs || null,
        }),
      ),
    ),
});
