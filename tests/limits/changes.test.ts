/**
 * Changing limits (server/limits/changes.ts): lowering is at once, a raise not before 24 h, one
 * above the approval threshold only once an operator approved it; the history is kept.
 */
import { describe, expect, it } from "vitest";
import { cliActor } from "../../server/cli/actor";
import { db } from "../../server/db/client";
import { decideRaise, RAISE_DELAY_MS } from "../../server/limits/changes";
import { limitsClock } from "../../server/limits/limits";
import { fundedMerchant } from "../support/fixtures";
import { internal, limitsSuite, v4 } from "./support";

const later = (from: Date, ms: number) => {
  const at = new Date(from.getTime() + ms);
  limitsClock.now = () => at;
};

describe("changing PIX limits through /v4/i", () => {
  const suite = limitsSuite();

  it("shows the limits, what is used and left", async () => {
    const shop = await fundedMerchant(100_000n);
    expect((await internal(shop, suite.receiver, 25)).status).toBe(200);
    const res = await v4(shop, "GET", "/limits");
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      accountId: shop.accountId,
      limits: { daily: 1_000_000, perTransaction: 1_000_000 },
      used: { today: 25, month: 25 },
      remaining: { today: 999_975 },
      pending: [],
    });
  });

  it("lowering takes effect at once", async () => {
    const shop = await fundedMerchant(100_000n);
    const res = await v4(shop, "PUT", "/limits", { daily: 50 });
    expect(res.status).toBe(200);
    expect(res.json.data.limits.daily).toBe(50);
    expect(res.json.data.remaining.today).toBe(50);
    expect((await internal(shop, suite.receiver, 50.01)).status).toBe(422);
    expect((await internal(shop, suite.receiver, 50)).status).toBe(200);
  });

  it("a raise is in force 24 h after the request, not before", async () => {
    const shop = await fundedMerchant(100_000n);
    const asked = new Date();
    limitsClock.now = () => asked;
    await v4(shop, "PUT", "/limits", { daily: 50 });
    const res = await v4(shop, "POST", "/limits", { daily: 500 });
    expect(res.json.data.limits.daily).toBe(50);
    expect(res.json.data.pending).toEqual([
      expect.objectContaining({ limit: "daily", amount: 500, previousAmount: 50, status: "scheduled" }),
    ]);
    later(asked, RAISE_DELAY_MS - 1);
    expect((await v4(shop, "GET", "/limits")).json.data.limits.daily).toBe(50);
    expect((await internal(shop, suite.receiver, 60)).status).toBe(422);
    later(asked, RAISE_DELAY_MS);
    const after = await v4(shop, "GET", "/limits");
    expect(after.json.data.limits.daily).toBe(500);
    expect(after.json.data.pending).toEqual([]);
    // both audited in the organisation's log, by the API key
    const audit = await db().auditLogEntry.findMany({
      where: { targetId: shop.accountId, action: { in: ["limits.lower", "limits.raise_request"] } },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((row) => [row.action, row.actorEmail, row.actorUserId, row.organizationId])).toEqual([
      ["limits.lower", `api:${shop.clientId}`, shop.userId, shop.userId],
      ["limits.raise_request", `api:${shop.clientId}`, shop.userId, shop.userId],
    ]);
    expect(audit[0]).toMatchObject({ before: { daily: "100000000" }, after: { daily: "5000" } });
    expect(audit[1]).toMatchObject({
      before: { daily: "5000" },
      after: { daily: { amountCents: "50000", status: "scheduled", changeId: res.json.data.pending[0].id } },
    });
  });

  it("above the threshold a raise waits for an operator, and still 24 h after the request", async () => {
    const shop = await fundedMerchant(100_000n);
    const asked = new Date();
    limitsClock.now = () => asked;
    await v4(shop, "PUT", "/limits", { daily: 50, monthly: 50 });
    const res = await v4(shop, "PUT", "/limits", { daily: 5_000 }); // threshold: R$ 1.000,00
    const [request] = res.json.data.pending;
    expect(request).toMatchObject({ status: "pending", amount: 5_000 });
    later(asked, RAISE_DELAY_MS * 2);
    expect((await v4(shop, "GET", "/limits")).json.data.limits.daily).toBe(50);

    // approved an hour after the request: in force at request + 24 h
    const approvedAt = new Date(asked.getTime() + 3_600_000);
    const again = await v4(shop, "PUT", "/limits", { monthly: 90_000 });
    const monthly = again.json.data.pending.find((p: { limit: string }) => p.limit === "monthly");
    const decided = await db().$transaction((tx) =>
      decideRaise(tx, { changeId: monthly.id, approve: true, actor: cliActor(), now: approvedAt }),
    );
    expect(decided.effectiveAt.getTime()).toBe(monthly.requestedAt + RAISE_DELAY_MS);
    // approved after 24 h: in force at once
    const late = await db().$transaction((tx) =>
      decideRaise(tx, { changeId: request.id, approve: true, actor: cliActor() }),
    );
    expect(late.status).toBe("approved");
    expect((await v4(shop, "GET", "/limits")).json.data.limits.daily).toBe(5_000);
    const audit = await db().auditLogEntry.findMany({ where: { targetId: shop.accountId, action: "limits.approve" } });
    expect(audit).toHaveLength(2);
    // the history keeps every change
    const history = await db().pixLimitChange.findMany({ where: { accountId: shop.accountId } });
    expect(history.map((h) => h.status).sort()).toEqual(["applied", "applied", "approved", "approved"]);
  });

  it("an operator's refusal leaves the limit as it was; lowering cancels an open raise", async () => {
    const shop = await fundedMerchant(100_000n);
    await v4(shop, "PUT", "/limits", { daily: 50, monthly: 50 });
    const res = await v4(shop, "PUT", "/limits", { daily: 5_000, monthly: 20_000 });
    const daily = res.json.data.pending.find((p: { limit: string }) => p.limit === "daily");
    const refused = await db().$transaction((tx) =>
      decideRaise(tx, { changeId: daily.id, approve: false, actor: cliActor(), reason: "sem justificativa" }),
    );
    expect(refused.status).toBe("refused");
    await v4(shop, "PUT", "/limits", { monthly: 10 });
    const view = await v4(shop, "GET", "/limits");
    expect(view.json.data.limits).toMatchObject({ daily: 50, monthly: 10 });
    expect(view.json.data.pending).toEqual([]);
  });

  it("refuses an empty change and someone else's account", async () => {
    const shop = await fundedMerchant(0n);
    expect((await v4(shop, "PUT", "/limits", {})).status).toBe(400);
    const other = await v4({ ...shop, accountId: suite.receiver.accountId }, "GET", "/limits");
    expect(other.status).toBe(403);
  });
});
