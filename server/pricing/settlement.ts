/**
 * The fee a settling payment carries (docs/decisions/0058-fee-rounding.md): the paying code asks
 * here, in the payment's transaction, and posts `grossCents / feeCents` with the money (the
 * ledger's `legs.payIn` credits net to the merchant and the fee to the platform's `fees` bucket).
 */
import type { Tx } from "../db/client";
import { feeOf, type Price, type PriceSource } from "./fee";
import type { FeeProduct } from "./products";
import { feeSideOf, priceListInForce } from "./service";

/** A credit (anything with an account and a gross), with its fee by the list in force now. */
export async function withFee<T extends { accountId: string; grossCents: bigint }>(
  tx: Tx,
  credit: T,
  product: FeeProduct,
  at = new Date(),
): Promise<T & { feeCents: bigint }> {
  const [priced] = await withFees(tx, [{ credit, product }], at);
  return priced as T & { feeCents: bigint };
}

/** Several credits at once (a batch): one look-up of the list per account. */
export async function withFees<T extends { accountId: string; grossCents: bigint }>(
  tx: Tx,
  credits: { credit: T; product: FeeProduct }[],
  at = new Date(),
): Promise<(T & { feeCents: bigint })[]> {
  const lists = new Map<string, Awaited<ReturnType<typeof priceListInForce>>>();
  const priced: (T & { feeCents: bigint })[] = [];
  for (const { credit, product } of credits) {
    let list = lists.get(credit.accountId);
    if (!list) {
      list = await priceListInForce(tx, credit.accountId, at);
      lists.set(credit.accountId, list);
    }
    priced.push({ ...credit, feeCents: feeOf(list.items[product], credit.grossCents, feeSideOf(product)) });
  }
  return priced;
}

/**
 * The same parts in SQL, for a statement that reads the sending account `a` (LEFT JOIN LATERAL
 * … ON true): columns pix_out_source ('account' | 'default' | NULL), pix_out_bp, pix_out_fixed,
 * pix_out_min, pix_out_max.
 */
export const PIX_OUT_PRICE_LATERAL = `LEFT JOIN LATERAL (
      SELECT CASE WHEN pl.account_id IS NULL THEN 'default' ELSE 'account' END AS pix_out_source,
             pli.percent_basis_points AS pix_out_bp, pli.fixed_cents AS pix_out_fixed,
             pli.min_cents AS pix_out_min, pli.max_cents AS pix_out_max
        FROM price_lists pl JOIN price_list_items pli ON pli.price_list_id = pl.id AND pli.product = 'pix_out'
       WHERE (pl.account_id = a.id OR pl.account_id IS NULL) AND pl.effective_from <= now()
       ORDER BY pl.account_id NULLS LAST, pl.effective_from DESC, pl.created_at DESC LIMIT 1) pix_out_price ON true`;

export type PixOutPriceRow = {
  pix_out_source: "account" | "default" | null;
  pix_out_bp: number | null;
  pix_out_fixed: string | null;
  pix_out_min: string | null;
  pix_out_max: string | null;
};

/** The parts of PIX_OUT_PRICE_LATERAL's row as pixOutFeeOf (fee.ts) takes them. */
export function pixOutPriceOfRow(row: PixOutPriceRow): { source: PriceSource; price: Price } {
  return {
    source: row.pix_out_source ?? "none",
    price: {
      percentBasisPoints: row.pix_out_bp ?? 0,
      fixedCents: BigInt(row.pix_out_fixed ?? 0),
      minCents: row.pix_out_min === null ? null : BigInt(row.pix_out_min),
      maxCents: row.pix_out_max === null ? null : BigInt(row.pix_out_max),
    },
  };
}
