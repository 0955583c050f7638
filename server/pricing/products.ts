/**
 * Which product a ledger entry is priced as (docs/decisions/0058-fee-rounding.md), told the same
 * way at settlement (TypeScript, from what the paying code knows) and in reports (SQL, from the
 * entry and the charge it names), so fee revenue groups by product as it was charged:
 *
 *   pix_in:qrcode_paid   the charge named by entry_ref: made from a payment link → pix_in_link,
 *                        a cobv → pix_in_due_date, else (a cob) → pix_in_qr
 *   pix_in:credited      with an entry_ref (a Pix Automático charge's txid) → pix_in_automatic,
 *                        else → pix_in_key (a key, an account number, or a static QR code's key)
 *   pix_out:processing / pix_out:emv_pay → pix_out
 *   pix_in:refunded_processing   a refund a MED decided (meds.refunded_end_to_end_id) → med,
 *                        else → refund
 *   anything else (internal transfers, returns of our PIX out) → no product: never priced.
 */
import { Prisma } from "../generated/prisma/client";
import type { FeeProduct } from "./fee-products";

export { FEE_PRODUCTS, type FeeProduct, isFeeProduct, PIX_IN_PRODUCTS } from "./fee-products";

/** A charge (cob/cobv) paid: what its payment is priced as. */
export function chargeProduct(charge: { kind: string; paymentLinkId: string | null }): FeeProduct {
  if (charge.paymentLinkId) return "pix_in_link";
  return charge.kind === "cobv" ? "pix_in_due_date" : "pix_in_qr";
}

/** What a refund is priced as: one a MED decided (return reason FR01) is `med`. */
export const refundProduct = (returnReason: string | undefined): FeeProduct =>
  returnReason === "FR01" ? "med" : "refund";

/**
 * The same as SQL: the product of the ledger entry aliased `alias` (text, NULL when none).
 * `alias` is a fixed identifier of the caller's query, never input.
 */
export function productOfEntrySql(alias = "e"): Prisma.Sql {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`not an alias: ${alias}`);
  const e = Prisma.raw(alias);
  return Prisma.sql`(CASE
    WHEN ${e}.reason = 'pix_in:qrcode_paid' THEN COALESCE((
      SELECT CASE WHEN ch.payment_link_id IS NOT NULL THEN 'pix_in_link'
                  WHEN ch.kind = 'cobv' THEN 'pix_in_due_date' ELSE 'pix_in_qr' END
        FROM charges ch WHERE ch.tx_id = ${e}.entry_ref), 'pix_in_qr')
    WHEN ${e}.reason = 'pix_in:credited' THEN
      CASE WHEN ${e}.entry_ref IS NOT NULL THEN 'pix_in_automatic' ELSE 'pix_in_key' END
    WHEN ${e}.reason IN ('pix_out:processing', 'pix_out:emv_pay') THEN 'pix_out'
    WHEN ${e}.reason = 'pix_in:refunded_processing' THEN
      CASE WHEN EXISTS (SELECT 1 FROM meds m WHERE m.refunded_end_to_end_id = ${e}.end_to_end_id
                          AND m.account_id = ${e}.account_id) THEN 'med' ELSE 'refund' END
  END)`;
}

/** The product of an entry already read with its charge (if it paid one) and whether a MED refunded by it. */
export function productOfEntry(entry: {
  reason: string;
  entryRef: string | null;
  charge?: { kind: string; paymentLinkId: string | null } | null;
  decidedByMed?: boolean;
}): FeeProduct | null {
  switch (entry.reason) {
    case "pix_in:qrcode_paid":
      return entry.charge ? chargeProduct(entry.charge) : "pix_in_qr";
    case "pix_in:credited":
      return entry.entryRef ? "pix_in_automatic" : "pix_in_key";
    case "pix_out:processing":
    case "pix_out:emv_pay":
      return "pix_out";
    case "pix_in:refunded_processing":
      return entry.decidedByMed ? "med" : "refund";
    default:
      return null;
  }
}
