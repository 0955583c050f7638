/**
 * The dashboard's "Assinaturas" through the tRPC caller: creating a recurrence from the form, the
 * service's refusals on the form's fields, the list's filters and next charge day, the consent
 * request and the sandbox payer's answer, cancelling, the recurring revenue, and nobody else's.
 */
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { plusDays, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { db } from "../../server/db/client";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { newMerchant, randomCnpj, randomCpf } from "../support/fixtures";

const caller = (userId: string) =>
  createCallerFactory(appRouter)({ user: { id: userId, role: "MERCHANT", name: "M", email: "m@example.test" } });

/** A merchant whose account is a company's (Pix Automático receivers are legal persons). */
async function company() {
  const merchant = await newMerchant();
  await db().account.update({ where: { id: merchant.accountId }, data: { document: randomCnpj() } });
  return merchant;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError & { cause: { fields?: string[]; code?: string } };
}

const today = () => todayInSaoPaulo();

describe("dashboard recurrences", () => {
  let shop: Awaited<ReturnType<typeof newMerchant>>;
  let other: Awaited<ReturnType<typeof newMerchant>>;
  const debtor = { name: "Ana Souza", document: randomCpf() };

  const form = (overrides: Record<string, unknown> = {}) => ({
    contract: "CT-0001",
    object: "Academia plano mensal",
    debtor,
    startDate: plusDays(today(), 7),
    periodicity: "MENSAL" as const,
    amountKind: "fixed" as const,
    amount: 89.9,
    retryPolicy: "PERMITE_3R_7D" as const,
    ...overrides,
  });

  beforeAll(async () => {
    shop = await company();
    other = await company();
  });

  it("creates a recurrence in centavos, listed with its next charge day, shown with its history", async () => {
    const { idRec } = await caller(shop.userId).recurrences.create(form());
    expect(idRec).toMatch(/^RR\w{27}$/);
    const row = await db().recurrence.findUniqueOrThrow({ where: { idRec } });
    expect(row).toMatchObject({
      userId: shop.userId,
      amountCents: 8990n,
      minimumCents: null,
      status: "CRIADA",
      autoCharge: true,
    });

    const list = await caller(shop.userId).recurrences.list({});
    expect(list.recurrences.find((r) => r.idRec === idRec)).toMatchObject({
      status: "CRIADA",
      debtorName: "Ana Souza",
      amountCents: 8990n,
      periodicity: "MENSAL",
      nextChargeDate: plusDays(today(), 7),
    });

    const detail = await caller(shop.userId).recurrences.get({ idRec });
    expect(detail).toMatchObject({ idRec, retryPolicy: "PERMITE_3R_7D", closure: null, requests: [] });
    // billed automatically: the first cycle's charge is created three days before it is due
    expect(detail.autoCharge).toBe(true);
    expect(detail.nextAutoCharge).toEqual({ dueDate: plusDays(today(), 7), createOn: plusDays(today(), 4) });
    expect(detail.history.map((h) => h.status)).toEqual(["CRIADA"]);
  });

  it("keeps a minimum amount as the floor, not the price, and refuses to bill it automatically", async () => {
    const minimum = form({ amountKind: "minimum", amount: 50, retryPolicy: "NAO_PERMITE" });
    const before = await db().recurrence.count({ where: { userId: shop.userId } });
    const error = await refusal(caller(shop.userId).recurrences.create({ ...minimum, autoCharge: true }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.cause.fields).toEqual(["autoCharge"]);
    expect(await db().recurrence.count({ where: { userId: shop.userId } })).toBe(before);

    // left out, automatic billing is off for a minimum amount
    const { idRec } = await caller(shop.userId).recurrences.create(minimum);
    expect(idRec.slice(0, 2)).toBe("RN");
    expect(await db().recurrence.findUniqueOrThrow({ where: { idRec } })).toMatchObject({
      amountCents: null,
      minimumCents: 5000n,
      autoCharge: false,
    });
    expect(await caller(shop.userId).recurrences.get({ idRec })).toMatchObject({
      autoCharge: false,
      nextAutoCharge: null,
    });
  });

  it("names the form fields the service refused, and saves nothing", async () => {
    const before = await db().recurrence.count({ where: { userId: shop.userId } });
    const error = await refusal(
      caller(shop.userId).recurrences.create(
        form({
          debtor: { name: "X", document: "12345678900" },
          startDate: plusDays(today(), -1),
          endDate: plusDays(today(), -2),
        }),
      ),
    );
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.cause.fields).toEqual(["debtor.document", "startDate", "endDate"]);
    expect(await db().recurrence.count({ where: { userId: shop.userId } })).toBe(before);
  });

  it("refuses texts past the specification's limits at the door", async () => {
    const error = await refusal(caller(shop.userId).recurrences.create(form({ contract: "C".repeat(36) })));
    expect(error.code).toBe("BAD_REQUEST");
  });

  it("refuses a receiver that is a person, as the API Pix does", async () => {
    const person = await newMerchant();
    const error = await refusal(caller(person.userId).recurrences.create(form()));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.cause.fields).toEqual(["recebedor"]);
  });

  it("filters by status, creation period and search", async () => {
    const me = caller(shop.userId);
    const { idRec } = await me.recurrences.create(
      form({ contract: "BUSCA-77", debtor: { name: "Bruno Lima", document: randomCpf() } }),
    );
    expect((await me.recurrences.list({ search: "busca-7" })).recurrences.map((r) => r.idRec)).toEqual([idRec]);
    expect((await me.recurrences.list({ search: "bruno" })).recurrences.map((r) => r.idRec)).toEqual([idRec]);
    expect((await me.recurrences.list({ search: idRec })).recurrences.map((r) => r.idRec)).toEqual([idRec]);
    expect((await me.recurrences.list({ search: debtor.document })).total).toBe(2);
    expect((await me.recurrences.list({ status: "APROVADA" })).total).toBe(0);
    expect((await me.recurrences.list({ createdFrom: today(), createdTo: today() })).total).toBe(3);
    expect((await me.recurrences.list({ createdTo: plusDays(today(), -1) })).total).toBe(0);
    const page = await me.recurrences.list({ limit: 2, page: 2 });
    expect(page).toMatchObject({ page: 2, limit: 2, total: 3, totalPages: 2 });
    // newest first: the last page holds the first one created
    expect(page.recurrences).toHaveLength(1);
    const error = await refusal(me.recurrences.list({ createdFrom: today(), createdTo: plusDays(today(), -1) }));
    expect(error.code).toBe("BAD_REQUEST");
  });

  it("sends a consent request, which the sandbox payer accepts; the revenue counts it by the month", async () => {
    const me = caller(shop.userId);
    const { idRec } = await me.recurrences.create(form({ periodicity: "SEMANAL", amount: 10 }));
    const sent = await me.recurrences.requestConsent({ idRec, account: "123456", ispb: "12345678", expiresInDays: 3 });
    expect(sent).toMatchObject({ status: "CRIADA", account: "123456", ispb: "12345678" });
    // one active request per recurrence
    expect(
      (await refusal(me.recurrences.requestConsent({ idRec, account: "1", ispb: "12345678", expiresInDays: 3 }))).code,
    ).toBe("CONFLICT");
    expect((await me.sandbox.openRecurrenceRequests()).map((r) => r.idSolicRec)).toContain(sent.idSolicRec);
    // another merchant can neither answer it nor see it
    expect(
      (
        await refusal(
          caller(other.userId).sandbox.answerRecurrenceRequest({ idSolicRec: sent.idSolicRec, accept: true }),
        )
      ).code,
    ).toBe("NOT_FOUND");
    expect((await caller(other.userId).sandbox.openRecurrenceRequests()).length).toBe(0);

    expect(await me.sandbox.answerRecurrenceRequest({ idSolicRec: sent.idSolicRec, accept: true })).toMatchObject({
      status: "ACEITA",
    });
    const detail = await me.recurrences.get({ idRec });
    expect(detail.status).toBe("APROVADA");
    expect(detail.requests[0]?.history.map((h) => h.status)).toEqual(["CRIADA", "ENVIADA", "RECEBIDA", "ACEITA"]);
    // answered already: a conflict
    expect(
      (await refusal(me.sandbox.answerRecurrenceRequest({ idSolicRec: sent.idSolicRec, accept: false }))).code,
    ).toBe("CONFLICT");
    // 10.00 a week: 520.00 a year, 43.33 a month
    expect((await me.analytics.overview({ days: 30 })).recurring).toMatchObject({ monthlyCents: 4333n, active: 1 });
    expect((await caller(other.userId).analytics.overview({ days: 30 })).recurring.monthlyCents).toBe(0n);
  });

  it("rejects as the payer with the chosen code, and cancels a request left unanswered", async () => {
    const me = caller(shop.userId);
    const askConsent = (idRec: string) =>
      me.recurrences.requestConsent({ idRec, account: "1", ispb: "12345678", expiresInDays: 1 });
    const first = await me.recurrences.create(form());
    const request = await askConsent(first.idRec);
    await me.sandbox.answerRecurrenceRequest({ idSolicRec: request.idSolicRec, accept: false, code: "AP14" });
    expect(await me.recurrences.get({ idRec: first.idRec })).toMatchObject({
      status: "REJEITADA",
      nextChargeDate: null,
      closure: { rejeicao: { codigo: "AP14" } },
    });

    const second = await me.recurrences.create(form());
    const open = await askConsent(second.idRec);
    expect((await refusal(caller(other.userId).recurrences.cancelRequest({ idSolicRec: open.idSolicRec }))).code).toBe(
      "NOT_FOUND",
    );
    expect(await me.recurrences.cancelRequest({ idSolicRec: open.idSolicRec })).toMatchObject({ status: "CANCELADA" });
    expect((await me.recurrences.get({ idRec: second.idRec })).status).toBe("CRIADA");
  });

  it("cancels a recurrence once, as the receiver; never someone else's", async () => {
    const { idRec } = await caller(shop.userId).recurrences.create(form());
    expect((await refusal(caller(other.userId).recurrences.cancel({ idRec }))).code).toBe("NOT_FOUND");
    expect((await refusal(caller(other.userId).recurrences.get({ idRec }))).code).toBe("NOT_FOUND");
    expect((await caller(other.userId).recurrences.list({ search: idRec })).total).toBe(0);

    expect(await caller(shop.userId).recurrences.cancel({ idRec })).toMatchObject({ status: "CANCELADA" });
    const detail = await caller(shop.userId).recurrences.get({ idRec });
    expect(detail.closure).toMatchObject({ cancelamento: { solicitante: "USUARIO_RECEBEDOR", codigo: "SLCR" } });
    expect(detail.history.map((h) => h.status)).toEqual(["CRIADA", "CANCELADA"]);
    expect((await refusal(caller(shop.userId).recurrences.cancel({ idRec }))).code).toBe("CONFLICT");
  });
});
