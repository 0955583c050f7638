/**
 * The dashboard's recurrence detail with its cycles' charges (cobr) and attempts, the sandbox payer
 * funded or starved, and the overview's failed attempts: through the tRPC caller, nobody else's.
 */
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { plusDays, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { db } from "../../server/db/client";
import { createRecurringCharge } from "../../server/recurrences/charges/service";
import { settleRecurringCharges } from "../../server/recurrences/charges/settlement";
import { recurringRevenue } from "../../server/recurrences/dashboard";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { recurringChargeInput } from "../api-pix/cobr-support";
import { newMerchant, randomCnpj, randomCpf } from "../support/fixtures";

const caller = (userId: string) =>
  createCallerFactory(appRouter)({ user: { id: userId, role: "MERCHANT", name: "M", email: "m@example.test" } });

const at = (day: string) => new Date(`${day}T15:00:00Z`);

async function company() {
  const merchant = await newMerchant();
  await db().account.update({ where: { id: merchant.accountId }, data: { document: randomCnpj() } });
  return merchant;
}

describe("dashboard recurrence charges", () => {
  let shop: Awaited<ReturnType<typeof newMerchant>>;
  let other: Awaited<ReturnType<typeof newMerchant>>;

  beforeAll(async () => {
    shop = await company();
    other = await company();
  });

  /** A monthly recurrence of 25.00 approved by the sandbox payer, with a charge due in five days. */
  async function approvedWithCharge() {
    const me = caller(shop.userId);
    const { idRec } = await me.recurrences.create({
      contract: "CT-9",
      debtor: { name: "Carla Dias", document: randomCpf() },
      startDate: todayInSaoPaulo(),
      periodicity: "MENSAL",
      amountKind: "fixed",
      amount: 25,
      retryPolicy: "NAO_PERMITE",
    });
    const request = await me.recurrences.requestConsent({ idRec, account: "9", ispb: "12345678", expiresInDays: 1 });
    await me.sandbox.answerRecurrenceRequest({ idSolicRec: request.idSolicRec, accept: true });
    const due = plusDays(todayInSaoPaulo(), 5);
    const charge = await createRecurringCharge(
      db(),
      recurringChargeInput(shop, idRec, { dueDate: due, amountCents: 2500n, adjustBusinessDay: false }),
    );
    return { idRec, txId: charge.txId, due };
  }

  it("shows each cycle's charge with its attempts, paid when the payer is funded", async () => {
    const { idRec, txId, due } = await approvedWithCharge();
    await settleRecurringCharges(db(), new Date(), idRec);
    await settleRecurringCharges(db(), at(due), idRec);
    const detail = await caller(shop.userId).recurrences.get({ idRec });
    expect(detail.charges).toMatchObject([
      { txId, dueDate: due, amountCents: 2500n, status: "CONCLUIDA", attempts: [{ kind: "AGND", status: "PAGA" }] },
    ]);
    expect(detail.charges[0]?.paidEndToEndId).toBe(detail.charges[0]?.attempts[0]?.endToEndId);
  });

  it("fails the attempt of a starved payer with its code, counted as a failed attempt", async () => {
    const { idRec, due } = await approvedWithCharge();
    const before = await recurringRevenue(db(), shop.userId, at(due));
    await expect(
      caller(other.userId).sandbox.setRecurrencePayer({ idRec, failureCode: "AM04" as never }),
    ).rejects.toBeInstanceOf(TRPCError);
    const error = await caller(other.userId)
      .sandbox.setRecurrencePayer({ idRec, failureCode: "AM02" })
      .catch((caught: TRPCError) => caught);
    expect((error as TRPCError).code).toBe("NOT_FOUND");
    expect(await caller(shop.userId).sandbox.setRecurrencePayer({ idRec, failureCode: "AM02" })).toMatchObject({
      failureCode: "AM02",
    });
    await settleRecurringCharges(db(), new Date(), idRec);
    await settleRecurringCharges(db(), at(due), idRec);
    const [charge] = (await caller(shop.userId).recurrences.get({ idRec })).charges;
    expect(charge?.attempts).toMatchObject([{ status: "REJEITADA", rejectionCode: "AM02" }]);
    const after = await recurringRevenue(db(), shop.userId, at(due));
    expect(after.failedAttempts).toBe(before.failedAttempts + 1);
    expect((await recurringRevenue(db(), other.userId, at(due))).failedAttempts).toBe(0);
    // thirty days on, it has left the window
    expect((await recurringRevenue(db(), shop.userId, at(plusDays(due, 30)))).failedAttempts).toBe(0);
  });
});
