/**
 * What a unit of work writes to PostgreSQL's WAL (`pg_stat_wal`, PostgreSQL 14+): records, full
 * page images and bytes. Unlike a rate on a shared machine these counts do not depend on the
 * load, so two versions of a statement compare exactly. The view is server-wide: read it with
 * nothing else writing (a benchmark's own run).
 */
import pg from "pg";

export type WalReading = { records: number; fpi: number; bytes: number };

export async function walReading(url: string, options: { checkpoint?: boolean } = {}): Promise<WalReading | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Before a measured step: what earlier steps left dirty (a seed, pgbench's initialisation,
    // the level before) is written now, not during the step. Without it, a run's first level
    // moved by ~25% with whatever ran before it. Needs superuser or pg_checkpoint.
    if (options.checkpoint) await client.query("CHECKPOINT").catch(() => {});
    const { rows } = await client.query(
      "SELECT wal_records::float8 AS records, wal_fpi::float8 AS fpi, wal_bytes::float8 AS bytes FROM pg_stat_wal",
    );
    return (rows[0] as WalReading | undefined) ?? null;
  } catch {
    return null; // before PostgreSQL 14
  } finally {
    await client.end();
  }
}

/** What one unit wrote between two readings (null when either reading is missing). */
export function walPerUnit(before: WalReading | null, after: WalReading | null, units: number): WalReading | null {
  if (!before || !after || units <= 0) return null;
  const per = (key: keyof WalReading) => (after[key] - before[key]) / units;
  return { records: per("records"), fpi: per("fpi"), bytes: per("bytes") };
}

/** "44.1 records, 0.02 full pages, 7,058 B" per unit between two readings. */
export function walPer(before: WalReading | null, after: WalReading | null, units: number): string {
  const per = walPerUnit(before, after, units);
  return per
    ? `${per.records.toFixed(1)} records, ${per.fpi.toFixed(2)} full pages, ${Math.round(per.bytes).toLocaleString("en")} B`
    : "?";
}
