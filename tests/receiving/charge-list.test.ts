/**
 * The dashboard's charges list and charge page: the search box (descriptions and order numbers,
 * accents and case aside), what was refunded of a paid charge, and who paid it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { plusDays, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { createDueDateCharge } from "../../server/charges/due-date/service";
import { listCharges } from "../../server/charges/list";
import { getChargeWithPayment } from "../../server/charges/paid";
import { payChargeFromOutside } from "../../server/charges/payment";
import { createCharge } from "../../server/charges/service";
import { db } from "../../server/db/client";
import { createPixKey } from "../../server/pix/keys/service";
import { requestRefund } from "../../server/refunds/service";
import { fundedMerchant } from "../support/fixtures";

const page = { page: 1, limit: 20 };

describe("charges list and page", () => {
  let shop: Awaited<ReturnType<typeof fundedMerchant>>;
  let paidTxId: string;

  beforeAll(async () => {
    shop = await fundedMerchant(0n);
    const charge = (description: string, externalId: string, amountCents: bigint) =>
      createCharge(db(), { userId: shop.userId, accountId: shop.accountId, amountCents, description, externalId });
    const paid = await charge("Pedido #1001 — Café com pão", "pedido-1001", 5_000n);
    await charge("Assinatura mensal", "ASSIN-77", 2_990n);
    await charge("Fábio: conserto", "pedido-1003", 12_345n);
    paidTxId = paid.txId;
    const credit = await payChargeFromOutside(db(), {
      userId: shop.userId,
      txId: paid.txId,
      payer: { name: "Maria Pagadora", cpfCnpj: "52998224725" },
    });
    await requestRefund(db(), {
      userId: shop.userId,
      endToEndId: credit.endToEndId as string,
      amountCents: 1_000n,
      description: "troca",
    });
  });

  const found = async (search: string) =>
    (await listCharges(db(), shop.userId, { ...page, search })).charges.map((c) => c.externalId);

  it("lists immediate charges only: a due-date charge of the same account is in its own list", async () => {
    await createPixKey(db(), { callerId: shop.userId, accountId: shop.accountId }, { type: "EVP" });
    const bill = await createDueDateCharge(db(), {
      userId: shop.userId,
      txId: `billlist${Date.now()}${"0".repeat(10)}`,
      accountId: shop.accountId,
      dueDate: plusDays(todayInSaoPaulo(), 10),
      debtor: { name: "Pagadora", cpf: "52998224725" },
      valor: { original: "50.00" },
    });
    const { charges, total } = await listCharges(db(), shop.userId, { ...page, search: "50,00" });
    expect(charges.map((c) => c.txId)).not.toContain(bill.txId);
    expect(total).toBe(1);
  });

  it("finds charges by description and order number, whatever the accents and case", async () => {
    expect(await found("cafe")).toEqual(["pedido-1001"]);
    expect(await found("PÃO")).toEqual(["pedido-1001"]);
    expect(await found("fabio")).toEqual(["pedido-1003"]);
    expect(await found("assin-77")).toEqual(["ASSIN-77"]);
    expect(await found("1001")).toEqual(["pedido-1001"]);
    expect(await found("pedido")).toEqual(["pedido-1003", "pedido-1001"]);
    expect(await found("R$ 29,90")).toEqual(["ASSIN-77"]);
    expect(await found("nada disso")).toEqual([]);
    const { total } = await listCharges(db(), shop.userId, { ...page, search: "pedido", status: "paid" });
    expect(total).toBe(1);
  });

  it("says what was refunded of each charge", async () => {
    const { charges, total } = await listCharges(db(), shop.userId, page);
    expect(total).toBe(3);
    expect(charges.map((c) => [c.externalId, c.refundedCents])).toEqual([
      ["pedido-1003", 0n],
      ["ASSIN-77", 0n],
      ["pedido-1001", 1_000n],
    ]);
  });

  it("gives the charge's page its payer, masked, and its refunds", async () => {
    const { payment } = await getChargeWithPayment(db(), shop.userId, paidTxId);
    expect(payment?.payer).toMatchObject({ name: "Maria Pagadora", cpfCnpj: "***.982.247-**", institution: null });
    expect(payment?.refundedCents).toBe(1_000n);
    expect(payment?.refunds).toEqual([
      expect.objectContaining({ amountCents: 1_000n, description: "troca", status: "processing" }),
    ]);
  });
});
