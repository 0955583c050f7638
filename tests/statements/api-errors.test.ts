import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { expectInternalError } from "../support/answers";
import { call } from "../support/fixtures";
import { merchantWithEntries } from "./support";

describe("statement endpoints: 429 and 500", () => {
  let merchant: Awaited<ReturnType<typeof merchantWithEntries>>;

  beforeAll(async () => {
    process.env.ACCOUNT_RATE_ENDPOINT_PER_MINUTE = "2";
    resetConfigForTests();
    merchant = await merchantWithEntries(0);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("answers 500 without internals when the database fails", async () => {
    vi.spyOn(db().statement, "create").mockRejectedValueOnce(new Error("connection to 10.0.0.7 refused"));
    const res = await call(accountApi(), "POST", "/v4/i/ledger/extract", {
      auth: merchant.auth,
      body: { accountId: merchant.accountId, startDate: 1, endDate: 2 },
    });
    expectInternalError(res, "10.0.0.7");
  });

  it("answers 429 past the per-endpoint limit, on POST and on GET", async () => {
    const body = { accountId: merchant.accountId, startDate: 1, endDate: 2 };
    const post = () => call(accountApi(), "POST", "/v4/i/ledger/extract", { auth: merchant.auth, body });
    // The 500 above counted as one request on this endpoint.
    expect((await post()).status).toBe(202);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", message: "Too many requests" });

    const id = "00000000-0000-4000-8000-000000000000";
    const get = () => call(accountApi(), "GET", `/v4/i/ledger/extract/${id}`, { auth: merchant.auth });
    expect((await get()).status).toBe(404);
    expect((await get()).status).toBe(404);
    expect((await get()).status).toBe(429);
  });
});
