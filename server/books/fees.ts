/**
 * Fee revenue over a period: what the platform's `fees` bucket received, by product and by
 * merchant account. A fee posting belongs to the entry that paid it (its entry_seq), so one
 * statement groups the period's fee postings by the entry's reason and account; the products and
 * the merchants are folded from those groups here. Refunded fees are negative postings and
 * lower the sums.
 */
import type { Tx } from "../db/client";
import { reservePeriod } from "../ledger/reserve";
import type { ReserveQuery } from "../ledger/schema";
import { periodBounds } from "./daily";

/** The product of a fee no price list names (an entry the pricing never prices). */
export const OTHER = "other";

import { productOfEntrySql } from "../pricing/products";

export type ProductRevenue = { product: string; entries: number; feesCents: bigint };
export type MerchantRevenue = {
  accountId: string;
  name: string;
  document: string;
  entries: number;
  feesCents: bigint;
};
export type FeeRevenue = {
  from: string;
  to: string;
  totalCents: bigint;
  byProduct: ProductRevenue[];
  byMerchant: MerchantRevenue[];
};

type Row = { product: string; account_id: string; name: string; document: string; entries: bigint; fees: bigint };

/** Adds `fees` and `entries` of a group into the map's entry for `key`. */
function addTo<T extends { entries: number; feesCents: bigint }>(map: Map<string, T>, key: string, start: T, row: Row) {
  const item = map.get(key) ?? start;
  item.entries += Number(row.entries);
  item.feesCents += row.fees;
  map.set(key, item);
}

/** Largest revenue first; ties by name, so the order is stable. */
const byRevenue = (a: { feesCents: bigint }, b: { feesCents: bigint }) =>
  a.feesCents === b.feesCents ? 0 : a.feesCents > b.feesCents ? -1 : 1;

export async function feeRevenue(tx: Tx, query: ReserveQuery, now = new Date()): Promise<FeeRevenue> {
  const { from, to } = reservePeriod(query, now);
  const { startsAt, endsAt } = periodBounds(from, to);
  const rows = await tx.$queryRaw<Row[]>`
    SELECT COALESCE(${productOfEntrySql("e")}, ${OTHER}) AS product, e.account_id, a.name, a.document,
           COUNT(DISTINCT e.seq)::bigint AS entries, SUM(p.amount_cents)::bigint AS fees
      FROM ledger_postings p
      JOIN ledger_entries e ON e.seq = p.entry_seq
      JOIN accounts a ON a.id = e.account_id
     WHERE p.account_id IS NULL AND p.bucket = 'fees' AND p.created_at >= ${startsAt} AND p.created_at < ${endsAt}
     GROUP BY 1, e.account_id, a.name, a.document`;
  const products = new Map<string, ProductRevenue>();
  const merchants = new Map<string, MerchantRevenue>();
  for (const row of rows) {
    const { product } = row;
    addTo(products, product, { product, entries: 0, feesCents: 0n }, row);
    const start = { accountId: row.account_id, name: row.name, document: row.document, entries: 0, feesCents: 0n };
    addTo(merchants, row.account_id, start, row);
  }
  return {
    from,
    to,
    totalCents: rows.reduce((total, row) => total + row.fees, 0n),
    byProduct: [...products.values()].sort((a, b) => byRevenue(a, b) || a.product.localeCompare(b.product)),
    byMerchant: [...merchants.values()].sort((a, b) => byRevenue(a, b) || a.name.localeCompare(b.name)),
  };
}
