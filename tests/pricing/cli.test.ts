import { describe, expect, it } from "vitest";
import { runCli } from "../../server/cli/run";
import { db } from "../../server/db/client";
import { feeFor } from "../../server/pricing/service";
import { newMerchant } from "../support/fixtures";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

describe("npm run cli -- fees", () => {
  it("sets an account's PIX in and PIX out prices, audited, and shows them as JSON", async () => {
    const shop = await newMerchant();
    const { io, out } = capture();
    const code = await runCli(db(), io, [
      "fees",
      "set",
      "--account",
      shop.accountId,
      "--pix-in-percent",
      "0.99",
      "--pix-in-min",
      "0.50",
      "--pix-out-fixed",
      "1.00",
      "--json",
    ]);
    expect(code).toBe(0);
    const shown = JSON.parse(out.join("\n"));
    expect(shown).toMatchObject({ accountId: shop.accountId, source: "account", refundReturnsFee: false });
    for (const product of ["pix_in_qr", "pix_in_key", "pix_in_link", "pix_in_due_date", "pix_in_automatic"])
      expect(shown.items[product]).toEqual({ percent: 0.99, fixed: 0, min: 0.5, max: null });
    expect(shown.items.pix_out).toEqual({ percent: 0, fixed: 1, min: null, max: null });
    expect(await feeFor(db(), shop.accountId, "pix_in_link", 1_000n)).toBe(50n);
    const audit = await db().auditLogEntry.findMany({ where: { action: "pricing.set", targetId: shop.accountId } });
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorEmail).toMatch(/^cli:/);

    // a second change keeps what it does not name
    const again = capture();
    expect(await runCli(db(), again.io, ["fees", "set", "--account", shop.accountId, "--pix-in-max", "5.00"])).toBe(0);
    expect(await feeFor(db(), shop.accountId, "pix_in_qr", 1_000_000n)).toBe(500n);
    expect(await feeFor(db(), shop.accountId, "pix_in_qr", 1_000n)).toBe(50n);

    const show = capture();
    expect(await runCli(db(), show.io, ["fees", "show", "--account", shop.accountId])).toBe(0);
    expect(show.out.join("\n")).toContain("pix_in_qr         0.99 % + 0.00 BRL min 0.50 max 5.00");
  });

  it("refuses a malformed amount, both scopes or none, and an unknown account", async () => {
    const shop = await newMerchant();
    const bad = capture();
    expect(await runCli(db(), bad.io, ["fees", "set", "--account", shop.accountId, "--pix-in-fixed", "1.005"])).toBe(1);
    expect(bad.err.join("\n")).toContain("--pix-in-fixed");
    expect(await runCli(db(), capture().io, ["fees", "set", "--pix-in-fixed", "1.00"])).toBe(2);
    expect(await runCli(db(), capture().io, ["fees", "show", "--account", shop.accountId, "--default"])).toBe(2);
    expect(await runCli(db(), capture().io, ["fees", "set", "--account", shop.accountId])).toBe(2);
    expect(await runCli(db(), capture().io, ["fees", "show", "--account", "999999999999"])).toBe(1);
    expect(await db().priceList.count({ where: { accountId: shop.accountId } })).toBe(0);
  });

  it("shows the default list", async () => {
    const { io, out } = capture();
    expect(await runCli(db(), io, ["fees", "show", "--default", "--json"])).toBe(0);
    expect(JSON.parse(out.join("\n"))).toMatchObject({ accountId: null });
  });
});
