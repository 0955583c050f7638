import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { call, fundedMerchant } from "../support/fixtures";

describe("account-surface pagination", () => {
  let merchant: Awaited<ReturnType<typeof fundedMerchant>>;
  beforeAll(async () => {
    merchant = await fundedMerchant(0n);
  });

  it("counts no page for an empty list", async () => {
    const res = await call(accountApi(), "GET", "/v4/i/meds?limit=10", { auth: merchant.auth });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, size: 0, data: [] });
    expect(res.json.pagination).toEqual({ page: 1, limit: 10, orderBy: "desc", total: 0, totalPages: 0 });
  });
});
