/**
 * A fee from a price, in integer centavos (docs/decisions/0058-fee-rounding.md): the percent
 * part rounded half-up to the centavo, plus the fixed part, clamped to [min, max]. A fee on money
 * received never exceeds it (the merchant is never credited less than nothing). Pure.
 */
export type Price = {
  /** 0.99 % = 99 */
  percentBasisPoints: number;
  fixedCents: bigint;
  minCents: bigint | null;
  maxCents: bigint | null;
};

/** Where the list in force comes from: the account's own, the platform's default, or none. */
export type PriceSource = "account" | "default" | "none";

export const FREE: Price = { percentBasisPoints: 0, fixedCents: 0n, minCents: null, maxCents: null };

/** `gross × bp / 10 000`, half a centavo and more rounded up, in integers. */
export function percentPartOf(percentBasisPoints: number, grossCents: bigint): bigint {
  return (grossCents * BigInt(percentBasisPoints) + 5_000n) / 10_000n;
}

/**
 * The fee on `grossCents`. `on: "credit"` (money received: PIX in) caps it at the gross;
 * `"debit"` (PIX out, a refund) adds it on top of what leaves, so it is not capped.
 */
export function feeOf(price: Price, grossCents: bigint, on: "credit" | "debit" = "credit"): bigint {
  if (grossCents <= 0n) return 0n;
  let fee = percentPartOf(price.percentBasisPoints, grossCents) + price.fixedCents;
  if (price.minCents !== null && fee < price.minCents) fee = price.minCents;
  if (price.maxCents !== null && fee > price.maxCents) fee = price.maxCents;
  if (on === "credit" && fee > grossCents) fee = grossCents;
  return fee;
}

/**
 * What of a credit's fee a refund gives back when the list says so: in proportion to what has
 * been refunded of the credit, counted on the running total so the parts add up to the whole fee
 * exactly (`refundedBefore` is what earlier refunds of the same credit took).
 */
export function feeReturnedBy(
  credit: { grossCents: bigint; feeCents: bigint },
  refundedBeforeCents: bigint,
  refundCents: bigint,
): bigint {
  if (credit.grossCents <= 0n || credit.feeCents <= 0n) return 0n;
  const share = (refunded: bigint) => (credit.feeCents * refunded) / credit.grossCents;
  return share(refundedBeforeCents + refundCents) - share(refundedBeforeCents);
}

/**
 * A PIX out's fee from its parts (pure; the fast path reads them in its own statement): the
 * account's own list's `pix_out`; without an own list, the legacy flat fee
 * (accounts.external_fee_cents) when there is one, else the default list's.
 */
export function pixOutFeeOf(
  inForce: { source: PriceSource; price: Price },
  externalFeeCents: bigint,
  grossCents: bigint,
): bigint {
  if (inForce.source !== "account" && externalFeeCents > 0n) return externalFeeCents;
  return feeOf(inForce.price, grossCents, "debit");
}
