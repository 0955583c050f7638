/**
 * The sandbox's simulated payers on the simulated network (NETWORK_CONTROL_URL set, as npm run dev
 * sets it): the sandbox services ask a simulated institution to send the PIX and answer with the
 * credit the wire brought, settled through the incoming state machine.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarDaysBetween } from "../../server/charges/due-date/calendar";
import { createDueDateCharge } from "../../server/charges/due-date/service";
import { payChargeFromOutside } from "../../server/charges/payment";
import { createCharge } from "../../server/charges/service";
import { db } from "../../server/db/client";
import { creditIncomingPixToKey } from "../../server/transfers/incoming";
import { dueDay, lateDay } from "../api-pix/cobv-support";
import { availableCents, fundedMerchant } from "../support/fixtures";
import { startNetwork, type TestNetwork } from "./support";

let network: TestNetwork;

beforeAll(async () => {
  network = await startNetwork({ sandbox: true });
});

afterAll(async () => {
  await network.stop();
});

async function merchantWithKey() {
  const merchant = await fundedMerchant(0n);
  const key = `sandbox-${randomUUID().slice(0, 8)}@example.com`;
  await db().pixKey.create({
    data: { id: randomUUID(), accountId: merchant.accountId, type: "EMAIL", key, isCurrent: true },
  });
  return { ...merchant, key };
}

describe("the sandbox payer on the simulated network", () => {
  it("credits a PIX to a key over the wire: accepted, settled, credited once", async () => {
    const merchant = await merchantWithKey();
    const credit = await creditIncomingPixToKey(db(), {
      callerId: merchant.userId,
      pixKey: merchant.key,
      amountCents: 4_321n,
      payer: { name: "Pagadora Exemplo", cpfCnpj: "52998224725" },
    });
    expect(credit).toMatchObject({ type: "credit", status: "succeeded", grossCents: 4_321n });
    expect(credit.payer).toMatchObject({ name: "Pagadora Exemplo", cpfCnpj: "***.982.247-**" });
    const payment = await db().railPayment.findUniqueOrThrow({ where: { id: credit.id } });
    expect(payment).toMatchObject({ direction: "incoming", state: "settled" });
    const inbound = await db().spiMessage.findFirstOrThrow({
      where: { direction: "in", type: "pacs.008", subjectId: credit.id },
    });
    expect(inbound.status).toBe("applied");
    expect(await availableCents(merchant.accountId)).toBe(4_321n);
  });

  it("pays a charge over the wire (QRDN with its txid): the charge is paid", async () => {
    const merchant = await merchantWithKey();
    const charge = await createCharge(db(), {
      userId: merchant.userId,
      accountId: merchant.accountId,
      amountCents: 2_500n,
    });
    const credit = await payChargeFromOutside(db(), { userId: merchant.userId, txId: charge.txId });
    expect(credit).toMatchObject({ reason: "pix_in:qrcode_paid", grossCents: 2_500n, entryRef: charge.txId });
    const paid = await db().charge.findUniqueOrThrow({ where: { txId: charge.txId } });
    expect(paid).toMatchObject({ status: "paid", paidEndToEndId: credit.id });
  });

  it("refuses a charge already paid before anything is sent", async () => {
    const merchant = await merchantWithKey();
    const charge = await createCharge(db(), {
      userId: merchant.userId,
      accountId: merchant.accountId,
      amountCents: 900n,
    });
    await payChargeFromOutside(db(), { userId: merchant.userId, txId: charge.txId });
    await expect(payChargeFromOutside(db(), { userId: merchant.userId, txId: charge.txId })).rejects.toMatchObject({
      reason: "CHARGE_ALREADY_PAID",
    });
  });

  it("pays a cobv late over the wire: the payer's institution accepts it on that day, fine and interest included", async () => {
    const merchant = await merchantWithKey();
    const txid = randomUUID().replaceAll("-", "");
    await createDueDateCharge(db(), {
      userId: merchant.userId,
      txId: txid,
      chave: merchant.key,
      dueDate: dueDay(),
      validityDays: 30,
      debtor: { name: "Maria Pagadora", cpf: "12345678909" },
      valor: {
        original: "100.00",
        multa: { modalidade: 1, valorPerc: "5.00" },
        juros: { modalidade: 1, valorPerc: "0.50" },
      },
    });
    const lateCents = BigInt(10_500 + calendarDaysBetween(dueDay(), lateDay()) * 50);

    const credit = await payChargeFromOutside(db(), { userId: merchant.userId, txId: txid, paidOn: lateDay() });
    expect(credit).toMatchObject({ reason: "pix_in:qrcode_paid", grossCents: lateCents, entryRef: txid });
    // it came over the wire: a pacs.008 received, whose acceptance is the late day
    const inbound = await db().spiMessage.findFirstOrThrow({
      where: { direction: "in", type: "pacs.008", subjectId: credit.id },
    });
    expect(inbound.status).toBe("applied");
    expect(inbound.xml).toContain(`<AccptncDtTm>${lateDay()}T15:00:00`);
    expect(await db().railPayment.findUniqueOrThrow({ where: { id: credit.id } })).toMatchObject({
      direction: "incoming",
      state: "settled",
    });
    expect(await db().charge.findUniqueOrThrow({ where: { txId: txid } })).toMatchObject({
      status: "paid",
      paidEndToEndId: credit.id,
    });
  });
});
