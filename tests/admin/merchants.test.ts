/** The back office's merchants: search, detail, and blocking an account (audited, enforced). */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { listAudit } from "../../server/audit/log";
import { runCli } from "../../server/cli/run";
import { db } from "../../server/db/client";
import { inBatch } from "../../server/ledger/write-path";
import { registerPixKey } from "../../server/pix/platform-keys";
import { creditIncomingPix } from "../../server/transfers/incoming";
import { transferInternal } from "../../server/transfers/internal";
import { sendPixToKey } from "../../server/transfers/pix-out";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { createUser, verifyLogin } from "../../server/users/service";
import { availableCents, call, fundedMerchant, newMerchant } from "../support/fixtures";

const caller = (user: { id: string; email: string; role: "ADMIN" | "MERCHANT" }) =>
  createCallerFactory(appRouter)({ user: { ...user, name: "Someone" } });

describe("back office: merchants", () => {
  let admin: { id: string; email: string; role: "ADMIN" };
  let shop: Awaited<ReturnType<typeof fundedMerchant>>;
  let other: Awaited<ReturnType<typeof fundedMerchant>>;
  const tag = randomUUID().slice(0, 8);

  beforeAll(async () => {
    const user = await createUser(db(), {
      email: `ops-${tag}@example.test`,
      name: "Ops",
      password: "correct-horse-battery",
      role: "ADMIN",
    });
    admin = { id: user.id, email: user.email, role: "ADMIN" };
    shop = await fundedMerchant(5_000n);
    other = await fundedMerchant(5_000n);
    await db().user.update({ where: { id: shop.userId }, data: { name: `Padaria ${tag}` } });
  });

  it("finds a merchant by part of the name, the e-mail, the document or the account number", async () => {
    const ops = caller(admin);
    const account = await db().account.findUniqueOrThrow({ where: { id: shop.accountId } });
    const formatted = account.document.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
    for (const query of [`padaria ${tag}`.toUpperCase(), shop.email.slice(0, 12), formatted, shop.accountId]) {
      const found = await ops.adminMerchants.search({ query });
      expect(
        found.items.map((m) => m.userId),
        query,
      ).toContain(shop.userId);
      expect(
        found.items.map((m) => m.userId),
        query,
      ).not.toContain(other.userId);
    }
    const byAccount = await ops.adminMerchants.search({ query: shop.accountId });
    expect(byAccount).toMatchObject({ total: 1, page: 1, totalPages: 1 });
    expect(byAccount.items[0]?.accounts).toEqual([
      expect.objectContaining({ accountId: shop.accountId, status: "active", availableCents: 5_000n }),
    ]);
    const none = await ops.adminMerchants.search({ query: `nobody-${tag}` });
    expect(none).toMatchObject({ items: [], total: 0 });
    // administrators are not merchants
    expect((await ops.adminMerchants.search({ query: admin.email })).total).toBe(0);
  });

  it("shows a merchant's accounts, keys without secrets and recent activity; unknown ids are 404", async () => {
    const ops = caller(admin);
    const detail = await ops.adminMerchants.detail({ userId: shop.userId });
    expect(detail.accounts.map((a) => a.accountId)).toEqual([shop.accountId]);
    expect(detail.apiKeys).toHaveLength(1);
    expect(detail.apiKeys[0]?.clientIdPrefix).toBe(shop.clientId.slice(0, 12));
    const serialized = JSON.stringify(detail, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
    expect(serialized).not.toContain(shop.clientSecret);
    expect(serialized).not.toMatch(/secretHash|hmacSecret|passwordHash/);
    expect(detail.recentEntries).toEqual([
      expect.objectContaining({ accountId: shop.accountId, reason: "pix_in:credited", grossCents: 5_000n }),
    ]);
    await expect(ops.adminMerchants.detail({ userId: randomUUID() })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(ops.adminMerchants.detail({ userId: admin.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(ops.adminMerchants.detail({ userId: "not-a-uuid" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("a merchant calling any admin procedure is FORBIDDEN and changes nothing", async () => {
    const merchant = caller({ id: other.userId, email: other.email, role: "MERCHANT" });
    await expect(merchant.adminHome.overview()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(merchant.adminMerchants.search({ query: "" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(merchant.adminMerchants.detail({ userId: shop.userId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      merchant.adminMerchants.block({ accountId: shop.accountId, reason: "not mine to block" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await db().account.findUniqueOrThrow({ where: { id: shop.accountId } })).status).toBe("active");
    const anonymous = createCallerFactory(appRouter)({ user: null });
    await expect(anonymous.adminHome.overview()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("blocks an account with a reason: audited, and no money leaves or arrives until it is unblocked", async () => {
    const ops = caller(admin);
    await expect(ops.adminMerchants.block({ accountId: shop.accountId, reason: "  " })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await ops.adminMerchants.block({ accountId: shop.accountId, reason: "chargeback wave" })).toEqual({
      accountId: shop.accountId,
      status: "inactive",
    });
    await expect(ops.adminMerchants.block({ accountId: shop.accountId, reason: "again" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(ops.adminMerchants.block({ accountId: "999999999999", reason: "nobody" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    const { items } = await listAudit(db(), { page: 1, limit: 10, targetType: "account", targetId: shop.accountId });
    expect(items).toEqual([
      expect.objectContaining({
        actorUserId: admin.id,
        actorEmail: admin.email,
        action: "account.block",
        before: { status: "active" },
        after: { status: "inactive" },
        reason: "chargeback wave",
      }),
    ]);

    // Outgoing, on the account surface: 403 with the account surface's error shape.
    const out = await call(accountApi(), "POST", `/v4/i/bank-accounts/${shop.accountId}/transfer/internal`, {
      auth: shop.auth,
      body: { amount: 1, receiverBankAccount: other.accountId },
    });
    expect(out.status).toBe(403);
    expect(out.json).toMatchObject({ success: false, status: 403, code: "FORBIDDEN", message: "account is inactive" });
    // Incoming from another merchant, and a PIX credit from outside: refused the same way.
    const into = await call(accountApi(), "POST", `/v4/i/bank-accounts/${other.accountId}/transfer/internal`, {
      auth: other.auth,
      body: { amount: 1, receiverBankAccount: shop.accountId },
    });
    expect(into.status).toBe(403);
    expect(into.json).toMatchObject({ code: "FORBIDDEN", message: "destination account is inactive" });
    await expect(
      creditIncomingPix(db(), { userId: shop.userId, accountId: shop.accountId, amountCents: 100n }),
    ).rejects.toMatchObject({ code: "FORBIDDEN", status: 403 });
    // A PIX to the blocked account's key, from inside the platform.
    const key = await registerPixKey(db(), shop.accountId, "EVP");
    await expect(
      sendPixToKey(db(), { userId: other.userId, accountId: other.accountId, amountCents: 100n, pixKey: key.key }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "destination account is inactive",
      field: "pixKey",
      reason: "DESTINATION_INACTIVE",
    });
    expect(await availableCents(shop.accountId)).toBe(5_000n);
    expect(await availableCents(other.accountId)).toBe(5_000n);

    expect(await ops.adminMerchants.unblock({ accountId: shop.accountId, reason: "reviewed, all fine" })).toEqual({
      accountId: shop.accountId,
      status: "active",
    });
    await transferInternal(inBatch(db()), {
      userId: other.userId,
      accountId: other.accountId,
      receiverAccountId: shop.accountId,
      amountCents: 100n,
    });
    expect(await availableCents(shop.accountId)).toBe(5_100n);
    const detail = await ops.adminMerchants.detail({ userId: shop.userId });
    expect(detail.statusHistory.map((h) => [h.action, h.reason])).toEqual([
      ["account.unblock", "reviewed, all fine"],
      ["account.block", "chargeback wave"],
    ]);
  });

  it("blocks and unblocks from the CLI, as JSON, with the reason audited", async () => {
    const target = await newMerchant();
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    const args = ["account", "block", target.accountId, "--reason", "court order 123", "--json"];
    expect(await runCli(db(), io, args)).toBe(0);
    expect(JSON.parse(out.join("\n"))).toEqual({
      accountId: target.accountId,
      status: "inactive",
      blocked: true,
      reason: "court order 123",
    });
    expect(await runCli(db(), io, args)).toBe(1);
    expect(err.at(-1)).toBe("error: account is already blocked");
    expect(await runCli(db(), io, ["account", "block", target.accountId])).toBe(2);
    expect(await runCli(db(), io, ["account", "unblock", target.accountId, "--reason", "ok", "--json"])).toBe(2);

    out.length = 0;
    const unblock = [
      "account",
      "unblock",
      target.accountId,
      "--reason",
      "order lifted",
      "--actor",
      admin.email,
      "--json",
    ];
    expect(await runCli(db(), io, unblock)).toBe(0);
    expect(JSON.parse(out.join("\n"))).toMatchObject({ status: "active", blocked: false });
    const { items } = await listAudit(db(), { page: 1, limit: 10, targetType: "account", targetId: target.accountId });
    expect(items.map((i) => [i.action, i.actorEmail, i.reason])).toEqual([
      ["account.unblock", admin.email, "order lifted"],
      ["account.block", expect.stringMatching(/^cli:/), "court order 123"],
    ]);
  });

  it("an operator changes a merchant's role and resets its password; the merchant's sessions end", async () => {
    const target = await newMerchant();
    const before = await db().user.findUniqueOrThrow({ where: { id: target.userId } });
    const ops = caller(admin);
    await expect(
      caller({ ...admin, role: "MERCHANT" }).adminMerchants.changeRole({ userId: target.userId, role: "ADMIN" }),
    ).rejects.toThrow();

    const reset = await ops.adminMerchants.resetPassword({ userId: target.userId });
    expect(reset.password).toEqual(expect.any(String));
    expect(await verifyLogin(db(), before.email, reset.password)).toMatchObject({ id: target.userId });
    const changed = await ops.adminMerchants.changeRole({ userId: target.userId, role: "ADMIN" });
    expect(changed).toMatchObject({ role: "ADMIN", changed: true });

    const after = await db().user.findUniqueOrThrow({ where: { id: target.userId } });
    expect(after.role).toBe("ADMIN");
    expect(after.sessionVersion).toBe(before.sessionVersion + 2);
    const { items } = await listAudit(db(), { page: 1, limit: 10, targetType: "user", targetId: target.userId });
    expect(items.map((i) => [i.action, i.actorEmail])).toEqual([
      ["user.change_role", admin.email],
      ["user.reset_password", admin.email],
    ]);
    await expect(ops.adminMerchants.changeRole({ userId: randomUUID(), role: "MERCHANT" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
