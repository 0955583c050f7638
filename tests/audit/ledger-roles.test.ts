/**
 * The ledger against the database itself (docs/decisions/0053): the platform's role (pix_app)
 * reads the ledger's tables and writes them only through the ledger's functions; a deferred
 * trigger refuses, at COMMIT and even to the owner, a ledger transaction that does not balance
 * and a posting that takes a merchant account below zero.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { fundedMerchant } from "../support/fixtures";
import { asRole } from "./as-role";

/** Every table of the ledger: its name says ledger or posting, and the entries' status events. */
const LEDGER_TABLES_SQL = `
  SELECT tablename::text AS name FROM pg_tables
   WHERE schemaname = 'public' AND (tablename ~ '(ledger|posting)' OR tablename = 'entry_events')
   ORDER BY 1`;

const WRITERS = [
  "ledger_post_many(jsonb)",
  "ledger_post(jsonb)",
  "gateway_cash_out_many(jsonb)",
  "ledger_lock_entry(bigint)",
  "ledger_mark_disputed(bigint,uuid,timestamp with time zone)",
  "ledger_record_receiver(bigint,jsonb)",
  "ledger_mark_refunded(text,text,text)",
];

describe("database roles: the ledger", () => {
  let client: pg.Client;
  let shop: Awaited<ReturnType<typeof fundedMerchant>>;
  let entrySeq: bigint;

  beforeAll(async () => {
    shop = await fundedMerchant(10_000n);
    entrySeq = (await db().ledgerEntry.findFirstOrThrow({ where: { accountId: shop.accountId } })).seq;
    client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
  });

  const as = (role: string | null, sql: string, values: unknown[] = []) => asRole(client, role, sql, values);

  /** The shop's balances, entries and postings (other files write the same database meanwhile). */
  const shopState = async () => ({
    account: await db().account.findUniqueOrThrow({ where: { id: shop.accountId } }),
    entries: await db().ledgerEntry.count({ where: { accountId: shop.accountId } }),
    postings: await db().ledgerPosting.count({ where: { accountId: shop.accountId } }),
    events: await db().entryEvent.count({ where: { entry: { accountId: shop.accountId } } }),
  });

  /** Runs the statements in one transaction as the cluster's administrator and commits it. */
  async function committed(statements: string[]) {
    await client.query("BEGIN");
    try {
      for (const sql of statements) await client.query(sql);
    } catch (error) {
      await client.query("ROLLBACK");
      throw new Error(`before COMMIT: ${(error as Error).message}`);
    }
    await client.query("COMMIT");
  }

  it("the ledger's tables are ledger_entries, ledger_postings and entry_events", async () => {
    const { rows } = await client.query(LEDGER_TABLES_SQL);
    expect(rows.map((row) => row.name)).toEqual(["entry_events", "ledger_entries", "ledger_postings"]);
  });

  it("pix_app may read every ledger table and hold no other privilege on it", async () => {
    const { rows } = await client.query(
      `SELECT t.name, p.privilege, has_table_privilege('pix_app', t.name, p.privilege) AS granted
         FROM (${LEDGER_TABLES_SQL}) t,
              unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) p(privilege)`,
    );
    const granted = rows.filter((row) => row.granted).map((row) => `${row.name}:${row.privilege}`);
    expect(granted.sort()).toEqual(["entry_events:SELECT", "ledger_entries:SELECT", "ledger_postings:SELECT"]);
  });

  const postingSql = (accountId: string) =>
    `INSERT INTO ledger_postings (transaction_id, entry_seq, account_id, bucket, amount_cents)
     VALUES ('${randomUUID()}', ${entrySeq}, '${accountId}', 'available', 1)`;
  const forbidden = (accountId: string): [string, string][] => [
    ["INSERT a posting", postingSql(accountId)],
    ["UPDATE a posting", "UPDATE ledger_postings SET amount_cents = amount_cents + 1"],
    ["DELETE a posting", "DELETE FROM ledger_postings"],
    ["TRUNCATE the postings", "TRUNCATE ledger_postings"],
    [
      "INSERT an entry",
      `INSERT INTO ledger_entries (id, account_id, user_id, type, reason, status, gross_cents, fee_cents, net_cents,
                                   idempotency_key)
       SELECT 'forged', account_id, user_id, 'credit', 'pix_in:credited', 'succeeded', 1, 0, 1, 'forged'
         FROM ledger_entries LIMIT 1`,
    ],
    ["UPDATE an entry", "UPDATE ledger_entries SET net_cents = net_cents + 1"],
    ["DELETE an entry", "DELETE FROM ledger_entries"],
    ["TRUNCATE the entries", "TRUNCATE ledger_entries CASCADE"],
    ["INSERT a status event", `INSERT INTO entry_events (entry_seq, status) VALUES (${entrySeq}, 'failed')`],
    ["UPDATE a status event", "UPDATE entry_events SET status = 'failed'"],
    ["DELETE a status event", "DELETE FROM entry_events"],
    ["TRUNCATE the status events", "TRUNCATE entry_events"],
    ["lock an entry itself", `SELECT seq FROM ledger_entries WHERE seq = ${entrySeq} FOR UPDATE`],
    ["move the postings' sequence", "SELECT setval('ledger_postings_id_seq', 1)"],
    ["set a balance", `UPDATE accounts SET available_cents = available_cents + 100 WHERE id = '${accountId}'`],
    ["DISABLE the balance trigger", "ALTER TABLE ledger_postings DISABLE TRIGGER ledger_postings_balanced"],
    ["DISABLE every posting trigger", "ALTER TABLE ledger_postings DISABLE TRIGGER ALL"],
    ["DISABLE the accounts' triggers", "ALTER TABLE accounts DISABLE TRIGGER ALL"],
    ["DROP the balance trigger", "DROP TRIGGER ledger_postings_balanced ON ledger_postings"],
    ["DROP the postings", "DROP TABLE ledger_postings"],
    ["DROP the entries", "DROP TABLE ledger_entries CASCADE"],
    ["DROP a posting function", "DROP FUNCTION ledger_post_many(jsonb)"],
    [
      "redefine a posting function",
      "CREATE OR REPLACE FUNCTION ledger_post(change jsonb) RETURNS jsonb LANGUAGE sql AS $$ SELECT change $$",
    ],
  ];

  it("pix_app is refused each direct write, and nothing changed", async () => {
    const before = await shopState();
    const refused: string[] = [];
    for (const [what, sql] of forbidden(shop.accountId)) {
      const error = await as("pix_app", sql).then(
        () => null,
        (failure: Error) => failure.message,
      );
      if (error && /permission denied|must be owner/.test(error)) refused.push(what);
      else expect.fail(`${what}: ${error ?? "allowed"}`);
    }
    expect(refused).toHaveLength(forbidden(shop.accountId).length);
    expect(await shopState()).toEqual(before);
  });

  it("pix_app still opens accounts, changes their other columns, and may not open one with money", async () => {
    const other = await as("pix_app", `UPDATE accounts SET name = name, status = status WHERE id = $1`, [
      shop.accountId,
    ]);
    expect(other.rowCount).toBe(1);
    const opened = `INSERT INTO accounts (id, user_id, name, document, person_type, updated_at, available_cents)
                    SELECT '999999999999', user_id, 'Aberta', document, person_type, now(), $1 FROM accounts WHERE id = $2`;
    expect((await as("pix_app", opened, [0, shop.accountId])).rowCount).toBe(1);
    await expect(as("pix_app", opened, [100, shop.accountId])).rejects.toThrow(/must open with zero balances/);
  });

  it("pix_app may change every column of accounts but the balances (a new column needs its grant)", async () => {
    const { rows } = await client.query(
      `SELECT column_name::text AS name, has_column_privilege('pix_app', 'accounts', column_name, 'UPDATE') AS updates
         FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'accounts'`,
    );
    const fixed = rows.filter((row) => !row.updates).map((row) => row.name);
    expect(fixed.sort()).toEqual(["available_cents", "blocked_cents", "created_at", "held_cents", "id", "user_id"]);
  });

  it("the functions that write run as pix_owner with a pinned search_path, callable by pix_app and not by everyone", async () => {
    const { rows } = await client.query(
      `SELECT p.oid::regprocedure::text AS name, p.prosecdef AS definer, pg_get_userbyid(p.proowner)::text AS owner,
              p.proconfig::text[] AS settings,
              has_function_privilege('pix_app', p.oid, 'EXECUTE') AS app_calls,
              EXISTS (SELECT 1 FROM aclexplode(p.proacl) a WHERE a.grantee = 0) AS everyone_calls
         FROM pg_proc p WHERE p.oid::regprocedure::text = ANY($1::text[])`,
      [WRITERS],
    );
    expect(rows.map((row) => row.name).sort()).toEqual([...WRITERS].sort());
    for (const row of rows) {
      expect(row, row.name).toMatchObject({
        definer: true,
        owner: "pix_owner",
        app_calls: true,
        everyone_calls: false,
      });
      expect(row.settings, row.name).toContain("search_path=public, pg_temp");
    }
  });

  it("a ledger transaction that does not balance fails at COMMIT, even for the administrator", async () => {
    const unbalanced = `INSERT INTO ledger_postings (transaction_id, entry_seq, account_id, bucket, amount_cents)
                        VALUES ('${randomUUID()}', ${entrySeq}, NULL, 'spi', 1)`;
    await expect(committed([unbalanced])).rejects.toThrow(
      /^ledger transaction \S+ does not balance: its postings sum to 1 centavos$/,
    );
  });

  it("a balanced posting that takes a merchant account below zero fails at COMMIT, even with the accounts' own check off", async () => {
    const tx = randomUUID();
    const overdraft = 10_001;
    await expect(
      committed([
        "ALTER TABLE accounts DISABLE TRIGGER accounts_balances_nonnegative",
        `INSERT INTO ledger_postings (transaction_id, entry_seq, account_id, bucket, amount_cents)
         VALUES ('${tx}', ${entrySeq}, '${shop.accountId}', 'available', ${-overdraft}),
                ('${tx}', ${entrySeq}, NULL, 'spi', ${overdraft})`,
        `UPDATE accounts SET available_cents = available_cents - ${overdraft} WHERE id = '${shop.accountId}'`,
      ]),
    ).rejects.toThrow(new RegExp(`^posting \\d+ takes account ${shop.accountId} \\(available\\) below zero$`));
    const { rows } = await client.query(
      "SELECT tgenabled FROM pg_trigger WHERE tgname = 'accounts_balances_nonnegative'",
    );
    expect(rows[0]?.tgenabled).toBe("O");
    expect((await db().account.findUniqueOrThrow({ where: { id: shop.accountId } })).availableCents).toBe(10_000n);
  });

  it("pix_app's posting that would overdraw an account is refused by the posting function", async () => {
    const change = {
      legs: [
        { entry_seq: entrySeq.toString(), account_id: shop.accountId, bucket: "available", amount: "-10001" },
        { entry_seq: entrySeq.toString(), account_id: null, bucket: "spi", amount: "10001" },
      ],
    };
    const { rows } = await as("pix_app", "SELECT ledger_post_many($1::jsonb) AS outcomes", [JSON.stringify([change])]);
    expect(rows[0].outcomes).toEqual([{ error: `insufficient_funds:${shop.accountId}` }]);
  });

  it("TRUNCATE of a ledger table is refused to the administrator too, by its trigger", async () => {
    for (const table of ["ledger_postings", "entry_events"]) {
      await expect(as(null, `TRUNCATE ${table}`)).rejects.toThrow(
        `${table} is part of the ledger and cannot be truncated`,
      );
    }
    await expect(as(null, "TRUNCATE ledger_entries CASCADE")).rejects.toThrow(
      /part of the ledger and cannot be truncated/,
    );
  });
});
