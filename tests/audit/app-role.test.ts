/**
 * The platform's own code, connected as pix_app the way `npm run dev` and the drills connect their
 * processes on a local cluster (server/db/roles.ts): every pool is pix_app, the start-up check
 * accepts it and refuses the administrator, and the normal paths that write the ledger — PIX in,
 * PIX out (settled and failed), internal transfers, gateway cash-outs, refunds, MED blocks and
 * releases, a payout's receiver — still work through the ledger's functions, which leave the
 * ledger whole. The rest of the integration tests connect as the cluster's administrator, because
 * their fixtures forge and backdate ledger rows and create databases.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { adminUrlOf } from "../../server/db/embedded";
import { pool, probePool } from "../../server/db/pool";
import { APP_ROLE, allowLocalAppLogin, asAppRole, roleProblem } from "../../server/db/roles";
import { recordReceiver } from "../../server/ledger/annotations";
import { reserveReport } from "../../server/ledger/reserve";
import { verifyLedger } from "../../server/ledger/verify";
import { registerPixKey } from "../../server/pix/platform-keys";
import { post as gatewayPost } from "../gateway/support";
import { availableCents, call, fundedMerchant, newMerchant } from "../support/fixtures";
import { settleOutbox } from "../support/outbox";

const adminUrl = inject("databaseUrl");
process.env.DATABASE_URL = asAppRole(adminUrl);

type Shop = Awaited<ReturnType<typeof fundedMerchant>>;

const receive = async (shop: Shop, amount: number) => {
  const res = await call(accountApi(), "POST", "/v4/i/sandbox/pix/in/credit", {
    auth: shop.auth,
    body: { accountId: shop.accountId, amount },
  });
  expect(res.status).toBe(200);
  return res.json.data.endToEndId as string;
};

const balances = (accountId: string) =>
  db().account.findUniqueOrThrow({
    where: { id: accountId },
    select: { availableCents: true, heldCents: true, blockedCents: true },
  });

describe("the platform connected as pix_app", () => {
  let shop: Shop;
  let other: Awaited<ReturnType<typeof newMerchant>>;

  beforeAll(async () => {
    await allowLocalAppLogin(adminUrlOf(adminUrl));
    process.env.SANDBOX_SETTLEMENT_DELAY_MS = "0";
    resetConfigForTests();
    shop = await fundedMerchant(100_000n);
    other = await newMerchant();
  });

  it("is pix_app on every pool, which the start-up check accepts", async () => {
    const [prisma] = await db().$queryRaw<{ role: string }[]>`SELECT current_user::text AS role`;
    const plain = (await pool().query("SELECT current_user AS role")).rows[0];
    const probe = (await probePool().query("SELECT current_user AS role")).rows[0];
    expect([prisma?.role, plain.role, probe.role]).toEqual([APP_ROLE, APP_ROLE, APP_ROLE]);
    expect(await roleProblem(async (sql) => (await pool().query(sql)).rows)).toBeNull();
  });

  it("the start-up check names what is wrong with the administrator's connection", async () => {
    const pg = await import("pg");
    const admin = new pg.default.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      expect(await roleProblem(async (sql) => (await admin.query(sql)).rows)).toMatch(
        /a superuser|may write the ledger's tables directly/,
      );
    } finally {
      await admin.end();
    }
  });

  it("PIX in, an internal transfer and PIX out to a key of the platform", async () => {
    await receive(shop, 50);
    const internal = await call(accountApi(), "POST", `/v4/i/bank-accounts/${shop.accountId}/transfer/internal`, {
      auth: shop.auth,
      body: { amount: 12.34, receiverBankAccount: other.accountId },
    });
    expect(internal.status).toBe(200);
    const key = `loja-${other.accountId}@example.test`;
    await registerPixKey(db(), other.accountId, "EMAIL", key);
    const inside = await call(accountApi(), "POST", `/v4/i/bank-accounts/${shop.accountId}/transfer/external`, {
      auth: shop.auth,
      body: { amount: 1, pixKey: key },
    });
    expect(inside.json.data).toMatchObject({ status: "succeeded" });
    expect(await availableCents(other.accountId)).toBe(1234n + 100n);
    expect(await availableCents(shop.accountId)).toBe(100_000n + 5000n - 1234n - 100n);
  });

  it("PIX out to another institution: held, then settled by the outbox", async () => {
    const before = await balances(shop.accountId);
    const res = await call(accountApi(), "POST", `/v4/i/bank-accounts/${shop.accountId}/transfer/external`, {
      auth: shop.auth,
      body: { amount: 10.5, pixKey: "+5511987654321" },
    });
    expect(res.json.data).toMatchObject({ status: "processing" });
    expect((await balances(shop.accountId)).heldCents).toBe(before.heldCents + 1050n);
    await settleOutbox();
    const entry = await db().ledgerEntry.findFirstOrThrow({
      where: { accountId: shop.accountId, id: res.json.data.id },
    });
    expect(entry.status).toBe("succeeded");
    expect(await balances(shop.accountId)).toMatchObject({
      availableCents: before.availableCents - 1050n,
      heldCents: before.heldCents,
    });
  });

  it("a gateway cash-out holds the money (gateway_cash_out_many or its fast path)", async () => {
    const before = await availableCents(shop.accountId);
    const body = { amount: 3, pix_key: "elis@example.invalid", pix_key_type: "email", external_id: "app-role-1" };
    const res = await gatewayPost(shop, "/pix/cash-out", body, { "idempotency-key": "k-app-role-1" });
    expect(res.status).toBe(201);
    expect(await availableCents(shop.accountId)).toBe(before - 300n);
    await settleOutbox();
  });

  it("a refund of a received PIX, settled, names itself on the credit", async () => {
    const original = await receive(shop, 20);
    const refund = await call(accountApi(), "POST", `/v4/i/pix/in/refund/${original}`, {
      auth: shop.auth,
      body: { amount: 5 },
    });
    expect(refund.status).toBe(200);
    await settleOutbox();
    const credit = await db().ledgerEntry.findFirstOrThrow({ where: { accountId: shop.accountId, id: original } });
    expect(credit.refundedEndToEndId).toBe(refund.json.data.endToEndId);
  });

  it("a MED blocks the disputed amount, names itself on the entry, and gives it back when rejected", async () => {
    const disputed = await receive(shop, 40);
    const before = await balances(shop.accountId);
    const opened = await call(accountApi(), "POST", "/v4/i/sandbox/meds", {
      auth: shop.auth,
      body: { endToEndId: disputed, details: "golpe" },
    });
    expect(opened.status).toBe(200);
    expect(await balances(shop.accountId)).toMatchObject({
      availableCents: before.availableCents - 4000n,
      blockedCents: before.blockedCents + 4000n,
    });
    const entry = await db().ledgerEntry.findFirstOrThrow({ where: { accountId: shop.accountId, id: disputed } });
    expect(entry.medId).toBe(opened.json.data.medId);
    const resolved = await call(accountApi(), "POST", `/v4/i/sandbox/meds/${opened.json.data.medId}/resolve`, {
      auth: shop.auth,
      body: { status: "rejected" },
    });
    expect(resolved.status).toBe(200);
    await settleOutbox();
    expect(await balances(shop.accountId)).toMatchObject(before);
  });

  it("a payout's receiver is written on its entry", async () => {
    const entry = await db().ledgerEntry.findFirstOrThrow({ where: { accountId: shop.accountId, type: "debit" } });
    const receiver = { name: "Loja Recebedora", document: "***.456.789-**" };
    await db().$transaction((tx) => recordReceiver(tx, entry, receiver as never));
    const written = await db().ledgerEntry.findUniqueOrThrow({ where: { seq: entry.seq } });
    expect(written.receiver).toEqual(receiver);
  });

  it("the reserve report reads the settlement account, and the ledger is whole", async () => {
    const report = await reserveReport(db(), {});
    expect(report.days.length).toBeGreaterThan(0);
    expect((await verifyLedger(db())).violations).toEqual([]);
  });
});
