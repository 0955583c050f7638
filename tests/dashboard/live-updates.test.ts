/**
 * What keeps the dashboard current: `account.pulse` changes when money moves and names the PIX
 * received since the page's last look; a blocked account carries the operator's reason to its
 * holder's dashboard, and loses it when unblocked.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { inBatch } from "../../server/ledger/write-path";
import { creditIncomingPix } from "../../server/transfers/incoming";
import { transferInternal } from "../../server/transfers/internal";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { createUser } from "../../server/users/service";
import { fundedMerchant } from "../support/fixtures";

type Who = { id: string; email: string; role: "ADMIN" | "MERCHANT" };
const caller = (user: Who) => createCallerFactory(appRouter)({ user: { ...user, name: "Someone" } });

describe("live dashboard", () => {
  let shop: Awaited<ReturnType<typeof fundedMerchant>>;
  let other: Awaited<ReturnType<typeof fundedMerchant>>;
  let me: ReturnType<typeof caller>;

  beforeAll(async () => {
    shop = await fundedMerchant(10_000n);
    other = await fundedMerchant(10_000n);
    me = caller({ id: shop.userId, email: shop.email, role: "MERCHANT" });
  });

  it("keeps its marker while nothing moves, and names each PIX received once it moved", async () => {
    const first = await me.account.pulse({ since: null });
    expect(first.received).toEqual([]);
    expect((await me.account.pulse({ since: first.marker })).marker).toBe(first.marker);

    await creditIncomingPix(db(), {
      userId: shop.userId,
      accountId: shop.accountId,
      amountCents: 4_321n,
      payer: { name: "Fábio Souza" },
    });
    const moved = await me.account.pulse({ since: first.marker });
    expect(moved.marker).not.toBe(first.marker);
    expect(moved.received).toEqual([
      expect.objectContaining({ accountId: shop.accountId, amountCents: 4_321n, payerName: "Fábio Souza" }),
    ]);
    // once seen, the same credit is not announced again
    expect((await me.account.pulse({ since: moved.marker })).received).toEqual([]);
  });

  it("changes when money leaves too, without announcing the debit", async () => {
    const before = await me.account.pulse({ since: null });
    await transferInternal(inBatch(db()), {
      userId: shop.userId,
      accountId: shop.accountId,
      receiverAccountId: other.accountId,
      amountCents: 100n,
    });
    const after = await me.account.pulse({ since: before.marker });
    expect(after.marker).not.toBe(before.marker);
    expect(after.received).toEqual([]);
    // the receiver's dashboard hears of it
    const them = caller({ id: other.userId, email: other.email, role: "MERCHANT" });
    expect((await them.account.pulse({ since: null })).marker).toBeTruthy();
  });

  it("answers a marker it never gave with no notices rather than an error", async () => {
    for (const since of ["", "garbage", "2026-13-45T00:00:00Z~12|x", "x~99999999999999999999999|"]) {
      await expect(me.account.pulse({ since })).resolves.toMatchObject({ received: [] });
    }
  });

  it("shows the holder why the account is blocked, and forgets it once unblocked", async () => {
    const tag = randomUUID().slice(0, 8);
    const ops = await createUser(db(), {
      email: `ops-${tag}@example.test`,
      name: "Ops",
      password: "correct-horse-battery",
      role: "ADMIN",
    });
    const admin = caller({ id: ops.id, email: ops.email, role: "ADMIN" });
    await admin.adminMerchants.block({ accountId: shop.accountId, reason: "Documentos vencidos" });
    const blocked = await me.account.overview();
    expect(blocked.accounts).toEqual([
      expect.objectContaining({ accountId: shop.accountId, status: "inactive", statusReason: "Documentos vencidos" }),
    ]);
    expect(blocked.supportContact).toBeTruthy();

    await admin.adminMerchants.unblock({ accountId: shop.accountId, reason: "Documentos enviados" });
    expect((await me.account.overview()).accounts).toEqual([
      expect.objectContaining({ status: "active", statusReason: null }),
    ]);
  });

  it("tells the forms the operator's amount settings", async () => {
    expect((await me.account.overview()).limits).toEqual({
      maxTransactionCents: 100_000_000n,
      confirmAboveCents: 1_000_000n,
    });
  });
});
