/**
 * The dashboard's "Compartilhar" of a recurrence awaiting approval (its QR and authorisation page)
 * and the Sandbox clock: through the tRPC caller, nobody else's recurrence.
 */
import type { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { db } from "../../server/db/client";
import { type newMerchant, randomCpf } from "../support/fixtures";
import { caller, company } from "../support/recurrence-merchants";

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "OK",
    (error: TRPCError) => error.code,
  );

describe("dashboard recurrence share and sandbox clock", () => {
  let shop: Awaited<ReturnType<typeof newMerchant>>;
  let other: Awaited<ReturnType<typeof newMerchant>>;

  beforeAll(async () => {
    shop = await company();
    other = await company();
  });

  const created = () =>
    caller(shop.userId).recurrences.create({
      contract: "CT-7",
      debtor: { name: "Ana Lima", document: randomCpf() },
      startDate: todayInSaoPaulo(),
      periodicity: "MENSAL",
      amountKind: "fixed",
      amount: 30,
      retryPolicy: "NAO_PERMITE",
    });

  it("creates the location on the first ask and answers the same QR and page afterwards", async () => {
    const { idRec } = await created();
    const me = caller(shop.userId);
    expect(await me.recurrences.share({ idRec })).toBeNull();
    const share = await me.recurrences.createShare({ idRec });
    expect(share.pagePath).toMatch(/^\/r\/[0-9a-f-]{36}$/);
    expect(share.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(share.emv).toContain(`/rec/${share.pagePath.slice(3)}`);
    expect(await me.recurrences.share({ idRec })).toEqual(share);
    expect(await me.recurrences.createShare({ idRec })).toEqual(share);
    expect(await db().recurrenceLocation.count({ where: { idRec } })).toBe(1);
  });

  it("shares nobody else's recurrence and none that left CRIADA", async () => {
    const { idRec } = await created();
    expect(await codeOf(caller(other.userId).recurrences.share({ idRec }))).toBe("NOT_FOUND");
    expect(await codeOf(caller(other.userId).recurrences.createShare({ idRec }))).toBe("NOT_FOUND");
    expect(await db().recurrenceLocation.count({ where: { userId: other.userId } })).toBe(0);
    expect(await db().recurrenceLocation.count({ where: { idRec } })).toBe(0);
    await caller(shop.userId).recurrences.cancel({ idRec });
    expect(await codeOf(caller(shop.userId).recurrences.createShare({ idRec }))).toBe("CONFLICT");
  });

  it("advances an approved recurrence until its cycle's charge is paid; refuses others'", async () => {
    const { idRec } = await created();
    const me = caller(shop.userId);
    expect(await codeOf(me.sandbox.advanceRecurrence({ idRec }))).toBe("CONFLICT");
    const request = await me.recurrences.requestConsent({ idRec, account: "9", ispb: "12345678", expiresInDays: 1 });
    await me.sandbox.answerRecurrenceRequest({ idSolicRec: request.idSolicRec, accept: true });
    expect(await codeOf(caller(other.userId).sandbox.advanceRecurrence({ idRec }))).toBe("NOT_FOUND");
    expect(await db().recurringCharge.count({ where: { idRec } })).toBe(0);
    let status = "";
    for (let step = 0; step < 5 && status !== "CONCLUIDA"; step++) {
      status = (await me.sandbox.advanceRecurrence({ idRec })).status;
    }
    expect(status).toBe("CONCLUIDA");
    const [charge] = (await me.recurrences.get({ idRec })).charges;
    expect(charge).toMatchObject({ status: "CONCLUIDA", amountCents: 3000n, attempts: [{ status: "PAGA" }] });
  });
});
