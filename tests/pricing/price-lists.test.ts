import { describe, expect, it } from "vitest";
import { cliActor } from "../../server/cli/actor";
import { db, type Tx } from "../../server/db/client";
import { feeFor, pixOutFeeFor, priceListHistory, priceListInForce, setPriceList } from "../../server/pricing/service";
import { newMerchant } from "../support/fixtures";

const actor = cliActor();
const price = (percentBasisPoints: number, fixedCents = 0n, minCents: bigint | null = null) => ({
  percentBasisPoints,
  fixedCents,
  minCents,
  maxCents: null,
});

/** Runs `work` in a transaction that is rolled back: the default list is shared by the whole run. */
async function rolledBack(work: (tx: Tx) => Promise<void>): Promise<void> {
  const done = new Error("rolled back");
  await db()
    .$transaction(async (tx) => {
      await work(tx);
      throw done;
    })
    .catch((error: unknown) => {
      if (error !== done) throw error;
    });
}

describe("price lists", () => {
  it("an account without a list pays nothing", async () => {
    const shop = await newMerchant();
    const inForce = await priceListInForce(db(), shop.accountId);
    expect(inForce).toMatchObject({ version: null, source: "none" });
    expect(await feeFor(db(), shop.accountId, "pix_in_qr", 10_000n)).toBe(0n);
  });

  it("an account's own version applies from its start; one in the future does not apply now", async () => {
    const shop = await newMerchant();
    const first = await setPriceList(db(), {
      accountId: shop.accountId,
      items: { pix_in_qr: price(99, 0n, 50n), pix_out: price(0, 150n) },
      actor,
    });
    expect(first.items.pix_in_qr).toEqual(price(99, 0n, 50n));
    expect(await feeFor(db(), shop.accountId, "pix_in_qr", 10_000n)).toBe(99n);
    expect(await feeFor(db(), shop.accountId, "pix_in_qr", 1_000n)).toBe(50n);

    const later = new Date(Date.now() + 86_400_000);
    await setPriceList(db(), {
      accountId: shop.accountId,
      effectiveFrom: later,
      items: { pix_in_qr: price(200) },
      actor,
    });
    expect(await feeFor(db(), shop.accountId, "pix_in_qr", 10_000n)).toBe(99n);
    expect(await feeFor(db(), shop.accountId, "pix_in_qr", 10_000n, new Date(later.getTime() + 1))).toBe(200n);
    // what the new version did not name carried over
    const future = await priceListInForce(db(), shop.accountId, new Date(later.getTime() + 1));
    expect(future.items.pix_out).toEqual(price(0, 150n));
    expect(await pixOutFeeFor(db(), { id: shop.accountId, externalFeeCents: 900n }, 5_000n)).toBe(150n);

    const history = await priceListHistory(db(), shop.accountId);
    expect(history.map((v) => v.effectiveFrom)).toEqual([later, first.effectiveFrom]);
    const audit = await db().auditLogEntry.findMany({ where: { action: "pricing.set", targetId: shop.accountId } });
    expect(audit).toHaveLength(2);
    expect(audit[0]?.actorEmail).toBe(actor.email);
  });

  it("refuses a version that starts in the past, and an unknown account", async () => {
    const shop = await newMerchant();
    await expect(
      setPriceList(db(), {
        accountId: shop.accountId,
        effectiveFrom: new Date(Date.now() - 3_600_000),
        items: {},
        actor,
      }),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expect(setPriceList(db(), { accountId: "999999999999", items: {}, actor })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("the default list applies to accounts without their own; an own list wins; versions are never rewritten", async () => {
    const shop = await newMerchant();
    const own = await newMerchant();
    await setPriceList(db(), { accountId: own.accountId, items: { pix_in_key: price(10) }, actor });
    await rolledBack(async (tx) => {
      await setPriceList(tx, { accountId: null, items: { pix_in_key: price(50), pix_out: price(0, 200n) }, actor });
      const inForce = await priceListInForce(tx, shop.accountId);
      expect(inForce.source).toBe("default");
      expect(await feeFor(tx, shop.accountId, "pix_in_key", 10_000n)).toBe(50n);
      expect(await feeFor(tx, own.accountId, "pix_in_key", 10_000n)).toBe(10n);
      // the legacy flat fee outranks the default list, not an own list
      expect(await pixOutFeeFor(tx, { id: shop.accountId, externalFeeCents: 300n }, 1_000n)).toBe(300n);
      expect(await pixOutFeeFor(tx, { id: shop.accountId, externalFeeCents: 0n }, 1_000n)).toBe(200n);
      await expect(tx.$executeRawUnsafe("UPDATE price_list_items SET fixed_cents = 1")).rejects.toThrow(/append-only/);
    });
  });
});
