/** Sandbox endpoints take a partial payer and complete it the same way every time (docs/contract.md, "Sandbox"). */
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { call, fundedMerchant, randomCpf } from "../support/fixtures";

const PARTY_KEYS = ["accountNumber", "accountType", "agency", "cpfCnpj", "ispb", "name", "personType"];

describe("sandbox payer", () => {
  let shop: Awaited<ReturnType<typeof fundedMerchant>>;
  beforeAll(async () => {
    shop = await fundedMerchant(0n);
  });

  const credit = (payer?: object) =>
    call(accountApi(), "POST", "/v4/i/sandbox/pix/in/credit", {
      auth: shop.auth,
      body: { accountId: shop.accountId, amount: 1, ...(payer ? { payer } : {}) },
    });

  it("a credit with name and document alone: 200, the rest filled, the same for the same payer", async () => {
    const document = randomCpf();
    const first = await credit({ name: "Maria Souza", cpfCnpj: document });
    expect(first.status).toBe(200);
    const payer = first.json.data.payer;
    expect(Object.keys(payer).sort()).toEqual(PARTY_KEYS);
    expect(payer).toMatchObject({ name: "Maria Souza", cpfCnpj: document, personType: "person" });
    expect(payer.ispb).toMatch(/^\d{8}$/);
    expect(payer.agency).toMatch(/^\d+$/);
    const second = await credit({ name: "Maria Souza", cpfCnpj: document });
    expect(second.json.data.payer).toEqual(payer);
    expect(second.json.data.endToEndId.slice(1, 9)).toBe(payer.ispb);
  });

  it("a credit with no payer at all: 200 with a complete party", async () => {
    const res = await credit();
    expect(res.status).toBe(200);
    expect(Object.keys(res.json.data.payer).sort()).toEqual(PARTY_KEYS);
  });

  it("a charge paid by a payer given by name only: 200, name kept, the rest filled", async () => {
    const charge = await call(accountApi(), "POST", "/v4/i/pix/in/dynamic-qrcode", {
      auth: shop.auth,
      body: { accountId: shop.accountId, amount: 2 },
    });
    const paid = await call(accountApi(), "POST", `/v4/i/sandbox/pix/in/dynamic-qrcode/${charge.json.data.txId}/pay`, {
      auth: shop.auth,
      body: { payer: { name: "Joana" } },
    });
    expect(paid.status).toBe(200);
    expect(paid.json.data.payer).toMatchObject({ name: "Joana", ispb: expect.stringMatching(/^\d{8}$/) });
    expect(Object.keys(paid.json.data.payer).sort()).toEqual(PARTY_KEYS);
  });

  it("a charge paid by its BR Code (copy-and-paste): 200 once, then 409; another merchant's code is a 404", async () => {
    const charge = await call(accountApi(), "POST", "/v4/i/pix/in/dynamic-qrcode", {
      auth: shop.auth,
      body: { accountId: shop.accountId, amount: 3.25 },
    });
    const payByCode = (auth: string, emv: string) =>
      call(accountApi(), "POST", "/v4/i/sandbox/pix/in/brcode/pay", { auth, body: { emv } });
    const other = await fundedMerchant(0n);
    const foreign = await payByCode(other.auth, charge.json.data.emv);
    expect(foreign.status).toBe(404);
    const paid = await payByCode(shop.auth, charge.json.data.emv);
    expect(paid.status).toBe(200);
    expect(paid.json.data).toMatchObject({ reason: "pix_in:qrcode_paid", grossAmount: 3.25 });
    expect((await payByCode(shop.auth, charge.json.data.emv)).status).toBe(409);
    const garbage = await payByCode(shop.auth, "000201not-a-code");
    expect(garbage.status).toBe(400);
  });

  it("a malformed stated field is still a 400", async () => {
    expect((await credit({ ispb: "12" })).status).toBe(400);
  });
});
