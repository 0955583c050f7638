/** /v4/i/charges/due-date: the account surface's door to due-date charges (cobv), the API Pix's rules in camelCase. */
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { createApiKey } from "../../server/apikeys/service";
import { calendarDaysBetween, plusDays } from "../../server/charges/due-date/calendar";
import { createDueDateCharge } from "../../server/charges/due-date/service";
import { db } from "../../server/db/client";
import { createPixKey } from "../../server/pix/keys/service";
import { dueDay, lateDay, today } from "../api-pix/cobv-support";
import { newTxid } from "../api-pix/support";
import { basic, call, newMerchant } from "../support/fixtures";

type Shop = Awaited<ReturnType<typeof newMerchant>> & { auth: string };

async function shopWithKey(): Promise<Shop> {
  const merchant = await newMerchant();
  await createPixKey(db(), { callerId: merchant.userId, accountId: merchant.accountId }, { type: "EVP" });
  return { ...merchant, auth: basic(merchant.clientId, merchant.clientSecret) };
}

const PATH = "/v4/i/charges/due-date";

function bill(shop: Shop, extra: Record<string, unknown> = {}) {
  return {
    accountId: shop.accountId,
    dueDate: dueDay(),
    debtor: { name: "Maria Pagadora", cpf: "12345678909", email: "maria@example.invalid", state: "SP" },
    amount: 100,
    fine: { mode: 2, value: 2 },
    interest: { mode: 1, value: 0.1 },
    discount: { mode: 1, fixedDates: [{ date: dueDay(), value: 5 }] },
    description: "Mensalidade",
    ...extra,
  };
}

const create = (shop: Shop, body: unknown) => call(accountApi(), "POST", PATH, { auth: shop.auth, body });
const cobvCount = (shop: Shop) => db().charge.count({ where: { userId: shop.userId, kind: "cobv" } });

