/**
 * The ledger list's pagination past the exact-count cap (docs/contract.md, decision 0020): the
 * total is exact up to EXACT_TOTAL_UP_TO matching entries and an estimate above it, never less
 * than the pages already seen; the pages themselves stay exact and in order.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { db } from "../../server/db/client";
import { EXACT_TOTAL_UP_TO, listEntries } from "../../server/ledger/queries";
import { call, fundedMerchant } from "../support/fixtures";

type Merchant = Awaited<ReturnType<typeof fundedMerchant>>;

/** `count` entries in SQL (one a second, newest last), as the benchmark's generator does. */
// One base time for every insert: entry g of a status sits g seconds after it (failed ones half a
// second later than the succeeded one of the same g), however long the inserts themselves take.
const BASE = new Date(Date.now() - 86_400_000);

async function insertEntries(merchant: Merchant, count: number, status: "succeeded" | "failed") {
  const base = new Date(BASE.getTime() + (status === "failed" ? 500 : 0));
  await db().$executeRaw`
    INSERT INTO ledger_entries (id, account_id, user_id, type, reason, status, gross_cents, fee_cents, net_cents,
                                idempotency_key, created_at, updated_at)
    SELECT 'paging-' || ${merchant.accountId} || '-' || ${status} || '-' || g, ${merchant.accountId},
           ${merchant.userId}::uuid, 'credit', 'pix_in:credited', ${status}::"EntryStatus", 100, 0, 100,
           'paging:' || ${merchant.accountId} || ':' || ${status} || ':' || g,
           ${base}::timestamptz + g * interval '1 second', now()
      FROM generate_series(1, ${count}) g`;
}

describe("ledger pagination past the exact count", () => {
  let exact: Merchant;
  let large: Merchant;

  beforeAll(async () => {
    exact = await fundedMerchant(0n);
    large = await fundedMerchant(0n);
    await insertEntries(exact, EXACT_TOTAL_UP_TO, "succeeded");
    await insertEntries(large, EXACT_TOTAL_UP_TO + 500, "succeeded");
    await insertEntries(large, 30, "failed");
    await db().$executeRawUnsafe("ANALYZE ledger_entries");
  }, 60_000);

  it("counts exactly up to the cap", async () => {
    const res = await call(accountApi(), "GET", "/v4/i/ledger?limit=100&page=100", { auth: exact.auth });
    expect(res.status).toBe(200);
    expect(res.json.pagination).toEqual({
      page: 100,
      limit: 100,
      orderBy: "desc",
      total: EXACT_TOTAL_UP_TO,
      totalPages: EXACT_TOTAL_UP_TO / 100,
    });
    expect(res.json.size).toBe(100);
    expect(res.json.data.at(-1).id).toBe(`paging-${exact.accountId}-succeeded-1`);
  });

  it("above the cap, answers an estimate above the cap and keeps the pages exact", async () => {
    const first = await listEntries(db(), large.userId, { page: 1, limit: 100 });
    expect(first.totalExact).toBe(false);
    expect(first.total).toBeGreaterThan(EXACT_TOTAL_UP_TO);
    expect(first.entries.map((e) => e.id).slice(0, 2)).toEqual([
      `paging-${large.accountId}-succeeded-${EXACT_TOTAL_UP_TO + 500}`,
      `paging-${large.accountId}-succeeded-${EXACT_TOTAL_UP_TO + 499}`,
    ]);

    const res = await call(accountApi(), "GET", "/v4/i/ledger?limit=100&page=106", { auth: large.auth });
    expect(res.status).toBe(200);
    expect(res.json.size).toBe(30);
    expect(res.json.data.slice(-2).map((e: { id: string }) => e.id)).toEqual([
      `paging-${large.accountId}-failed-1`,
      `paging-${large.accountId}-succeeded-1`,
    ]);
    expect(res.json.pagination.total).toBeGreaterThanOrEqual(105 * 100 + 30);
    expect(res.json.pagination.totalPages).toBe(Math.ceil(res.json.pagination.total / 100));
  });

  it("the last page is never reported before the entries it shows", async () => {
    const deep = await listEntries(db(), large.userId, { page: 1, limit: 100, offset: EXACT_TOTAL_UP_TO + 400 });
    expect(deep.entries).toHaveLength(100);
    expect(deep.total).toBeGreaterThanOrEqual(EXACT_TOTAL_UP_TO + 500);
  });

  it("a filter matching fewer than the cap is counted exactly, even for a large merchant", async () => {
    const res = await call(accountApi(), "GET", "/v4/i/ledger?status=failed&limit=20&page=2", { auth: large.auth });
    expect(res.json.pagination).toMatchObject({ total: 30, totalPages: 2 });
    expect(res.json.data.map((e: { id: string }) => e.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `paging-${large.accountId}-failed-${10 - i}`),
    );
    const dashboard = await listEntries(db(), large.userId, { status: "failed", page: 1, limit: 20 });
    expect(dashboard).toMatchObject({ total: 30, totalExact: true });
  });

  it("an empty list of reasons matches nothing", async () => {
    const none = await listEntries(db(), large.userId, { reasons: [], page: 1, limit: 20 });
    expect(none).toMatchObject({ entries: [], total: 0, totalExact: true });
  });
});
