/**
 * A fingerprint of everything a request could change for the given merchants: the count of
 * their rows in every table the application writes, and their balances. Scoped to them, because
 * other test files write to the same database at the same time. Equal before and after a
 * refused request, or the request changed state.
 */
import { db } from "../../../server/db/client";

type Owners = { userIds: string[]; accountIds: string[] };

/** How a table's rows are tied to a merchant, by the columns it has. */
const SCOPES: [column: string, condition: string][] = [
  ["user_id", "user_id = ANY($1::uuid[])"],
  ["account_id", "account_id = ANY($2::text[])"],
  ["entry_seq", "entry_seq IN (SELECT seq FROM ledger_entries WHERE account_id = ANY($2::text[]))"],
  ["api_key_id", "api_key_id IN (SELECT id FROM api_keys WHERE user_id = ANY($1::uuid[]))"],
  ["delivery_id", "delivery_id IN (SELECT id FROM webhook_deliveries WHERE user_id = ANY($1::uuid[]))"],
];

/** Written by the delivery loops of any process, never by a request. */
const BACKGROUND_ONLY = new Set(["webhook_attempts", "worker_heartbeats"]);

let counters: string[] | undefined;

async function countersOf(): Promise<string[]> {
  const columns = await db().$queryRaw<{ table_name: string; column_name: string }[]>`
    SELECT c.table_name::text AS table_name, c.column_name::text AS column_name
      FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
     WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' ORDER BY 1, 2`;
  const byTable = new Map<string, Set<string>>();
  for (const { table_name, column_name } of columns) {
    byTable.set(table_name, (byTable.get(table_name) ?? new Set()).add(column_name));
  }
  const result: string[] = [];
  for (const [table, cols] of byTable) {
    if (BACKGROUND_ONLY.has(table)) continue;
    const conditions = SCOPES.filter(([column]) => cols.has(column)).map(([, condition]) => condition);
    if (table === "users") conditions.push("id = ANY($1::uuid[])");
    if (conditions.length) result.push(`(SELECT count(*) FROM "${table}" WHERE ${conditions.join(" OR ")})::text`);
  }
  return result;
}

export async function stateFingerprint(owners: Owners): Promise<string> {
  counters ??= await countersOf();
  const [row] = await db().$queryRawUnsafe<{ fingerprint: string }[]>(
    `SELECT ${counters.join(" || ',' || ")} || '|' || COALESCE((SELECT string_agg(
       available_cents::text || '/' || held_cents::text || '/' || blocked_cents::text, ',' ORDER BY id)
       FROM accounts WHERE id = ANY($2::text[])), '') AS fingerprint`,
    owners.userIds,
    owners.accountIds,
  );
  return row?.fingerprint ?? "";
}
