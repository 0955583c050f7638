/** `npm run cli -- limits set|show`: an operator's change is in force at once, audited; a bad value changes nothing. */
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../server/cli/run";
import { db } from "../../server/db/client";
import { limitsView } from "../../server/limits/view";
import { capture } from "../support/cli-io";
import { newMerchant } from "../support/fixtures";
import { limitSettings } from "./support";

describe("npm run cli -- limits", () => {
  beforeAll(() => limitSettings());

  it("sets the per-transaction limit at once, audited, and shows it as JSON and as text", async () => {
    const shop = await newMerchant();
    const { io, out } = capture();
    const code = await runCli(db(), io, [
      "limits",
      "set",
      "--account",
      shop.accountId,
      "--per-transaction",
      "50.00",
      "--json",
    ]);
    expect(code).toBe(0);
    const shown = JSON.parse(out.join("\n"));
    expect(shown).toMatchObject({
      accountId: shop.accountId,
      limits: { perTransaction: "50.00", daily: "1000000.00" },
      usedToday: "0.00",
      pending: [],
    });
    expect((await limitsView(db(), shop.accountId)).limits.per_transaction).toBe(5_000n);
    const changes = await db().pixLimitChange.findMany({ where: { accountId: shop.accountId } });
    expect(changes).toEqual([
      expect.objectContaining({
        kind: "per_transaction",
        amountCents: 5_000n,
        previousCents: 100_000_000n,
        status: "applied",
      }),
    ]);
    const audit = await db().auditLogEntry.findMany({ where: { action: "limits.set", targetId: shop.accountId } });
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorEmail).toMatch(/^cli:/);
    expect(audit[0]?.after).toMatchObject({ per_transaction: "5000" });

    const show = capture();
    expect(await runCli(db(), show.io, ["limits", "show", "--account", shop.accountId])).toBe(0);
    const text = show.out.join("\n");
    expect(text).toContain(`PIX limits of ${shop.accountId}, BRL`);
    expect(text).toMatch(/per-transaction\s+50\.00/);
    expect(text).toMatch(/daily\s+1000000\.00/);

    const json = capture();
    expect(await runCli(db(), json.io, ["limits", "show", "--account", shop.accountId, "--json"])).toBe(0);
    expect(JSON.parse(json.out.join("\n")).limits.perTransaction).toBe("50.00");
  });

  it("refuses a bad BRL value with a message naming the option, and changes nothing", async () => {
    const shop = await newMerchant();
    expect(await runCli(db(), capture().io, ["limits", "set", "--account", shop.accountId, "--daily", "80.00"])).toBe(
      0,
    );
    const before = await db().pixLimitChange.count({ where: { accountId: shop.accountId } });

    for (const [value, message] of [
      ["50.001", "--per-transaction must be a positive amount in BRL with at most two decimals"],
      ["12,50", "--per-transaction must be a number"],
      ["0", "--per-transaction must be greater than zero"],
    ] as const) {
      const bad = capture();
      const code = await runCli(db(), bad.io, [
        "limits",
        "set",
        "--account",
        shop.accountId,
        "--daily",
        "90.00",
        "--per-transaction",
        value,
        "--json",
      ]);
      expect(code, value).toBe(1);
      expect(bad.err.join("\n"), value).toContain(message);
      expect(bad.out, value).toEqual([]);
    }
    expect(await db().pixLimitChange.count({ where: { accountId: shop.accountId } })).toBe(before);
    const view = await limitsView(db(), shop.accountId);
    expect(view.limits.daily).toBe(8_000n);
    expect(view.limits.per_transaction).toBe(100_000_000n);
    expect(await db().auditLogEntry.count({ where: { action: "limits.set", targetId: shop.accountId } })).toBe(1);

    // no limit named, no account, an unknown account
    expect(await runCli(db(), capture().io, ["limits", "set", "--account", shop.accountId])).toBe(2);
    expect(await runCli(db(), capture().io, ["limits", "set", "--per-transaction", "50.00"])).toBe(2);
    const unknown = capture();
    expect(await runCli(db(), unknown.io, ["limits", "show", "--account", "999999999999"])).toBe(1);
    expect(unknown.err.join("\n")).toContain("account 999999999999 not found");
  });
});
