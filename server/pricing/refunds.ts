/**
 * A refund's fee (docs/decisions/0058-fee-rounding.md): the `refund` product (`med` for a refund a
 * MED decided) by the list in force at the refund, added to what leaves; less, when the list in
 * force when the original PIX was credited says `refundReturnsFee`, the share of the original's
 * fee this refund gives back. The net may be negative (the merchant gets a fee back).
 */
import type { Tx } from "../db/client";
import { feeOf, feeReturnedBy } from "./fee";
import { refundProduct } from "./products";
import { priceListInForce } from "./service";

export async function refundFeeCents(
  tx: Tx,
  original: { accountId: string; grossCents: bigint; feeCents: bigint; createdAt: Date },
  remainingCents: bigint,
  refundCents: bigint,
  returnReason: string | undefined,
  now = new Date(),
): Promise<bigint> {
  const atRefund = await priceListInForce(tx, original.accountId, now);
  const charged = feeOf(atRefund.items[refundProduct(returnReason)], refundCents, "debit");
  if (original.feeCents <= 0n) return charged;
  const atCredit = await priceListInForce(tx, original.accountId, original.createdAt);
  if (!atCredit.version?.refundReturnsFee) return charged;
  return charged - feeReturnedBy(original, original.grossCents - remainingCents, refundCents);
}
