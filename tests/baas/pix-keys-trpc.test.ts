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

  it("lists the merchant's own accounts with their limit and key types, and registers keys without a wait", async () => {
    const caller = callerFor(merchant);
    const [before] = await caller.pixKeys.accounts();
    expect(before).toMatchObject({ accountId: merchant.accountId, limit: 5, keys: [] });
    // a person's account: no CNPJ key offered
    expect(before?.keyTypes).toEqual(["EVP", "CPF", "EMAIL", "PHONE"]);
    const cpf = await caller.pixKeys.create({ accountId: merchant.accountId, type: "CPF" });
    expect(cpf).toMatchObject({ state: "registered", key: { type: "CPF", isCurrent: true } });
    const evp = await caller.pixKeys.create({ accountId: merchant.accountId, type: "EVP" });
    expect(evp.state).toBe("registered");
    const [after] = await caller.pixKeys.accounts();
    expect(after?.keys.map((k) => k.type)).toEqual(["CPF", "EVP"]);
  });

  it("asks for the code of an e-mail key, maps a wrong one to its code, registers with the right one", async () => {
    const caller = callerFor(merchant);
    const key = `dash.${merchant.accountId}@example.invalid`;
    const asked = await caller.pixKeys.create({ accountId: merchant.accountId, type: "EMAIL", key });
    if (asked.state !== "pending_verification") throw new Error("expected a pending registration");
    expect(asked.pending).toMatchObject({ key, status: "pending_verification", attemptsLeft: 5 });
    const ref = { accountId: merchant.accountId, verificationId: asked.pending.verificationId };
    const wrong = await mutate(merchant, "pixKeys.confirm", { ...ref, code: "12345x" });
    expect(wrong.status).toBe(400);
    const event = await db().outboxEvent.findFirstOrThrow({
      where: { topic: "mail.send", payload: { path: ["to"], equals: key } },
    });
    const code = (event.payload as { text: string }).text.match(/\b(\d{6})\b/)?.[1] as string;
    const other = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refused = await mutate(merchant, "pixKeys.confirm", { ...ref, code: other });
    expect(refused.body.error.json.data).toMatchObject({ appCode: "PIX_KEY_CODE_INVALID", field: "code" });
    const registered = await caller.pixKeys.confirm({ ...ref, code });
    expect(registered).toMatchObject({ type: "EMAIL", key });
  });

  it("refuses a CNPJ key on a person's account with its code", async () => {
    const res = await mutate(merchant, "pixKeys.create", {
      accountId: merchant.accountId,
      type: "CNPJ",
      key: "11222333000181",
    });
    expect(res.status).toBe(400);
    expect(res.body.error.json.data.appCode).toBe("BAAS_PIX_KEY_TYPE_NOT_ALLOWED");
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
    const keys = await db().pixKey.count({ where: { accountId: merchant.accountId } });
    expect(await callerFor(stranger).programmeAccounts.list()).toEqual([]);
    await expect(
      callerFor(stranger).pixKeys.create({ accountId: merchant.accountId, type: "EVP" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await db().pixKey.count({ where: { accountId: merchant.accountId } })).toBe(keys);
  });
});
