/**
 * BENCH_FEES=1 of bench:transfers and bench:gateway (issue 45, docs/decisions/0058-fee-rounding.md):
 * what fees cost a workload. The run seeds three times the merchants: the first third keeps no
 * price list and takes the benchmark's usual measurement, as without the mode; the other two are
 * fresh for the comparison, one without a price list, one with an own list each (a percentage and
 * a fixed fee on every product). At each level the same load runs unpriced, priced, priced,
 * unpriced, half the level's time each, so warm-up and a drifting shared machine weigh on both
 * alike. Two fresh sets rather than the usual one: a debit's limits read sums the account's debits
 * of the month (server/limits/batched-check.ts), so an account's history is part of its cost, and
 * the two must start equal. Price lists are append-only: never one set before and after.
 */
import pg from "pg";
import { cliActor } from "../../server/cli/actor";
import { feeOf, type Price } from "../../server/pricing/fee";
import { FEE_PRODUCTS, type FeeProduct } from "../../server/pricing/fee-products";
import type { FundedMerchant } from "./funded";

export const FEES = process.env.BENCH_FEES === "1";

/** 1 % + R$ 0,10 on every product: on R$ 1,00 the percent part is a centavo, not rounded away. */
export const BENCH_PRICE: Price = { percentBasisPoints: 100, fixedCents: 10n, minCents: null, maxCents: null };

/** The fee BENCH_PRICE puts on a debit (pix_out) of `grossCents`. */
export const benchFeeOn = (grossCents: bigint) => feeOf(BENCH_PRICE, grossCents, "debit");

/** How many merchants to seed for `accounts` per set. */
export const merchantsFor = (accounts: number) => (FEES ? 3 * accounts : accounts);

/** The seeded merchants in their sets: the usual one, then two fresh, the last priced. */
export async function splitPriced(
  all: FundedMerchant[],
): Promise<{ usual: FundedMerchant[]; unpriced: FundedMerchant[]; priced: FundedMerchant[] }> {
  if (!FEES) return { usual: all, unpriced: [], priced: [] };
  const third = all.length / 3;
  const [usual, unpriced, priced] = [0, 1, 2].map((i) => all.slice(i * third, (i + 1) * third)) as [
    FundedMerchant[],
    FundedMerchant[],
    FundedMerchant[],
  ];
  const { db } = await import("../../server/db/client");
  const { setPriceList } = await import("../../server/pricing/service");
  const items = Object.fromEntries(FEE_PRODUCTS.map((p) => [p, BENCH_PRICE])) as Record<FeeProduct, Price>;
  for (const m of priced) {
    await db().$transaction((tx) =>
      setPriceList(tx, { accountId: m.accountId, items, note: "bench", actor: cliActor() }),
    );
  }
  console.log(
    `▸ BENCH_FEES=1: ${usual.length} accounts for the usual run; fresh for the fee cost, ${unpriced.length} without a price list and ${priced.length} with 1 % + R$ 0,10`,
  );
  return { usual, unpriced, priced };
}

export type Rate = { rps: number; errors: number };
export type FeeCost = { priced: Rate; unpriced: Rate; ratio: number };

/** Unpriced, priced, priced, unpriced: each run is half the level's time; `ratio` is priced ÷ unpriced. */
export async function pricedAgainstUnpriced(runs: {
  unpriced: () => Promise<Rate>;
  priced: () => Promise<Rate>;
}): Promise<FeeCost> {
  const both = (a: Rate, b: Rate): Rate => ({ rps: (a.rps + b.rps) / 2, errors: a.errors + b.errors });
  const unpricedFirst = await runs.unpriced();
  const priced = both(await runs.priced(), await runs.priced());
  const unpriced = both(unpricedFirst, await runs.unpriced());
  return { priced, unpriced, ratio: priced.rps / unpriced.rps };
}

/**
 * With BENCH_FEES=1, the fee cost at each level of `levels`: `run` drives the priced or the
 * unpriced set for the time it is given (half the level's), in pricedAgainstUnpriced's order.
 */
export async function feeCostByLevel(
  levels: number[],
  seconds: number,
  label: string,
  run: (set: "priced" | "unpriced", connections: number, seconds: number) => Promise<Rate>,
): Promise<Record<number, FeeCost>> {
  const fees: Record<number, FeeCost> = {};
  for (const connections of FEES ? levels : []) {
    const half = halfOf(seconds);
    console.log(`▸ fee cost: ${label}unpriced, priced, priced, unpriced; ${connections} connections, ${half}s each`);
    fees[connections] = await pricedAgainstUnpriced({
      unpriced: () => run("unpriced", connections, half),
      priced: () => run("priced", connections, half),
    });
  }
  return fees;
}

/** "fee cost: priced/unpriced = 0.987 (priced 1234/s, unpriced 1250/s; non-2xx + errors 0 and 0)" */
export const feeCostText = ({ priced, unpriced, ratio }: FeeCost) =>
  `fee cost: priced/unpriced = ${ratio.toFixed(3)} (priced ${Math.round(priced.rps)}/s, unpriced ${Math.round(unpriced.rps)}/s; non-2xx + errors ${priced.errors} and ${unpriced.errors})`;

/** Half a level's time, at least 3 s: the length of each of the four runs. */
export const halfOf = (seconds: number) => Math.max(Math.round(seconds / 2), 3);

/**
 * The fees the entries of `reasons` of the two fresh sets carry: proof the priced runs did
 * compute a fee (or, for internal transfers, that none applies).
 */
export async function feesCarried(
  url: string,
  priced: FundedMerchant[],
  unpriced: FundedMerchant[],
  reasons: string[],
): Promise<{ priced: FeeSpread; unpriced: FeeSpread }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ priced: boolean; n: string; min: string; max: string }>(
      `SELECT account_id = ANY($1) AS priced, count(*) AS n, min(fee_cents) AS min, max(fee_cents) AS max
         FROM ledger_entries WHERE reason = ANY($2) AND account_id = ANY($3) GROUP BY 1`,
      [priced.map((m) => m.accountId), reasons, [...priced, ...unpriced].map((m) => m.accountId)],
    );
    const of = (kind: boolean): FeeSpread => {
      const row = rows.find((r) => r.priced === kind);
      return row ? { entries: Number(row.n), minCents: BigInt(row.min), maxCents: BigInt(row.max) } : NONE;
    };
    return { priced: of(true), unpriced: of(false) };
  } finally {
    await client.end();
  }
}

export type FeeSpread = { entries: number; minCents: bigint; maxCents: bigint };
const NONE: FeeSpread = { entries: 0, minCents: 0n, maxCents: 0n };

export const spreadText = (s: FeeSpread) =>
  s.entries === 0
    ? "no entries"
    : `${s.entries} entries, fee ${s.minCents === s.maxCents ? `${s.minCents}` : `${s.minCents}–${s.maxCents}`} centavos`;
