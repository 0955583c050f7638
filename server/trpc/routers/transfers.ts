import { z } from "zod";
import { requireStepUpAbove } from "../../auth/step-up";
import { db } from "../../db/client";
import { BrlAmount } from "../../fields/amount";
import { Description } from "../../fields/text";
import type { LedgerEntry } from "../../generated/prisma/client";
import type { Party } from "../../ledger/parties";
import { inBatch } from "../../ledger/write-path";
import { pixFailure } from "../../pix/failure";
import { internalReceiver, transferInternal } from "../../transfers/internal";
import { payBrCode, previewBrCode } from "../../transfers/pay-brcode";
import { previewKey, sendPixToKey } from "../../transfers/pix-out";
import { AccountId, Emv, Obs, PixKey } from "../../transfers/schema";
import { MONEY_SENT } from "../audits";
import { can, createTRPCRouter } from "../init";

const accountId = AccountId;
const amount = BrlAmount;

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
    failure: pixFailure(entry.errorMessage),
    createdAt: entry.createdAt,
  };
}

export type SentView = ReturnType<typeof sentView>;

export const transfersRouter = createTRPCRouter({
  /** DICT lookup: who a key pays, shown before the merchant confirms. */
  resolveKey: can("money.send")
    .input(z.object({ key: PixKey }))
    .query(async ({ ctx, input }) => {
      const resolved = await previewKey(db(), ctx.tenantId, input.key);
      return {
        key: resolved.key,
        keyType: resolved.keyType,
        receiver: resolved.receiver,
        onPlatform: resolved.platformAccountId !== null,
      };
    }),

  /**
   * Who an internal transfer pays, shown before the merchant confirms (400 for an unknown account).
   * The destination is another merchant's account by design, named as in `internal`
   * (docs/decisions/0018-dashboard-ux.md): it shows what the transfer shows the payer.
   */
  internalReceiver: can("money.send")
    .input(z.object({ receiverAccountId: accountId }))
    .query(async ({ input }) => ({
      receiver: await internalReceiver(db(), input.receiverAccountId),
      onPlatform: true,
    })),

  /** What a copy-and-paste code decodes to and who it pays, without paying. */
  previewBrCode: can("money.send")
    .input(z.object({ emv: Emv }))
    .query(async ({ ctx, input }) => {
      const preview = await previewBrCode(db(), input.emv, { userId: ctx.tenantId });
      const { decoded } = preview;
      return {
        kind: decoded.kind,
        merchantName: decoded.merchantName,
        merchantCity: decoded.merchantCity,
        description: preview.description,
        /** a reason code (serviceErrors.reasons) when this platform's charge is paid or expired */
        unpayable: preview.unpayable,
        pixKey: preview.pixKey,
        txid: decoded.txid,
        url: decoded.url,
        amountCents: preview.amountCents,
        receiver: preview.receiver,
        onPlatform: preview.platformAccountId !== null,
      };
    }),

  /** PIX to a key; settles at once inside the platform, `processing` towards other institutions. */
  sendToKey: can("money.send", MONEY_SENT)
    .input(
      z.object({
        accountId,
        pixKey: PixKey,
        amount,
        description: Description.optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      requireStepUpAbove(ctx.user, input.amount);
      return sentView(
        await sendPixToKey(db(), {
          userId: ctx.tenantId,
          accountId: input.accountId,
          pixKey: input.pixKey,
          amountCents: input.amount,
          description: input.description || null,
        }),
      );
    }),

  /** Pays a copy-and-paste code; `amount` only for a static code that carries none. */
  payBrCode: can("money.send", MONEY_SENT)
    .input(z.object({ accountId, emv: Emv, amount: amount.nullable() }))
    .mutation(async ({ ctx, input }) => {
      // The amount of a code that carries one is the code's: read it before the step-up check.
      requireStepUpAbove(
        ctx.user,
        input.amount ??
          (await previewBrCode(db(), input.emv, { userId: ctx.tenantId, accountId: input.accountId })).amountCents,
      );
      return sentView(
        await payBrCode(db(), {
          userId: ctx.tenantId,
          accountId: input.accountId,
          emv: input.emv,
          amountCents: input.amount,
        }),
      );
    }),

  /** To another account of the platform, by its 12-digit number: instant, no fee. */
  internal: can("money.send", MONEY_SENT)
    .input(
      z.object({
        accountId,
        receiverAccountId: AccountId,
        amount,
        obs: Obs.optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      requireStepUpAbove(ctx.user, input.amount);
      return sentView(
        await transferInternal(inBatch(db()), {
          userId: ctx.tenantId,
          accountId: input.accountId,
          receiverAccountId: input.receiverAccountId,
          amountCents: input.amount,
          obs: input.obs || null,
        }),
      );
    }),
});