describe("/v4/i/charges/due-date", () => {
  let shop: Shop;
  let other: Shop;

  beforeAll(async () => {
    shop = await shopWithKey();
    other = await shopWithKey();
  });

  it("creates a bill with fine, interest and discount and answers it with the amount due today", async () => {
    const txId = newTxid();
    const res = await create(shop, bill(shop, { txId }));
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ success: true, size: 1, message: "Due-date charge created" });
    const charge = res.json.data;
    expect(charge).toMatchObject({
      txId,
      status: "created",
      accountId: shop.accountId,
      revision: 0,
      dueDate: dueDay(),
      validityDays: 30,
      debtor: { name: "Maria Pagadora", cpf: "12345678909", email: "maria@example.invalid", state: "SP" },
      amount: 100,
      fine: { mode: 2, value: 2 },
      interest: { mode: 1, value: 0.1 },
      rebate: null,
      discount: { mode: 1, value: null, fixedDates: [{ date: dueDay(), value: 5 }] },
      description: "Mensalidade",
      paid: null,
    });
    // paying today is before the discount date: 100 less the 5 of discount
    expect(charge.dueToday).toMatchObject({ date: today(), amount: 95, original: 100, discount: 5, fine: 0 });
    expect(charge.location).toMatch(/\/pix\/qr\/v2\/cobv\/[0-9a-f-]{36}$/);
    expect(charge.emv).toMatch(/^000201/);

    const got = await call(accountApi(), "GET", `${PATH}/${txId}`, { auth: shop.auth });
    expect(got.status).toBe(200);
    expect(got.json.data).toEqual(charge);
    // the same charge on the API Pix's terms: one model
    const row = await db().charge.findUniqueOrThrow({ where: { txId } });
    expect(row.dueTerms).toEqual({
      original: "100.00",
      multa: { modalidade: 2, valorPerc: "2.00" },
      juros: { modalidade: 1, valorPerc: "0.10" },
      desconto: { modalidade: 1, descontoDataFixa: [{ data: dueDay(), valorPerc: "5.00" }] },
    });
  });

  it("makes a txId when none is given", async () => {
    const res = await create(shop, bill(shop, { fine: undefined, interest: undefined, discount: undefined }));
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.txId).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect(res.json.data.dueToday.amount).toBe(100);
  });

  const refusals: [string, Record<string, unknown>, string[]][] = [
    ["a due date before today", { dueDate: plusDays(today(), -1) }, ["dueDate"]],
    ["a negative validity", { validityDays: -1 }, ["validityDays"]],
    ["a fine mode that does not exist", { fine: { mode: 3, value: 2 } }, ["fine.mode"]],
    ["an interest above 100 %", { interest: { mode: 2, value: 101 } }, ["interest.value"]],
    ["a rebate of the whole amount", { rebate: { mode: 1, value: 100 } }, ["rebate.value"]],
    ["a fixed-date discount without dates", { discount: { mode: 1 } }, ["discount.fixedDates"]],
    [
      "a discount date after the due date",
      { discount: { mode: 1, fixedDates: [{ date: plusDays(dueDay(), 1), value: 5 }] } },
      ["discount.fixedDates.0.date"],
    ],
    ["a daily discount without value", { discount: { mode: 3 } }, ["discount.value"]],
    ["a validity beyond ten years", { validityDays: 3651 }, ["validityDays"]],
    [
      "four discount dates",
      { discount: { mode: 1, fixedDates: [1, 2, 3, 4].map((d) => ({ date: plusDays(today(), d), value: 1 })) } },
      ["discount.fixedDates"],
    ],
    [
      "discount dates out of order",
      {
        discount: {
          mode: 2,
          fixedDates: [
            { date: plusDays(today(), 2), value: 2 },
            { date: plusDays(today(), 1), value: 1 },
          ],
        },
      },
      ["discount.fixedDates.1.date"],
    ],
    ["a discount of the whole amount", { discount: { mode: 3, value: 100 } }, ["discount.value"]],
    ["an amount above the per-transaction maximum", { amount: 100_000_000 }, ["amount"]],
    ["a debtor with a bad CPF", { debtor: { name: "Maria", cpf: "12345678900" } }, ["debtor"]],
    [
      "a debtor with CPF and CNPJ",
      { debtor: { name: "Maria", cpf: "12345678909", cnpj: "11222333000181" } },
      ["debtor"],
    ],
    ["a debtor without a document", { debtor: { name: "Maria" } }, ["debtor"]],
    [
      "several broken rules at once",
      { fine: { mode: 9, value: 1 }, interest: { mode: 0, value: 1 } },
      ["fine.mode", "interest.mode"],
    ],
    ["an amount of zero", { amount: 0 }, ["amount"]],
    ["a value with three decimals", { fine: { mode: 1, value: 1.234 } }, ["fine.value"]],
    ["a state of three letters", { debtor: { name: "Maria", cpf: "12345678909", state: "SPX" } }, ["debtor.state"]],
    ["a date that does not exist", { dueDate: "2026-02-30" }, ["dueDate"]],
  ];

  it.each(refusals)("refuses %s with a 400 naming the field, and creates nothing", async (_name, change, fields) => {
    const before = await cobvCount(shop);
    const res = await create(shop, bill(shop, change));
    expect(res.status, res.text).toBe(400);
    expect(res.json).toMatchObject({ success: false, status: 400, code: "VALIDATION_ERROR" });
    for (const field of fields) expect(res.json.message).toMatch(new RegExp(`(^|; )${field.replace(/\./g, "\\.")}: `));
    // the API Pix's names stay on the API Pix
    expect(res.json.message).not.toMatch(
      /(valor|calendario|multa|juros|desconto|devedor)\.[a-z]|valorPerc|descontoDataFixa/i,
    );
    expect(await cobvCount(shop)).toBe(before);
  });

  it("refuses an account without a PIX key (400 on accountId), a used txId (409), another's account (403)", async () => {
    const keyless = await newMerchant();
    const auth = basic(keyless.clientId, keyless.clientSecret);
    const noKey = await call(accountApi(), "POST", PATH, {
      auth,
      body: { ...bill(shop), accountId: keyless.accountId },
    });
    expect(noKey.status).toBe(400);
    expect(noKey.json.message).toMatch(/^accountId: /);

    const txId = newTxid();
    expect((await create(other, bill(other, { txId }))).status).toBe(200);
    const before = await cobvCount(shop);
    const taken = await create(shop, bill(shop, { txId }));
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ code: "CONFLICT", message: "txId: already in use" });
    expect(taken.text).not.toContain("Maria");

    const foreign = await create(shop, bill(shop, { accountId: other.accountId }));
    expect(foreign.status).toBe(403);
    expect(await cobvCount(shop)).toBe(before);
  });

  it("the service itself refuses over-long debtor details, whichever door calls it", async () => {
    const input = {
      userId: shop.userId,
      txId: newTxid(),
      accountId: shop.accountId,
      dueDate: dueDay(),
      debtor: { name: "Maria", cpf: "12345678909", street: "r".repeat(201) },
      valor: { original: "10.00" },
    };
    await expect(createDueDateCharge(db(), input)).rejects.toMatchObject({
      violations: [{ propriedade: "devedor.logradouro" }],
    });
  });

  it("lists with filters (status, due window, payer, created period) and pages, newest first", async () => {
    const lister = await shopWithKey();
    const due1 = dueDay();
    const due2 = plusDays(dueDay(), 10);
    const startDate = Date.now() - 1;
    const a = await create(lister, bill(lister, { debtor: { name: "Ana Souza", cpf: "12345678909" } }));
    const b = await create(
      lister,
      bill(lister, { dueDate: due2, debtor: { name: "Bruno Lima", cnpj: "11222333000181" }, discount: undefined }),
    );
    const c = await create(lister, bill(lister, { debtor: { name: "Carla Souza", cpf: "52998224725" } }));
    for (const r of [a, b, c]) expect(r.status, r.text).toBe(200);
    const [ta, tb, tc] = [a, b, c].map((r) => r.json.data.txId as string);
    await call(accountApi(), "POST", `/v4/i/sandbox/pix/in/due-date/${tc}/pay`, {
      auth: lister.auth,
      body: { paidOn: today() },
    });

    const list = async (query: string) => {
      const res = await call(accountApi(), "GET", `${PATH}${query}`, { auth: lister.auth });
      expect(res.status, res.text).toBe(200);
      return res.json;
    };
    const txIds = async (query: string) => (await list(query)).data.map((d: { txId: string }) => d.txId);

    expect(await txIds("")).toEqual([tc, tb, ta]);
    expect(await txIds("?status=paid")).toEqual([tc]);
    expect(await txIds("?status=created")).toEqual([tb, ta]);
    expect(await txIds(`?dueFrom=${due2}`)).toEqual([tb]);
    expect(await txIds(`?dueTo=${due1}`)).toEqual([tc, ta]);
    expect(await txIds("?debtorDocument=11222333000181")).toEqual([tb]);
    expect(await txIds("?debtorName=souza")).toEqual([tc, ta]);
    expect(await txIds(`?startDate=${startDate}&endDate=${Date.now()}`)).toEqual([tc, tb, ta]);
    expect(await txIds(`?endDate=${startDate}`)).toEqual([]);
    const page = await list("?limit=2&page=2");
    expect(page.data.map((d: { txId: string }) => d.txId)).toEqual([ta]);
    expect(page.pagination).toEqual({ page: 2, limit: 2, orderBy: "desc", total: 3, totalPages: 2 });
    expect(page.size).toBe(1);

    for (const bad of ["?status=ATIVA", "?dueFrom=2026-13-01", "?limit=101", "?page=0", "?startDate=-1"]) {
      const res = await call(accountApi(), "GET", `${PATH}${bad}`, { auth: lister.auth });
      expect(res.status, bad).toBe(400);
      expect(res.json.code).toBe("VALIDATION_ERROR");
    }
  });

  it("keeps each merchant's charges to itself: another's txId is a 404, its list does not show them", async () => {
    const res = await create(shop, bill(shop));
    const txId = res.json.data.txId as string;
    const theirs = await call(accountApi(), "GET", `${PATH}/${txId}`, { auth: other.auth });
    expect(theirs.status).toBe(404);
    expect(theirs.json).toMatchObject({ code: "NOT_FOUND", success: false });
    expect(theirs.text).not.toContain("Maria");
    const list = await call(accountApi(), "GET", PATH, { auth: other.auth });
    expect(list.json.data.map((d: { txId: string }) => d.txId)).not.toContain(txId);
    // an immediate charge is not a due-date charge
    const cob = await call(accountApi(), "POST", "/v4/i/pix/in/dynamic-qrcode", {
      auth: shop.auth,
      body: { accountId: shop.accountId, amount: 1 },
    });
    expect((await call(accountApi(), "GET", `${PATH}/${cob.json.data.txId}`, { auth: shop.auth })).status).toBe(404);
    expect((await call(accountApi(), "GET", `${PATH}/short`, { auth: shop.auth })).status).toBe(400);
  });

  it("needs pix_in:write to create and pix_in:read to read", async () => {
    const reader = await createApiKey(db(), {
      userId: shop.userId,
      scopes: ["pix_in:read"],
      ipWhitelist: ["127.0.0.1"],
    });
    const writer = await createApiKey(db(), {
      userId: shop.userId,
      scopes: ["pix_in:write"],
      ipWhitelist: ["127.0.0.1"],
    });
    const asReader = basic(reader.clientId, reader.clientSecret);
    const asWriter = basic(writer.clientId, writer.clientSecret);
    const before = await cobvCount(shop);
    const refused = await call(accountApi(), "POST", PATH, { auth: asReader, body: bill(shop) });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("INSUFFICIENT_SCOPE");
    expect(await cobvCount(shop)).toBe(before);
    expect((await call(accountApi(), "GET", PATH, { auth: asReader })).status).toBe(200);
    for (const path of [PATH, `${PATH}/${newTxid()}`]) {
      const res = await call(accountApi(), "GET", path, { auth: asWriter });
      expect(res.status, path).toBe(403);
      expect(res.json.code).toBe("INSUFFICIENT_SCOPE");
    }
    expect((await call(accountApi(), "POST", PATH, { auth: asWriter, body: bill(shop) })).status).toBe(200);
  });

  it("paid late in the sandbox: the ledger moves the fine and interest, and GET shows the parts", async () => {
    const created = await create(shop, bill(shop));
    const txId = created.json.data.txId as string;
    const paidOn = lateDay();
    const daysLate = calendarDaysBetween(dueDay(), paidOn);
    const expectedCents = 10_000 + 200 + 10 * daysLate;

    const paid = await call(accountApi(), "POST", `/v4/i/sandbox/pix/in/due-date/${txId}/pay`, {
      auth: shop.auth,
      body: { paidOn },
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.json.data.grossAmount).toBe(expectedCents / 100);

    const got = await call(accountApi(), "GET", `${PATH}/${txId}`, { auth: shop.auth });
    expect(got.json.data).toMatchObject({
      status: "paid",
      dueToday: null,
      paid: {
        paidOn,
        endToEndId: paid.json.data.endToEndId,
        amount: expectedCents / 100,
        original: 100,
        fine: 2,
        interest: (10 * daysLate) / 100,
        rebate: 0,
        discount: 0,
      },
    });
    expect(got.json.data.paid.paidAt).toBeTypeOf("number");
  });
});
