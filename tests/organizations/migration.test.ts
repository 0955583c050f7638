/**
 * The organisations migration (prisma/migrations/20261129040000_organisations) loses nothing:
 * on a database of its own, merchants with rows in the tenant tables are put back to the schema
 * before it (its tables and column dropped), every table is fingerprinted, the migration's SQL
 * runs, and every table is identical after; each merchant became a one-member organisation it
 * owns, customers and administrators did not, and the merchant reaches its data as before.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";

// This file's own database: the migration is run again on it, so the run's database stays intact.
const adminUrl = new URL(inject("databaseUrl"));
const name = `pix_orgmig_${Date.now()}_${randomBytes(3).toString("hex")}`;
const ownUrl = new URL(adminUrl);
ownUrl.pathname = `/${name}`;
process.env.DATABASE_URL = ownUrl.toString();

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { createApiKey } from "../../server/apikeys/service";
import { plusDays, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { createDueDateCharge } from "../../server/charges/due-date/service";
import { newTxId } from "../../server/charges/ids";
import { createCharge } from "../../server/charges/service";
import { resetConfigForTests } from "../../server/config";
import { db, disconnectDb } from "../../server/db/client";
import { adminUrlOf, dropDatabase, ensureDatabase } from "../../server/db/embedded";
import { closePool } from "../../server/db/pool";
import { memberOf } from "../../server/organizations/members";
import { createPaymentLink } from "../../server/payment-links/service";
import { createPixKey } from "../../server/pix/keys/service";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { createCustomerUser, createUser } from "../../server/users/service";
import { createWebhookConfig } from "../../server/webhooks/account-configs";
import { registerGatewayWebhook } from "../../server/webhooks/gateway";
import { migrate } from "../support/database";
import { call, fundedMerchant } from "../support/fixtures";
import { allowPrivateTargets } from "../webhooks/support";

const MIGRATION = path.resolve("prisma/migrations/20261129040000_organisations/migration.sql");
/** Puts the database back to the schema before the migration. */
const UNDO = `
  DROP TABLE "invitations"; DROP TABLE "memberships"; DROP TABLE "organizations"; DROP TYPE "MemberRole";
  ALTER TABLE "audit_log" DROP COLUMN "organization_id";
`;
/** Tenant tables (keyed by the merchant's user id) this file fills before the migration; PIX keys hang off accounts. */
const FILLED = [
  "accounts",
  "api_keys",
  "charges",
  "ledger_entries",
  "webhook_configs",
  "gateway_webhooks",
  "payload_locations",
  "payment_links",
  "outbox_events",
];

let client: pg.Client;
const merchants: { userId: string; accountId: string; email: string }[] = [];
let customerId = "";
let adminId = "";

async function fingerprint(): Promise<Record<string, string>> {
  const { rows } = await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'
     ORDER BY table_name`,
  );
  const prints: Record<string, string> = {};
  for (const { table_name } of rows) {
    const {
      rows: [row],
    } = await client.query<{ n: string; digest: string | null }>(
      `SELECT count(*)::text AS n,
              md5(string_agg((to_jsonb(t) - 'organization_id')::text, '|' ORDER BY (to_jsonb(t) - 'organization_id')::text)) AS digest
       FROM "${table_name}" t`,
    );
    prints[table_name] = `${row?.n}:${row?.digest ?? ""}`;
  }
  return prints;
}

async function tablesWithRowsKeyedByUser(): Promise<string[]> {
  const { rows } = await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'user_id'`,
  );
  const filled: string[] = [];
  for (const { table_name } of rows) {
    const {
      rows: [row],
    } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table_name}"`);
    if ((row?.n ?? 0) > 0) filled.push(table_name);
  }
  return filled;
}

let before: Record<string, string>;
let after: Record<string, string>;

