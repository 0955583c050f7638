/** What the MED tests share: a funded shop, the PIX it receives, the outbox run to the end, its balances. */
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { db } from "../../server/db/client";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { createUser } from "../../server/users/service";
import { call, type fundedMerchant } from "../support/fixtures";

export type Shop = Awaited<ReturnType<typeof fundedMerchant>>;

/** Runs the outbox's due events (blocks, webhooks) as the worker would. */
export { settleOutbox as settle } from "../support/outbox";

export const balances = (accountId: string) =>
  db().account.findUniqueOrThrow({ where: { id: accountId }, select: { availableCents: true, blockedCents: true } });

/** A PIX of `amount` reais received by the shop from outside (the sandbox's credit); its end-to-end id. */
export async function receive(shop: Shop, amount: number): Promise<string> {
  const res = await call(accountApi(), "POST", "/v4/i/sandbox/pix/in/credit", {
    auth: shop.auth,
    body: { accountId: shop.accountId, amount },
  });
  expect(res.status).toBe(200);
  return res.json.data.endToEndId as string;
}

/** The dashboard's tRPC procedures as this user, signed in with this role. */
export const caller = (user: { id: string; email: string }, role: "ADMIN" | "MERCHANT") =>
  createCallerFactory(appRouter)({ user: { id: user.id, email: user.email, name: "Someone", role } });

/** A new back-office admin named `name`, e-mail `<name>-<tag>@example.test`, and its caller. */
export async function newAdmin(name: string, tag = randomBytes(3).toString("hex")) {
  const email = `${name.toLowerCase()}-${tag}@example.test`;
  const user = await createUser(db(), { email, name, password: "correct-horse-battery", role: "ADMIN" });
  return { email, caller: caller(user, "ADMIN") };
}
