import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { newMerchant } from "../support/fixtures";
import { programmeAccount } from "./support";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;
const userOf = (m: Merchant) => ({ id: m.userId, email: m.email, name: "Loja", role: "MERCHANT" as const });
const callerFor = (m: Merchant) => createCallerFactory(appRouter)({ user: userOf(m) });

/** A mutation through the HTTP handler, so the error formatter shapes the refusal as the browser gets it. */
async function mutate(m: Merchant, path: string, input: unknown) {
  const response = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req: new Request(`http://localhost/api/trpc/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ json: input }),
    }),
    router: appRouter,
    createContext: async () => ({ user: userOf(m) }),
  });
  return { status: response.status, body: await response.json() };
}

describe("Chaves Pix on the dashboard (tRPC)", () => {
  let merchant: Merchant;

  beforeAll(async () => {
    merchant = await newMerchant();
  });

  it("lists the merchant's own accounts with their limit and wait, registers and lists keys", async () => {
    const caller = callerFor(merchant);
    const [before] = await caller.pixKeys.accounts();
    expect(before).toMatchObject({ accountId: merchant.accountId, limit: 5, cooldownSeconds: 0, keys: [] });
    const key = await caller.pixKeys.create({ accountId: merchant.accountId, type: "CPF" });
    expect(key).toMatchObject({ type: "CPF", isCurrent: true });
    const [after] = await caller.pixKeys.accounts();
    expect(after?.keys).toEqual([key]);
    expect(after?.cooldownSeconds).toBeGreaterThan(590);
  });

  it("carries the cooldown's code and seconds left to the client", async () => {
    const res = await mutate(merchant, "pixKeys.create", { accountId: merchant.accountId, type: "EVP" });
    expect(res.status).toBe(429);
    expect(res.body.error.json.data).toMatchObject({ appCode: "BAAS_PIX_KEY_COOLDOWN", code: "TOO_MANY_REQUESTS" });
    expect(res.body.error.json.data.retryAfterSeconds).toBeGreaterThan(590);
  });

  it("refuses to delete the current key with its code", async () => {
    const [ring] = await callerFor(merchant).pixKeys.accounts();
    const current = ring?.keys.find((k) => k.isCurrent);
    const res = await mutate(merchant, "pixKeys.remove", { accountId: merchant.accountId, keyId: current?.keyId });
    expect(res.status).toBe(400);
    expect(res.body.error.json.data.appCode).toBe("BAAS_PIX_KEY_IS_CURRENT");
  });

  it("does not list programme accounts among one's own, and lists them on the programme page", async () => {
    const account = await programmeAccount(merchant.userId);
    const caller = callerFor(merchant);
    expect((await caller.pixKeys.accounts()).map((a) => a.accountId)).toEqual([merchant.accountId]);
    const programme = await caller.programmeAccounts.list();
    expect(programme).toHaveLength(1);
    expect(programme[0]).toMatchObject({ accountId: account.id, holder: account.name, keys: [] });
    expect(programme[0]?.balance.balanceCents).toBe(0n);
    expect(programme[0]?.document).not.toBe(account.document);
    const stranger = await newMerchant();
    expect(await callerFor(stranger).programmeAccounts.list()).toEqual([]);
    await expect(
      callerFor(stranger).pixKeys.create({ accountId: merchant.accountId, type: "EVP" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await db().pixKey.count({ where: { accountId: merchant.accountId } })).toBe(1);
  });
});