beforeAll(async () => {
  await ensureDatabase(adminUrlOf(adminUrl.toString()), name);
  migrate(ownUrl.toString());
  resetConfigForTests();
  allowPrivateTargets();
  for (let i = 0; i < 2; i++) {
    const m = await fundedMerchant(500_000n);
    merchants.push({ userId: m.userId, accountId: m.accountId, email: m.email });
    await createCharge(db(), { userId: m.userId, accountId: m.accountId, amountCents: 321n });
    const payout = await call(accountApi(), "POST", `/v4/i/bank-accounts/${m.accountId}/transfer/external`, {
      auth: m.auth,
      body: { amount: 1.5, pixKey: "bia@example.invalid", externalId: `mig-${i}` },
    });
    expect(payout.status).toBe(200);
    await createWebhookConfig(db(), m.userId, { event: ["*"], targetUrl: "http://127.0.0.1:9/h" });
    await registerGatewayWebhook(db(), m.userId, {
      url: "http://127.0.0.1:9/g",
      events: ["pix.charge.created"],
      allowInsecure: true,
    });
    await createApiKey(db(), { userId: m.userId, name: "second", ipWhitelist: ["127.0.0.1"] });
    await createPixKey(db(), { callerId: m.userId, accountId: m.accountId }, { type: "EVP" });
    await createDueDateCharge(db(), {
      userId: m.userId,
      txId: newTxId(),
      accountId: m.accountId,
      dueDate: plusDays(todayInSaoPaulo(), 10),
      debtor: { name: "Devedora", cpf: "52998224725" },
      valor: { original: "7.77" },
    });
    await createPaymentLink(db(), m.userId, {
      accountId: m.accountId,
      description: "Link",
      amount: 100n,
      payerFields: [],
    });
  }
  customerId = (await createCustomerUser(db(), { id: crypto.randomUUID(), name: "Cliente" })).id;
  adminId = (
    await createUser(db(), {
      email: `adm-${name}@example.test`,
      name: "Adm",
      password: "correct-horse-1",
      role: "ADMIN",
    })
  ).id;
  await disconnectDb();
  await closePool();

  client = new pg.Client({ connectionString: ownUrl.toString() });
  await client.connect();
  await client.query(UNDO);
  before = await fingerprint();
  await client.query(readFileSync(MIGRATION, "utf8"));
  after = await fingerprint();
}, 120_000);

afterAll(async () => {
  await client?.end();
  await disconnectDb();
  await closePool();
  await dropDatabase(adminUrlOf(adminUrl.toString()), name);
});

describe("the organisations migration", () => {
  it("ran on rows of every tenant table this file fills", async () => {
    expect(await tablesWithRowsKeyedByUser()).toEqual(expect.arrayContaining(FILLED));
  });

  it("changes no row of any table that existed before", () => {
    const existing = Object.keys(before);
    expect(existing.length).toBeGreaterThan(20);
    for (const table of existing) expect(after[table], table).toBe(before[table]);
  });

  it("makes each merchant a one-member organisation it owns, and nobody else one", async () => {
    const { rows: orgs } = await client.query<{ id: string; name: string }>(`SELECT id, name FROM organizations`);
    expect(orgs.map((o) => o.id).sort()).toEqual(merchants.map((m) => m.userId).sort());
    const { rows: members } = await client.query<{ organization_id: string; user_id: string; role: string }>(
      `SELECT organization_id, user_id, role FROM memberships`,
    );
    expect(members).toHaveLength(merchants.length);
    for (const m of merchants) {
      expect(members).toContainEqual({ organization_id: m.userId, user_id: m.userId, role: "owner" });
    }
    expect(orgs.map((o) => o.id)).not.toContain(customerId);
    expect(orgs.map((o) => o.id)).not.toContain(adminId);
  });

  it("lets the merchant reach every record as before, as its organisation's owner", async () => {
    const [m] = merchants;
    if (!m) throw new Error("no merchant");
    expect(await memberOf(db(), m.userId)).toMatchObject({ organizationId: m.userId, role: "owner" });
    const caller = createCallerFactory(appRouter)({
      user: { id: m.userId, email: m.email, name: "Loja", role: "MERCHANT" },
    });
    const keys = await caller.apiKeys.list();
    expect(keys.keys).toHaveLength(2);
    const charges = await caller.dueDateCharges.list({ page: 1, limit: 10 });
    expect(charges.total).toBe(1);
    const webhooks = await caller.webhooks.account.list();
    expect(webhooks.configs).toHaveLength(1);
  });
});
