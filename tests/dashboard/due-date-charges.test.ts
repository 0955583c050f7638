/**
 * The dashboard's due-date charges (cobv) through the tRPC caller: creating one from the form's
 * numbers, the service's refusals on the form's fields, the preview priced by the one maths, the
 * list's filters with the amount due today, the detail and its paid components, and nobody else's.
 */
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { plusDays, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { updateDueDateCharge } from "../../server/charges/due-date/service";
import { db } from "../../server/db/client";
import { FieldsRefused } from "../../server/errors";
import { registerPixKey } from "../../server/pix/platform-keys";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { newMerchant } from "../support/fixtures";

const caller = (userId: string) =>
  createCallerFactory(appRouter)({ user: { id: userId, role: "MERCHANT", name: "M", email: "m@example.test" } });

/** A Wednesday, a business day; +10 is a Saturday, +30 a Friday; the discount date a Tuesday. */
const DUE = "2027-06-16";
const DISCOUNT_DATE = "2027-06-01";

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError & { cause: FieldsRefused };
}

describe("dashboard due-date charges", () => {
  let shop: Awaited<ReturnType<typeof newMerchant>>;
  let other: Awaited<ReturnType<typeof newMerchant>>;

  const form = (overrides: Record<string, unknown> = {}) => ({
    accountId: shop.accountId,
    payer: { name: "Maria Pagadora", document: "12345678909", city: "São Paulo", state: "SP" },
    amount: 100,
    dueDate: DUE,
    fine: { modality: 2, value: 2 },
    interest: { modality: 3, value: 1 },
    discount: { modality: 1, dates: [{ date: DISCOUNT_DATE, value: 5 }] },
    description: "Aluguel de junho",
    ...overrides,
  });

  beforeAll(async () => {
    shop = await newMerchant();
    other = await newMerchant();
    await registerPixKey(db(), shop.accountId, "EVP");
    await registerPixKey(db(), other.accountId, "EVP");
  });

  it("creates a cobv with fine, interest and a fixed-date discount, stored as the API Pix's terms", async () => {
    const { txId } = await caller(shop.userId).dueDateCharges.create(form());
    const row = await db().charge.findUniqueOrThrow({ where: { txId } });
    expect(row).toMatchObject({ kind: "cobv", userId: shop.userId, amountCents: 10_000n, validityDays: 30 });
    expect(row.dueTerms).toEqual({
      original: "100.00",
      multa: { modalidade: 2, valorPerc: "2.00" },
      juros: { modalidade: 3, valorPerc: "1.00" },
      desconto: { modalidade: 1, descontoDataFixa: [{ data: DISCOUNT_DATE, valorPerc: "5.00" }] },
    });

    const detail = await caller(shop.userId).dueDateCharges.get({ txId });
    expect(detail).toMatchObject({
      txId,
      status: "created",
      dueDate: DUE,
      payer: { name: "Maria Pagadora", document: "12345678909", city: "São Paulo", state: "SP" },
      // today is before the discount date: 100.00 − 5.00
      dueTodayCents: 9_500n,
      today: { payable: true, finalCents: 9_500n },
      paid: null,
      timeline: [{ kind: "created" }],
    });
    expect(detail.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(detail.emv).toContain("/pix/qr/v2/cobv/");

    // a revision of the terms is on the timeline; the payment's own revision is not (see below)
    await updateDueDateCharge(db(), shop.userId, txId, { description: "Aluguel de junho (revisto)" });
    const revised = await caller(shop.userId).dueDateCharges.get({ txId });
    expect(revised.timeline.map((event) => event.kind)).toEqual(["created", "revised"]);
    expect(revised.timeline[1]).toMatchObject({ revision: 1 });
  });

  it("puts each service refusal on the form field it is about, and creates nothing", async () => {
    const before = await db().charge.count({ where: { userId: shop.userId } });
    const error = await refusal(
      caller(shop.userId).dueDateCharges.create(
        form({
          fine: { modality: 2, value: 150 },
          discount: { modality: 1, dates: [{ date: plusDays(DUE, 1), value: 5 }] },
          payer: { name: "Maria", document: "12345678900" },
        }),
      ),
    );
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.cause).toBeInstanceOf(FieldsRefused);
    expect(error.cause.fields).toEqual(["fine.value", "discount.dates.0.date", "payer.document"]);
    expect(await db().charge.count({ where: { userId: shop.userId } })).toBe(before);

    const past = await refusal(
      caller(shop.userId).dueDateCharges.create(form({ dueDate: plusDays(todayInSaoPaulo(), -1) })),
    );
    expect(past.cause.fields).toEqual(["dueDate", "discount.dates.0.date"]);
  });

  it("previews the amount due today, on the due date, 10 and 30 days after, to the centavo", async () => {
    const { payer: _payer, accountId: _account, description: _text, ...terms } = form();
    const preview = await caller(shop.userId).dueDateCharges.preview(terms);
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    expect(preview.rows.map(({ key, date, finalCents }) => ({ key, date, finalCents }))).toEqual([
      { key: "today", date: todayInSaoPaulo(), finalCents: 9_500n },
      { key: "dueDate", date: DUE, finalCents: 10_000n },
      // fine 2 % of 100.00 = 2.00; interest 1 % a month for 10 of 30 days = 0.3333… → 0.33
      { key: "due10", date: "2027-06-26", finalCents: 10_233n },
      // 30 of 30 days: 1.00
      { key: "due30", date: "2027-07-16", finalCents: 10_300n },
    ]);
    expect(preview.rows[2]?.components).toEqual({
      originalCents: 10_000n,
      multaCents: 200n,
      jurosCents: 33n,
      descontoCents: 0n,
      abatimentoCents: 0n,
    });
    expect(preview.lastPayableDate).toBe("2027-07-16");

    const bad = await caller(shop.userId).dueDateCharges.preview({ ...terms, rebate: { modality: 1, value: 100 } });
    expect(bad).toEqual({ ok: false, fields: ["rebate.value"] });
  });

  it("lists by status, due window and payer, each open row with its amount due today", async () => {
    const mine = caller(shop.userId).dueDateCharges;
    const ana = await mine.create(
      form({ payer: { name: "Ana Lima", document: "52998224725" }, dueDate: "2027-08-10" }),
    );
    const bruno = await mine.create(
      form({ payer: { name: "Bruno Costa", document: "11222333000181" }, dueDate: "2027-09-15", discount: undefined }),
    );
    await caller(shop.userId).sandbox.payCharge({ txId: bruno.txId, paidOn: "2027-09-27" });

    const byName = await mine.list({ payer: "ana li" });
    expect(byName.charges.map((row) => row.txId)).toEqual([ana.txId]);
    expect(byName.charges[0]).toMatchObject({ status: "created", dueTodayCents: 9_500n, overdue: false });

    const byDocument = await mine.list({ payer: "11.222.333/0001-81" });
    expect(byDocument.charges.map((row) => row.txId)).toEqual([bruno.txId]);

    const window = await mine.list({ dueFrom: "2027-08-01", dueTo: "2027-08-31" });
    expect(window.charges.map((row) => row.txId)).toEqual([ana.txId]);

    const paid = await mine.list({ status: "paid" });
    expect(paid.charges.map((row) => row.txId)).toEqual([bruno.txId]);
    // 12 days late (2027-09-15 → 09-27): fine 2.00, interest 12/30 of 1.00 = 0.40
    expect(paid.charges[0]).toMatchObject({ status: "paid", dueTodayCents: null, paidCents: 10_240n });

    const all = await mine.list({ limit: 2, page: 1 });
    expect(all).toMatchObject({ total: 3, totalPages: 2 });
    expect(all.charges).toHaveLength(2);

    const detail = await mine.get({ txId: bruno.txId });
    expect(detail.paid).toMatchObject({
      paidOn: "2027-09-27",
      finalCents: 10_240n,
      multaCents: 200n,
      jurosCents: 40n,
      descontoCents: 0n,
    });
    expect(detail.timeline.map((event) => event.kind)).toEqual(["created", "paid"]);
    expect(detail.payment?.payer?.name).toEqual(expect.any(String));
  });

  it("shows another merchant's charges to nobody else and creates none on another's account", async () => {
    const { txId } = await caller(other.userId).dueDateCharges.create(form({ accountId: other.accountId }));
    expect((await refusal(caller(shop.userId).dueDateCharges.get({ txId }))).code).toBe("NOT_FOUND");
    expect((await caller(shop.userId).dueDateCharges.list({})).charges.map((row) => row.txId)).not.toContain(txId);
    expect((await caller(other.userId).dueDateCharges.list({})).charges.map((row) => row.txId)).toEqual([txId]);
    expect((await refusal(caller(shop.userId).sandbox.payCharge({ txId, paidOn: DUE }))).code).toBe("NOT_FOUND");

    const foreign = await refusal(caller(shop.userId).dueDateCharges.create(form({ accountId: other.accountId })));
    expect(foreign.code).toBe("FORBIDDEN");
    expect(await db().charge.count({ where: { userId: shop.userId, accountId: other.accountId } })).toBe(0);
  });
});
