/** Gateway wire shapes (snake_case; respond() turns them camelCase on request). */
import type { Charge, LedgerEntry } from "../generated/prisma/client";
import { centsToBrl } from "../money";

export const payoutStatus = (entry: LedgerEntry) =>
  entry.status === "succeeded" ? "settled" : entry.status === "failed" ? "rejected" : "processing";

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

export function payoutView(entry: LedgerEntry, status = payoutStatus(entry)) {
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
