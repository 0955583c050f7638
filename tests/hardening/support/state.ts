/**
 * A fingerprint of everything a request could change: the row count of every table the
 * application writes, and the balances of the given accounts. Equal before and after a refused
 * request, or the request changed state.
 */
import { db } from "../../../server/db/client";

const UNWATCHED = new Set(["_prisma_migrations", "worker_heartbeats"]);
let tables: string[] | undefined;

export async function stateFingerprint(accountIds: string[]): Promise<string> {
  tables ??= (
    await db().$queryRaw<{ table_name: string }[]>`
      SELECT table_name::text AS table_name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`
  )
    .map((t) => t.table_name)
    .filter((t) => !UNWATCHED.has(t));
  const counts = tables.map((t) => `(SELECT count(*) FROM "${t}")::text`).join(" || ',' || ");
  const [row] = await db().$queryRawUnsafe<{ fingerprint: string }[]>(
    `SELECT ${counts} || '|' || COALESCE((SELECT string_agg(available_cents::text || '/' || held_cents::text || '/' || blocked_cents::text, ',' ORDER BY id)
       FROM accounts WHERE id = ANY($1::text[])), '') AS fingerprint`,
    accountIds,
  );
  return row?.fingerprint ?? "";
}
