import { beforeAll, describe, expect, it } from "vitest";
import { createStaticQr, getStaticQr, listStaticQrs, removeStaticQr } from "../../server/charges/static-qr";
import { db } from "../../server/db/client";
import { decodeBrCode } from "../../server/pix/brcode";
import { registerPixKey } from "../../server/pix/platform-keys";
import { payBrCode } from "../../server/transfers/pay-brcode";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { availableCents, fundedMerchant, newMerchant } from "../support/fixtures";

describe("static QR codes for a shop counter", () => {
  let shop: Awaited<ReturnType<typeof newMerchant>>;
  let customer: Awaited<ReturnType<typeof fundedMerchant>>;
  const key = `caixa-${Date.now().toString(36)}@loja.example`;
  const caller = (userId: string) =>
    createCallerFactory(appRouter)({ user: { id: userId, role: "MERCHANT", name: "M", email: "m@example.test" } });

  beforeAll(async () => {
    shop = await newMerchant({ name: "Mercadinho Boa Vista" });
    customer = await fundedMerchant(50_000n);
    await registerPixKey(db(), shop.accountId, "EMAIL", key);
  });

  it("a fixed-amount code pays the account's key that amount", async () => {
    const code = await createStaticQr(db(), {
      userId: shop.userId,
      accountId: shop.accountId,
      label: "Caixa 1",
      amountCents: 1250n,
      description: "Café",
    });
    const decoded = decodeBrCode(code.emv);
    expect(decoded).toMatchObject({
      kind: "static",
      pixKey: key,
      amountCents: 1250n,
      merchantName: "Mercadinho Boa Vista",
    });
    const before = await availableCents(shop.accountId);
    await payBrCode(db(), { userId: customer.userId, accountId: customer.accountId, emv: code.emv, amountCents: null });
    expect(await availableCents(shop.accountId)).toBe(before + 1250n);
  });

  it("an open-amount code lets the payer choose; without an amount the payment is refused", async () => {
    const code = await caller(shop.userId).charges.static.create({ accountId: shop.accountId, label: "Balcão" });
    expect(code.amountCents).toBeNull();
    expect(decodeBrCode(code.emv)).toMatchObject({ kind: "static", amountCents: null });
    await expect(
      payBrCode(db(), { userId: customer.userId, accountId: customer.accountId, emv: code.emv, amountCents: null }),
    ).rejects.toMatchObject({ reason: "AMOUNT_REQUIRED" });
    const before = await availableCents(shop.accountId);
    await payBrCode(db(), { userId: customer.userId, accountId: customer.accountId, emv: code.emv, amountCents: 999n });
    expect(await availableCents(shop.accountId)).toBe(before + 999n);
  });

  it("lists, prints and removes only the merchant's own codes", async () => {
    const listed = await caller(shop.userId).charges.static.list();
    expect(listed.map((code) => code.label)).toEqual(["Balcão", "Caixa 1"]);
    const first = listed[0];
    if (!first) throw new Error("no code");
    const printed = await caller(shop.userId).charges.static.byId({ id: first.id });
    expect(printed).toMatchObject({ merchantName: "Mercadinho Boa Vista", pixKey: key });
    expect(printed.qrCode).toMatch(/^data:image\/png;base64,/);

    const stranger = await newMerchant();
    await expect(caller(stranger.userId).charges.static.byId({ id: first.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(removeStaticQr(db(), stranger.userId, first.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getStaticQr(db(), shop.userId, "not-a-uuid")).rejects.toMatchObject({ code: "NOT_FOUND" });
    for (const id of ["not-a-uuid", `${first.id}\u0000`]) {
      await expect(caller(shop.userId).charges.static.byId({ id })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }

    await caller(shop.userId).charges.static.remove({ id: first.id });
    expect((await listStaticQrs(db(), shop.userId)).map((code) => code.label)).toEqual(["Caixa 1"]);
  });

  it("pays the key the merchant chose, not the current one, and refuses another account's key", async () => {
    const second = await registerPixKey(db(), shop.accountId, "EVP");
    expect(second.isCurrent).toBe(false);
    const code = await caller(shop.userId).charges.static.create({
      accountId: shop.accountId,
      pixKeyId: second.id,
      label: "Caixa 2",
      amount: 7.5,
    });
    expect(code.pixKey).toBe(second.key);
    expect(decodeBrCode(code.emv)).toMatchObject({ kind: "static", pixKey: second.key, amountCents: 750n });
    const before = await availableCents(shop.accountId);
    await payBrCode(db(), { userId: customer.userId, accountId: customer.accountId, emv: code.emv, amountCents: null });
    expect(await availableCents(shop.accountId)).toBe(before + 750n);

    const customersKey = await registerPixKey(db(), customer.accountId, "EVP");
    const count = (await listStaticQrs(db(), shop.userId)).length;
    await expect(
      caller(shop.userId).charges.static.create({ accountId: shop.accountId, pixKeyId: customersKey.id, label: "Z" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      createStaticQr(db(), {
        userId: shop.userId,
        accountId: shop.accountId,
        pixKeyId: customersKey.id,
        label: "Z",
        amountCents: null,
      }),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR", field: "pixKeyId", reason: "PIX_KEY_NOT_OF_ACCOUNT" });
    expect(await listStaticQrs(db(), shop.userId)).toHaveLength(count);
    await caller(shop.userId).charges.static.remove({ id: code.id });
  });

  it("refuses an account without a PIX key, another merchant's account and bad input", async () => {
    const keyless = await newMerchant();
    await expect(
      createStaticQr(db(), { userId: keyless.userId, accountId: keyless.accountId, label: "X", amountCents: null }),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR", reason: "NO_PIX_KEY" });
    await expect(
      createStaticQr(db(), { userId: keyless.userId, accountId: shop.accountId, label: "X", amountCents: null }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      caller(shop.userId).charges.static.create({ accountId: shop.accountId, label: "", amount: 10 }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      caller(shop.userId).charges.static.create({ accountId: shop.accountId, label: "Y", amount: -1 }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await listStaticQrs(db(), keyless.userId)).toEqual([]);
  });
});
