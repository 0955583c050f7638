/**
 * Loads bench/support/million-entries.sql (1,000,000 entries, 200,000 charges) for the given
 * merchants — the first gets 60% of the entries and every charge — then VACUUM ANALYZE, so the
 * visibility map lets the list's index-only scans skip the heap, as autovacuum would.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

export type BenchMerchant = { userId: string; accountId: string };

export const MERCHANTS = 20;

export async function loadMillionEntries(url: string, merchants: BenchMerchant[]): Promise<number> {
  if (merchants.length !== MERCHANTS) throw new Error(`${MERCHANTS} merchants expected`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    await client.query(
      "CREATE TEMP TABLE bench_merchants (m int PRIMARY KEY, user_id uuid NOT NULL, account_id varchar(12) NOT NULL)",
    );
    for (const [index, merchant] of merchants.entries()) {
      await client.query("INSERT INTO bench_merchants VALUES ($1, $2, $3)", [
        index + 1,
        merchant.userId,
        merchant.accountId,
      ]);
    }
    await client.query(readFileSync(path.join(import.meta.dirname, "million-entries.sql"), "utf8"));
    await client.query("VACUUM ANALYZE ledger_entries");
    await client.query("VACUUM ANALYZE charges");
  } finally {
    await client.end();
  }
  return performance.now() - started;
}

/** Percentile (nearest rank) of durations in ms. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export const ms = (value: number) => (Number.isNaN(value) ? "—" : value.toFixed(1));
