import { describe, expect, it } from "vitest";
import { CLI_ACTOR_ID } from "../../server/cli/actor";
import { runCli } from "../../server/cli/run";
import { db } from "../../server/db/client";
import { verifyLedger } from "../../server/ledger/verify";
import { openMed } from "../../server/meds/service";
import { creditIncomingPix } from "../../server/transfers/incoming";
import { fundedMerchant } from "../support/fixtures";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

describe("med CLI", () => {
  it("lists MEDs across merchants and resolves one with the service the sandbox uses", async () => {
    const shop = await fundedMerchant(0n);
    const credit = await creditIncomingPix(db(), { userId: shop.userId, accountId: shop.accountId, amountCents: 900n });
    const med = await openMed(db(), { userId: shop.userId, endToEndId: credit.endToEndId as string });

    const listed = capture();
    expect(await runCli(db(), listed.io, ["med", "list", "--status", "under_analysis", "--json"])).toBe(0);
    const rows = JSON.parse(listed.out.join("\n")) as { medId: string; disputedAmount: number }[];
    expect(rows.find((r) => r.medId === med.id)).toMatchObject({ disputedAmount: 9, blockedAmount: 9 });

    const resolved = capture();
    expect(await runCli(db(), resolved.io, ["med", "resolve", med.id, "--status", "accepted", "--json"])).toBe(0);
    expect(JSON.parse(resolved.out.join("\n"))).toMatchObject({ medId: med.id, status: "accepted" });
    const audit = await db().auditLogEntry.findMany({ where: { targetId: med.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "med.accept", actorUserId: CLI_ACTOR_ID });
    expect(audit[0]?.actorEmail).toMatch(/^cli:/);
    expect((await verifyLedger(db())).violations).toEqual([]);

    const again = capture();
    expect(await runCli(db(), again.io, ["med", "resolve", med.id, "--status", "rejected"])).toBe(1);
    expect(again.err.join("")).toContain("already resolved");
    expect(await runCli(db(), capture().io, ["med", "resolve", med.id, "--status", "maybe"])).toBe(2);
    expect(await runCli(db(), capture().io, ["med", "list", "--status", "open"])).toBe(2);
    expect(
      await runCli(db(), capture().io, [
        "med",
        "resolve",
        "00000000-0000-4000-8000-000000000000",
        "--status",
        "accepted",
      ]),
    ).toBe(1);
    expect(await db().auditLogEntry.count({ where: { targetId: med.id } })).toBe(1);
  });

  it("records the creation of an administrator in the audit log, once", async () => {
    const email = `ops-${Date.now()}@example.test`;
    const out = capture();
    expect(
      await runCli(db(), out.io, ["admin", "create", "--email", email, "--password", "long-enough-pw", "--json"]),
    ).toBe(0);
    const { userId } = JSON.parse(out.out.join("\n")) as { userId: string };
    const rows = await db().auditLogEntry.findMany({ where: { targetId: userId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "user.create_admin", after: { email, role: "ADMIN" } });
    // refused (same e-mail): nothing recorded
    expect(
      await runCli(db(), capture().io, ["admin", "create", "--email", email, "--password", "long-enough-pw"]),
    ).toBe(1);
    expect(
      await db().auditLogEntry.count({
        where: { action: "user.create_admin", after: { path: ["email"], equals: email } },
      }),
    ).toBe(1);
  });
});
