/**
 * "Limites" on the dashboard (server/trpc/routers/limits.ts): the view of an account's limits,
 * lowering at once, asking to raise (24 h; above the threshold, an operator too), and the account
 * checked as the caller's organisation's, support reading but not changing.
 */
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { cliActor } from "../../server/cli/actor";
import { db } from "../../server/db/client";
import { decideRaise, RAISE_DELAY_MS } from "../../server/limits/changes";
import { limitsClock } from "../../server/limits/limits";
import { addMember } from "../../server/organizations/members";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { fundedMerchant } from "../support/fixtures";
import { internal, limitsSuite, operatorSets, type Shop } from "./support";

const callerAs = (user: { id: string; email: string }) =>
  createCallerFactory(appRouter)({ user: { ...user, name: "Loja", role: "MERCHANT" as const } });
const callerFor = (shop: Shop) => callerAs({ id: shop.userId, email: shop.email });

async function refusal(work: Promise<unknown>): Promise<TRPCError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe("limits through tRPC", () => {
  const suite = limitsSuite();

  it("shows each limit in force, what is used and left, with no request and no history", async () => {
    const shop = await fundedMerchant(100_000n);
    expect((await internal(shop, suite.receiver, 25)).status).toBe(200);
    const view = await callerFor(shop).limits.view({ accountId: shop.accountId });
    expect(view).toMatchObject({
      accountId: shop.accountId,
      limits: { per_transaction: 100_000_000n, daily: 100_000_000n, monthly: 100_000_000n },
      used: { day: 2_500n, month: 2_500n },
      remaining: { day: 99_997_500n, month: 99_997_500n },
      pending: [],
      history: [],
      raiseApprovalCents: 100_000n,
      raiseDelayMs: RAISE_DELAY_MS,
    });
    expect(view.remaining.now).toBe(view.night ? view.remaining.night : 99_997_500n);
  });

  it("lowers a limit at once, kept in the history, and a debit above it is refused", async () => {
    const shop = await fundedMerchant(100_000n);
    const { made, limits } = await callerFor(shop).limits.change({ accountId: shop.accountId, perTransaction: 50 });
    expect(made).toEqual([
      expect.objectContaining({ kind: "per_transaction", amountCents: 5_000n, status: "applied" }),
    ]);
    expect(limits.limits.per_transaction).toBe(5_000n);
    expect(limits.remaining.now).toBe(5_000n);
    expect(limits.history).toEqual([
      expect.objectContaining({ kind: "per_transaction", amountCents: 5_000n, previousCents: 100_000_000n }),
    ]);
    expect(limits.history[0]?.requestedBy).toBe(shop.email);
    const audit = await db().auditLogEntry.findMany({ where: { targetId: shop.accountId, action: "limits.lower" } });
    expect(audit).toEqual([
      expect.objectContaining({
        actorUserId: shop.userId,
        actorEmail: shop.email,
        organizationId: shop.userId,
        before: { per_transaction: "100000000" },
        after: { per_transaction: "5000" },
      }),
    ]);
    expect((await internal(shop, suite.receiver, 60)).status).toBe(422);
    expect((await internal(shop, suite.receiver, 50)).status).toBe(200);
    // an operator's change shows as the platform's, without the operator's e-mail
    await operatorSets(shop.accountId, { daily: 1_000_000n });
    const [newest] = (await callerFor(shop).limits.view({ accountId: shop.accountId })).history;
    expect(newest).toMatchObject({ kind: "daily", status: "applied", requestedBy: null });
  });

  it("asks to raise: in force 24 h later; above the threshold only once an operator approved", async () => {
    const shop = await fundedMerchant(100_000n);
    const caller = callerFor(shop);
    const asked = new Date();
    limitsClock.now = () => asked;
    await caller.limits.change({ accountId: shop.accountId, daily: 50, monthly: 50 });
    const small = await caller.limits.change({ accountId: shop.accountId, daily: 500 });
    expect(small.made[0]).toMatchObject({
      status: "scheduled",
      effectiveAt: new Date(asked.getTime() + RAISE_DELAY_MS),
    });
    expect(small.limits.limits.daily).toBe(5_000n);
    const large = await caller.limits.change({ accountId: shop.accountId, monthly: 5_000 }); // threshold R$ 1.000,00
    expect(large.made[0]?.status).toBe("pending");
    const requests = await db().auditLogEntry.findMany({
      where: { targetId: shop.accountId, action: "limits.raise_request" },
    });
    expect(requests.map((row) => [row.actorEmail, row.after])).toEqual(
      expect.arrayContaining([
        [shop.email, { daily: expect.objectContaining({ amountCents: "50000", status: "scheduled" }) }],
        [shop.email, { monthly: expect.objectContaining({ amountCents: "500000", status: "pending" }) }],
      ]),
    );
    expect(requests).toHaveLength(2);
    // asked at one instant (the clock is fixed): their order is not the point
    expect(large.limits.pending.map((p) => [p.kind, p.status]).sort()).toEqual([
      ["daily", "scheduled"],
      ["monthly", "pending"],
    ]);

    const later = new Date(asked.getTime() + RAISE_DELAY_MS);
    limitsClock.now = () => later;
    const dayLater = await caller.limits.view({ accountId: shop.accountId });
    expect(dayLater.limits).toMatchObject({ daily: 50_000n, monthly: 5_000n });
    expect(dayLater.pending.map((p) => p.status)).toEqual(["pending"]);

    const [pending] = dayLater.pending;
    await db().$transaction((tx) =>
      decideRaise(tx, { changeId: pending?.id as string, approve: true, actor: cliActor(), now: later }),
    );
    const approved = await caller.limits.view({ accountId: shop.accountId });
    expect(approved.limits.monthly).toBe(500_000n);
    expect(approved.pending).toEqual([]);
    expect(approved.history.map((h) => h.status).sort()).toEqual(["applied", "applied", "approved", "scheduled"]);
  });

  it("refuses another merchant's account, and changes nothing", async () => {
    const [mine, theirs] = [await fundedMerchant(0n), await fundedMerchant(0n)];
    const view = await refusal(callerFor(mine).limits.view({ accountId: theirs.accountId }));
    expect(view.code).toBe("FORBIDDEN");
    const change = await refusal(callerFor(mine).limits.change({ accountId: theirs.accountId, perTransaction: 1 }));
    expect(change.code).toBe("FORBIDDEN");
    expect(await db().pixLimitChange.count({ where: { accountId: theirs.accountId } })).toBe(0);
    expect(await db().auditLogEntry.count({ where: { targetId: theirs.accountId } })).toBe(0);
  });

  it("lets a support member read the limits but not change them", async () => {
    const shop = await fundedMerchant(0n);
    const support = await db().$transaction((tx) =>
      addMember(tx, {
        organizationId: shop.userId,
        email: `support-${shop.accountId}@example.test`,
        role: "support",
        password: "correct-horse-battery",
        actor: { userId: shop.userId, email: shop.email, role: "owner" },
      }),
    );
    const caller = callerAs({ id: support.userId, email: support.email });
    expect((await caller.limits.view({ accountId: shop.accountId })).accountId).toBe(shop.accountId);
    const change = await refusal(caller.limits.change({ accountId: shop.accountId, daily: 10 }));
    expect(change.code).toBe("FORBIDDEN");
    expect(await db().pixLimitChange.count({ where: { accountId: shop.accountId } })).toBe(0);
  });
});
