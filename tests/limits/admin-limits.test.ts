/**
 * The back office's PIX limits (tRPC adminLimits): an operator sees the raises waiting for
 * approval, approves one (in force 24 h after the request, not at approval), refuses another (the
 * limit stays), each decision audited; anyone but an administrator is refused.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../server/auth/next-auth";
import { db } from "../../server/db/client";
import { RAISE_DELAY_MS } from "../../server/limits/changes";
import { limitsClock } from "../../server/limits/limits";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { createUser } from "../../server/users/service";
import { fundedMerchant } from "../support/fixtures";
import { limitSettings, type Shop, v4 } from "./support";

const caller = (user: SessionUser | null) => createCallerFactory(appRouter)({ user });
const realClock = limitsClock.now;
const at = (when: Date) => {
  limitsClock.now = () => when;
};
const HOUR = 60 * 60 * 1000;

/** A merchant whose `field` is R$ 50,00, asking at `when` to raise it to R$ 5.000,00 (threshold R$ 1.000,00). */
async function pendingRaise(field: "daily" | "monthly", when: Date) {
  const shop = await fundedMerchant(0n);
  at(when);
  expect((await v4(shop, "PUT", "/limits", { [field]: 50 })).status).toBe(200);
  const asked = await v4(shop, "POST", "/limits", { [field]: 5_000 });
  expect(asked.status).toBe(200);
  const [request] = asked.json.data.pending;
  expect(request).toMatchObject({ status: "pending", amount: 5_000, previousAmount: 50 });
  return { shop, id: request.id as string };
}

describe("back office: PIX limit raises", () => {
  let admin: SessionUser;
  let merchantUser: SessionUser;
  let shop: Shop;

  beforeAll(async () => {
    limitSettings();
    const tag = randomUUID().slice(0, 8);
    const user = await createUser(db(), {
      email: `limits-ops-${tag}@example.test`,
      name: "Ops",
      password: "correct-horse-battery",
      role: "ADMIN",
    });
    admin = { id: user.id, email: user.email, name: "Ops", role: "ADMIN" };
    shop = await fundedMerchant(0n);
    merchantUser = { id: shop.userId, email: shop.email, name: "Loja", role: "MERCHANT" };
  });
  afterEach(() => {
    limitsClock.now = realClock;
  });

  it("lists a pending raise; approved, it is in force 24 h after the request, audited", async () => {
    const asked = new Date();
    const { shop, id } = await pendingRaise("daily", asked);
    const ops = caller(admin);

    const queue = await ops.adminLimits.pending();
    const row = queue.find((raise) => raise.id === id);
    expect(row).toMatchObject({
      accountId: shop.accountId,
      kind: "daily",
      previousCents: 5_000n,
      amountCents: 500_000n,
      status: "pending",
      requestedAt: asked,
      effectiveAt: new Date(asked.getTime() + RAISE_DELAY_MS),
      account: { id: shop.accountId },
    });
    expect(row?.account.name).toBeTruthy();

    at(new Date(asked.getTime() + HOUR));
    const approved = await ops.adminLimits.approve({ id });
    expect(approved).toMatchObject({ status: "approved", decidedBy: admin.email });
    expect(approved.effectiveAt).toEqual(new Date(asked.getTime() + RAISE_DELAY_MS));
    expect((await ops.adminLimits.pending()).map((raise) => raise.id)).not.toContain(id);

    // not yet at approval, nor a moment before 24 h from the request; then in force
    const view = await ops.adminLimits.account({ accountId: shop.accountId });
    expect(view.limits.daily).toBe(5_000n);
    expect(view.pending).toEqual([expect.objectContaining({ id, status: "approved" })]);
    at(new Date(asked.getTime() + RAISE_DELAY_MS - 1));
    expect((await ops.adminLimits.account({ accountId: shop.accountId })).limits.daily).toBe(5_000n);
    at(new Date(asked.getTime() + RAISE_DELAY_MS));
    const inForce = await ops.adminLimits.account({ accountId: shop.accountId });
    expect(inForce.limits.daily).toBe(500_000n);
    expect(inForce.pending).toEqual([]);
    expect(inForce.account).toMatchObject({ id: shop.accountId });
    expect(inForce.history.find((change) => change.id === id)).toMatchObject({ status: "approved" });

    const audit = await db().auditLogEntry.findMany({ where: { action: "limits.approve", targetId: shop.accountId } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: admin.id,
      actorEmail: admin.email,
      targetType: "account",
      before: { changeId: id, kind: "daily", amountCents: "500000", status: "pending" },
      after: { status: "approved" },
    });

    // decided once: a second decision is a conflict
    await expect(ops.adminLimits.refuse({ id, reason: "tarde demais" })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("refuses a raise with a reason: the limit stays, audited", async () => {
    const asked = new Date();
    const { shop, id } = await pendingRaise("monthly", asked);
    const ops = caller(admin);
    await expect(ops.adminLimits.refuse({ id, reason: "  " })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await ops.adminLimits.pending()).map((raise) => raise.id)).toContain(id);

    const refused = await ops.adminLimits.refuse({ id, reason: "Movimentação incompatível com o faturamento" });
    expect(refused).toMatchObject({ status: "refused", decidedBy: admin.email });
    expect((await ops.adminLimits.pending()).map((raise) => raise.id)).not.toContain(id);
    at(new Date(asked.getTime() + 2 * RAISE_DELAY_MS));
    const view = await ops.adminLimits.account({ accountId: shop.accountId });
    expect(view.limits.monthly).toBe(5_000n);
    expect(view.pending).toEqual([]);

    const audit = await db().auditLogEntry.findMany({ where: { action: "limits.refuse", targetId: shop.accountId } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorEmail: admin.email,
      reason: "Movimentação incompatível com o faturamento",
      before: { changeId: id, kind: "monthly", status: "pending" },
      after: { status: "refused" },
    });
    await expect(ops.adminLimits.approve({ id })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(ops.adminLimits.approve({ id: randomUUID() })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("looks up an account's limits; an unknown account is not found", async () => {
    const ops = caller(admin);
    const view = await ops.adminLimits.account({ accountId: shop.accountId });
    expect(view).toMatchObject({
      account: { id: shop.accountId },
      limits: { daily: 100_000_000n, per_transaction: 100_000_000n },
      used: { day: 0n, month: 0n },
      pending: [],
      history: [],
    });
    await expect(ops.adminLimits.account({ accountId: "999999999999" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(ops.adminLimits.account({ accountId: "12" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("refuses anyone but an administrator, and the raise stays pending", async () => {
    const { id } = await pendingRaise("daily", new Date());
    const merchant = caller(merchantUser);
    await expect(merchant.adminLimits.pending()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(merchant.adminLimits.approve({ id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(merchant.adminLimits.refuse({ id, reason: "não sou operador" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(merchant.adminLimits.account({ accountId: shop.accountId })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(caller(null).adminLimits.approve({ id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await db().pixLimitChange.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "pending" });
    expect(
      await db().auditLogEntry.count({
        where: { action: { in: ["limits.approve", "limits.refuse"] }, before: { path: ["changeId"], equals: id } },
      }),
    ).toBe(0);
  });
});
