/**
 * How a price list looks at the doors (pure, no database): every product of a list in BRL
 * numbers (/v4/i), and the version a future start date has scheduled after the one in force.
 */
import type { Price } from "./fee";
import { FEE_PRODUCTS, type FeeProduct } from "./products";
import { priceOutput } from "./schema";

/** Every product of a list, in FEE_PRODUCTS' order, as priceOutput writes a price. */
export function priceItemsView(items: Record<FeeProduct, Price>) {
  return FEE_PRODUCTS.map((product) => ({ product, ...priceOutput(items[product]) }));
}

/** The earliest version whose start is still ahead of `now`, or null. */
export function scheduledVersion<V extends { effectiveFrom: Date }>(history: readonly V[], now: Date): V | null {
  const ahead = history.filter((version) => version.effectiveFrom.getTime() > now.getTime());
  return ahead.reduce<V | null>((next, v) => (!next || v.effectiveFrom < next.effectiveFrom ? v : next), null);
}

/**
 * The version an account will pay next: its own scheduled one, else, while it follows the
 * default list (no own version in force), the default's scheduled one.
 */
export function nextVersionFor<V extends { effectiveFrom: Date }>(
  source: "account" | "default" | "none",
  own: readonly V[],
  standard: readonly V[],
  now: Date,
): V | null {
  return scheduledVersion(own, now) ?? (source === "account" ? null : scheduledVersion(standard, now));
}
