import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { runCli } from "../../server/cli/run";
import { db } from "../../server/db/client";
import { call, fundedMerchant, newMerchant } from "../support/fixtures";

describe("ledger queries", () => {
  let merchant: Awaited<ReturnType<typeof fundedMerchant>>;
  let other: Awaited<ReturnType<typeof fundedMerchant>>;
  let transferIds: string[] = [];

  beforeAll(async () => {
    merchant = await fundedMerchant(10_000n);
    other = await fundedMerchant(10_000n);
    const receiver = await newMerchant();
    transferIds = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(accountApi(), "POST", `/v4/i/bank-accounts/${merchant.accountId}/transfer/internal`, {
        auth: merchant.auth,
        body: { amount: i + 1, receiverBankAccount: receiver.accountId, externalId: `ext-${i}` },
      });
      transferIds.push(res.json.data.id);
    }
  });

  it("lists the caller's entries newest first with pagination", async () => {
    const res = await call(accountApi(), "GET", "/v4/i/ledger?limit=2&page=1", { auth: merchant.auth });
    expect(res.status).toBe(200);
    expect(res.json.pagination).toEqual({ page: 1, limit: 2, orderBy: "desc", total: 6, totalPages: 3 });
    expect(res.json.size).toBe(2);
    expect(res.json.data.map((e: { id: string }) => e.id)).toEqual([transferIds[4], transferIds[3]]);
    const last = await call(accountApi(), "GET", "/v4/i/ledger?limit=2&page=3", { auth: merchant.auth });
    expect(last.json.data).toHaveLength(2);
    expect(last.json.data[1].reason).toBe("pix_in:credited");
  });

  it("filters by type, reason, status and dates", async () => {
    const credits = await call(accountApi(), "GET", "/v4/i/ledger?type=credit", { auth: merchant.auth });
    expect(credits.json.data).toHaveLength(1);
    const byReason = await call(accountApi(), "GET", "/v4/i/ledger?reason=internal:transfer_out&status=succeeded", {
      auth: merchant.auth,
    });
    expect(byReason.json.pagination.total).toBe(5);
    const future = Date.now() + 3_600_000;
    const none = await call(accountApi(), "GET", `/v4/i/ledger?startDate=${future}`, { auth: merchant.auth });
    expect(none.json.data).toEqual([]);
    expect(none.json.size).toBe(0);
  });

  it.each([
    "page=0",
    "limit=101",
    "limit=0",
    "type=both",
    "reason=pix_out:whatever",
    "startDate=abc",
    "startDate=10&endDate=5",
  ])("answers 400 for %s", async (query) => {
    const res = await call(accountApi(), "GET", `/v4/i/ledger?${query}`, { auth: merchant.auth });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("VALIDATION_ERROR");
  });

  it("finds an entry by end-to-end id, external id and entry id — only the caller's", async () => {
    const credit = await db().ledgerEntry.findFirstOrThrow({
      where: { accountId: merchant.accountId, type: "credit" },
    });
    const byE2e = await call(accountApi(), "GET", `/v4/i/ledger/end-to-end/${credit.endToEndId}`, {
      auth: merchant.auth,
    });
    expect(byE2e.status).toBe(200);
    expect(byE2e.json.data).toMatchObject({ id: credit.id, uid: credit.id, reason: "pix_in:credited" });

    const byExternal = await call(accountApi(), "GET", "/v4/i/ledger/external-id/ext-2", { auth: merchant.auth });
    expect(byExternal.json.data).toMatchObject({ id: transferIds[2], grossAmount: 3 });

    const foreign = await call(accountApi(), "GET", `/v4/i/ledger/end-to-end/${credit.endToEndId}`, {
      auth: other.auth,
    });
    expect(foreign.status).toBe(404);
    expect(
      (await call(accountApi(), "GET", "/v4/i/ledger/entry-id/UnknownRef0000000000000000", { auth: merchant.auth }))
        .status,
    ).toBe(404);
    expect((await call(accountApi(), "GET", "/v4/i/ledger/entry-id/unknown-ref", { auth: merchant.auth })).status).toBe(
      400,
    );
    expect((await call(accountApi(), "GET", "/v4/i/ledger/external-id/bad%20id", { auth: merchant.auth })).status).toBe(
      400,
    );
  });

  it("answers the balance from the ledger", async () => {
    const res = await call(accountApi(), "GET", `/v4/i/bank-accounts/${merchant.accountId}/balance`, {
      auth: merchant.auth,
    });
    expect(res.json.data).toMatchObject({ balance: 85, availableBalance: 85, blockedBalance: 0 });
  });

  it("ledger verify passes and says so in JSON", async () => {
    const out: string[] = [];
    const code = await runCli(db(), { out: (l) => out.push(l), err: () => {} }, ["ledger", "verify", "--json"]);
    const report = JSON.parse(out.join("\n"));
    expect(report.violations).toEqual([]);
    expect(code).toBe(0);
  });
});

describe("sandbox endpoints", () => {
  it("credits a PIX via key only to the caller's own account", async () => {
    const merchant = await fundedMerchant(0n);
    const stranger = await fundedMerchant(0n);
    const res = await call(accountApi(), "POST", "/v4/i/sandbox/pix/in/credit", {
      auth: merchant.auth,
      body: { accountId: merchant.accountId, amount: 50 },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      type: "credit",
      reason: "pix_in:credited",
      status: "succeeded",
      grossAmount: 50,
    });
    const foreign = await call(accountApi(), "POST", "/v4/i/sandbox/pix/in/credit", {
      auth: stranger.auth,
      body: { accountId: merchant.accountId, amount: 50 },
    });
    expect(foreign.status).toBe(403);
  });

  it("returns one of our settled payments, never more than was paid, even concurrently", async () => {
    const payer = await fundedMerchant(10_000n);
    const shop = await newMerchant();
    const { registerPixKey } = await import("../../server/pix/platform-keys");
    const key = `ret-${shop.accountId}@example.test`;
    await registerPixKey(db(), shop.accountId, "EMAIL", key);
    const sent = await call(accountApi(), "POST", `/v4/i/bank-accounts/${payer.accountId}/transfer/external`, {
      auth: payer.auth,
      body: { amount: 30, pixKey: key },
    });
    const e2e = sent.json.data.endToEndId;
    const returns = await Promise.all(
      [1, 2, 3, 4].map(() =>
        call(accountApi(), "POST", `/v4/i/sandbox/pix/out/${e2e}/return`, { auth: payer.auth, body: { amount: 10 } }),
      ),
    );
    expect(returns.filter((r) => r.status === 200)).toHaveLength(3);
    expect(returns.filter((r) => r.status === 422)).toHaveLength(1);
    const ok = returns.find((r) => r.status === 200);
    expect(ok?.json.data).toMatchObject({
      reason: "pix_out:refunded_processing",
      type: "credit",
      parentEndToEndId: e2e,
      endToEndId: expect.stringMatching(/^D/),
    });
    const unknown = await call(accountApi(), "POST", "/v4/i/sandbox/pix/out/E99999999202601010000AAAAAAAAAAA/return", {
      auth: payer.auth,
      body: {},
    });
    expect(unknown.status).toBe(404);
  });
});
