import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { db } from "../../server/db/client";
import { verifyLedger } from "../../server/ledger/verify";
import { createPixKey } from "../../server/pix/keys/service";
import { creditIncomingPix } from "../../server/transfers/incoming";
import { call } from "../support/fixtures";
import { programmeAccount, programmeOwner } from "./support";

const app = () => accountApi();
const base = (accountId: string) => `/v4/i/baas/accounts/${accountId}`;

type Owner = Awaited<ReturnType<typeof programmeOwner>>;

describe("programme accounts: balance and statement", () => {
  let owner: Owner;
  let accountId: string;
  let keyValue: string;

  beforeAll(async () => {
    owner = await programmeOwner();
    const account = await programmeAccount(owner.userId);
    accountId = account.id;
    const key = await createPixKey(db(), { callerId: owner.userId, accountId }, { type: "EVP" });
    keyValue = key.key;
  });

  it("an outside PIX to the programme account's key credits that account, ledger verify clean", async () => {
    const res = await call(app(), "POST", "/v4/i/sandbox/pix/in/credit", {
      auth: owner.auth,
      body: { pixKey: keyValue.toUpperCase(), amount: 150.25, payer: { name: "Maria Souza" } },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      accountId,
      reason: "pix_in:credited",
      status: "succeeded",
      grossAmount: 150.25,
      pixKey: keyValue,
    });
    const balance = await call(app(), "GET", `${base(accountId)}/balance`, { auth: owner.auth });
    expect(balance.status).toBe(200);
    expect(balance.json.data).toEqual({ accountId, balance: 150.25, availableBalance: 150.25, blockedBalance: 0 });
    expect((await verifyLedger(db())).violations).toEqual([]);
  });

  it("a merchant's send-by-key to the programme key credits it at once", async () => {
    const payer = await programmeOwner();
    await creditIncomingPix(db(), { userId: payer.userId, accountId: payer.accountId, amountCents: 10_000n });
    const res = await call(app(), "POST", `/v4/i/bank-accounts/${payer.accountId}/transfer/external`, {
      auth: payer.auth,
      body: { pixKey: keyValue, amount: 20 },
    });
    expect(res.status).toBe(200);
    expect(res.json.data.status).toBe("succeeded");
    const balance = await call(app(), "GET", `${base(accountId)}/balance`, { auth: owner.auth });
    expect(balance.json.data.balance).toBe(170.25);
    expect((await verifyLedger(db())).violations).toEqual([]);
  });

  it("sandbox credit to a key of someone else's account is a 404", async () => {
    const stranger = await programmeOwner();
    const res = await call(app(), "POST", "/v4/i/sandbox/pix/in/credit", {
      auth: stranger.auth,
      body: { pixKey: keyValue, amount: 1 },
    });
    expect(res.status).toBe(404);
    const both = await call(app(), "POST", "/v4/i/sandbox/pix/in/credit", {
      auth: owner.auth,
      body: { pixKey: keyValue, accountId, amount: 1 },
    });
    expect(both.status).toBe(400);
  });

  it("lists the statement newest first with limit, offset and type", async () => {
    const all = await call(app(), "GET", `${base(accountId)}/statement`, { auth: owner.auth });
    expect(all.status).toBe(200);
    expect(all.json.data.map((e: { grossAmount: number }) => e.grossAmount)).toEqual([20, 150.25]);
    expect(all.json.pagination).toMatchObject({ total: 2, limit: 100 });

    const second = await call(app(), "GET", `${base(accountId)}/statement?limit=1&offset=1`, { auth: owner.auth });
    expect(second.json.data.map((e: { grossAmount: number }) => e.grossAmount)).toEqual([150.25]);

    const pixIn = await call(app(), "GET", `${base(accountId)}/statement?type=pix_in`, { auth: owner.auth });
    expect(pixIn.json.data).toHaveLength(2);
    const pixOut = await call(app(), "GET", `${base(accountId)}/statement?type=pix_out`, { auth: owner.auth });
    expect(pixOut.json.data).toEqual([]);
    expect(pixOut.json.pagination.total).toBe(0);
  });

  it("filters by São Paulo days", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
    const inRange = await call(app(), "GET", `${base(accountId)}/statement?startDate=${today}&endDate=${today}`, {
      auth: owner.auth,
    });
    expect(inRange.json.data).toHaveLength(2);
    const past = await call(app(), "GET", `${base(accountId)}/statement?startDate=2020-01-01&endDate=2020-01-31`, {
      auth: owner.auth,
    });
    expect(past.json.data).toEqual([]);
  });

  it.each([
    ["limit=0"],
    ["limit=101"],
    ["offset=-1"],
    ["type=internal"],
    ["startDate=2026-02-30"],
    ["startDate=20260101"],
    ["startDate=2026-03-02&endDate=2026-03-01"],
  ])("answers 400 for %s", async (query) => {
    const res = await call(app(), "GET", `${base(accountId)}/statement?${query}`, { auth: owner.auth });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("VALIDATION_ERROR");
  });

  it("hides the account from another programme owner (404) and answers 400 for a malformed id", async () => {
    const stranger = await programmeOwner();
    for (const path of [`${base(accountId)}/balance`, `${base(accountId)}/statement`]) {
      const res = await call(app(), "GET", path, { auth: stranger.auth });
      expect(res.status, path).toBe(404);
      expect(res.json.code).toBe("NOT_FOUND");
    }
    // the holder's own merchant account ids are not programme accounts of anyone else either
    const res = await call(app(), "GET", `${base(stranger.accountId)}/balance`, { auth: owner.auth });
    expect(res.status).toBe(404);
    expect((await call(app(), "GET", `${base("12ab")}/balance`, { auth: owner.auth })).status).toBe(400);
  });
});
