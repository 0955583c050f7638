import type { EntryReason } from "../ledger/types";

/** The entries a refund can be asked of, and the reason of the refund's own debit. */
export const REFUNDABLE_REASONS: readonly string[] = ["pix_in:qrcode_paid", "pix_in:credited"] satisfies EntryReason[];
export const REFUND_REASON = "pix_in:refunded_processing" satisfies EntryReason;
