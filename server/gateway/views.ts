/** Gateway wire shapes (snake_case; respond() turns them camelCase on request). */
import type { Charge, LedgerEntry } from "../generated/prisma/client";
import { centsToBrl } from "../money";

export const payoutStatus = (entry: Pick<LedgerEntry, "status">) =>
  entry.status === "succeeded" ? "settled" : entry.status === "failed" ? "rejected" : "processing";

type PayoutFields = Pick<
  LedgerEntry,
  "id" | "endToEndId" | "status" | "grossCents" | "feeCents" | "externalId" | "errorMessage" | "createdAt"
>;

export function chargeView(charge: Charge, qrCodeImage?: string) {
  return {
    id: charge.txId,
    tx_id: charge.txId,
    status: charge.status,
    amount: centsToBrl(charge.amountCents),
    emv: charge.emv,
    ...(qrCodeImage ? { qr_code_image: qrCodeImage } : {}),
    expires_at: charge.expiresAt.toISOString(),
    external_id: charge.externalId,
    end_to_end_id: charge.paidEndToEndId,
    created_at: charge.createdAt.toISOString(),
  };
}

export function payoutView(entry: PayoutFields, status = payoutStatus(entry)) {
  return {
    id: entry.id,
    end_to_end_id: entry.endToEndId,
    status,
    amount: centsToBrl(entry.grossCents),
    fee: centsToBrl(entry.feeCents),
    external_id: entry.externalId,
    ...(entry.errorMessage ? { error_message: entry.errorMessage } : {}),
    created_at: entry.createdAt.toISOString(),
  };
}

/**
 * A payout as it was answered when it was created: a held debit is created processing, with no
 * error (server/ledger/verbs.ts, holdChange). What a replay of that answer rebuilds.
 */
export const createdPayoutView = (entry: Omit<PayoutFields, "status" | "errorMessage">) =>
  payoutView({ ...entry, status: "processing", errorMessage: null });

export function refundView(entry: LedgerEntry) {
  return {
    id: entry.id,
    end_to_end_id: entry.endToEndId,
    original_end_to_end_id: entry.parentEndToEndId,
    status: payoutStatus(entry),
    amount: centsToBrl(entry.grossCents),
    created_at: entry.createdAt.toISOString(),
  };
}
