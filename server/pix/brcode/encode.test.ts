import { describe, expect, it } from "vitest";
import { crc16 } from "./crc16";
import { decodeBrCode } from "./decode";
import { encodeDynamicBrCode, encodeStaticBrCode } from "./encode";
import { errorCodeOf } from "./test-fixtures";
import { parseTlv } from "./tlv";

const STATIC_INPUT = {
  pixKey: "a@b.com",
  amountCents: 1050n,
  description: "Café ção",
  merchantName: "José da Silva",
  merchantCity: "São Paulo",
  txid: "ABC123",
};

const DYNAMIC_INPUT = {
  locationUrl: "pix.example.com/qr/v2/abc",
  amountCents: 1n,
  merchantName: "Loja",
  merchantCity: "Brasília",
};

describe("encodeStaticBrCode", () => {
  it("produces the expected payload field by field", () => {
    const payload = encodeStaticBrCode(STATIC_INPUT);
    const body =
      "000201" +
      "010211" +
      "2641" +
      "0014br.gov.bcb.pix" +
      "0107a@b.com" +
      "0208Cafe cao" +
      "52040000" +
      "5303986" +
      "540510.50" +
      "5802BR" +
      "5913Jose da Silva" +
      "6009Sao Paulo" +
      "6210" +
      "0506ABC123" +
      "6304";
    expect(payload).toBe(`${body}${crc16(body)}`);
    expect(payload.slice(-4)).toBe("302B");
  });

  it("omits the amount and the description when not given and defaults the txid to ***", () => {
    const payload = encodeStaticBrCode({
      pixKey: "123e4567-e12b-12d1-a456-426655440000",
      merchantName: "Fulano de Tal",
      merchantCity: "BRASILIA",
    });
    expect(payload).toBe(
      "00020101021126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304" +
        crc16(
          "00020101021126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304",
        ),
    );
  });

  it("omits a description that transliterates to nothing", () => {
    const payload = encodeStaticBrCode({ pixKey: "k", description: "  ✓ ", merchantName: "A", merchantCity: "B" });
    expect(decodeBrCode(payload).description).toBeNull();
  });

  it("transliterates and truncates the merchant name and city", () => {
    const decoded = decodeBrCode(
      encodeStaticBrCode({
        pixKey: "k",
        merchantName: "Padaria e Confeitaria Pão de Açúcar",
        merchantCity: "São José dos Campos",
      }),
    );
    expect(decoded.merchantName).toBe("Padaria e Confeitaria Pao");
    expect(decoded.merchantCity).toBe("Sao Jose dos Ca");
  });

  it("fills the merchant account template up to 99 characters", () => {
    const pixKey = "k".repeat(40);
    const description = "d".repeat(99 - 18 - 4 - 40 - 4);
    const payload = encodeStaticBrCode({ pixKey, description, merchantName: "A", merchantCity: "B" });
    const parsed = parseTlv(payload);
    expect(parsed.ok && parsed.fields.find((f) => f.id === "26")?.value.length).toBe(99);
    expect(decodeBrCode(payload).description).toBe(description);
    expect(
      errorCodeOf(() =>
        encodeStaticBrCode({ pixKey, description: `${description}d`, merchantName: "A", merchantCity: "B" }),
      ),
    ).toBe("INVALID_DESCRIPTION");
  });

  it.each([
    ["empty key", { pixKey: "" }, "INVALID_PIX_KEY"],
    ["key with space", { pixKey: "a b" }, "INVALID_PIX_KEY"],
    ["non-ASCII key", { pixKey: "joão@x.com" }, "INVALID_PIX_KEY"],
    ["78-character key", { pixKey: "k".repeat(78) }, "INVALID_PIX_KEY"],
    ["zero amount", { amountCents: 0n }, "INVALID_AMOUNT"],
    ["negative amount", { amountCents: -100n }, "INVALID_AMOUNT"],
    ["amount over 13 characters", { amountCents: 10n ** 12n }, "INVALID_AMOUNT"],
    ["txid with dash", { txid: "ABC-1" }, "INVALID_TXID"],
    ["26-character txid", { txid: "A".repeat(26) }, "INVALID_TXID"],
    ["empty txid", { txid: "" }, "INVALID_TXID"],
    ["unrepresentable name", { merchantName: "東京" }, "INVALID_MERCHANT_NAME"],
    ["blank city", { merchantCity: "  " }, "INVALID_MERCHANT_CITY"],
  ])("rejects %s", (_label, override, code) => {
    const input = { pixKey: "k", merchantName: "Loja", merchantCity: "Recife", ...override };
    expect(errorCodeOf(() => encodeStaticBrCode(input))).toBe(code);
  });

  it("accepts 1 centavo and the largest 13-character amount", () => {
    const base = { pixKey: "k", merchantName: "Loja", merchantCity: "Recife" };
    expect(decodeBrCode(encodeStaticBrCode({ ...base, amountCents: 1n })).amountCents).toBe(1n);
    expect(decodeBrCode(encodeStaticBrCode({ ...base, amountCents: 999_999_999_999n })).amountCents).toBe(
      999_999_999_999n,
    );
  });
});

describe("encodeDynamicBrCode", () => {
  it("produces the expected payload field by field", () => {
    const payload = encodeDynamicBrCode(DYNAMIC_INPUT);
    const body =
      "000201" +
      "010212" +
      "2647" +
      "0014br.gov.bcb.pix" +
      "2525pix.example.com/qr/v2/abc" +
      "52040000" +
      "5303986" +
      "54040.01" +
      "5802BR" +
      "5904Loja" +
      "6008Brasilia" +
      "62070503***" +
      "6304";
    expect(payload).toBe(`${body}${crc16(body)}`);
  });

  it("decodes back to the same charge", () => {
    expect(decodeBrCode(encodeDynamicBrCode({ ...DYNAMIC_INPUT, amountCents: 123456n }))).toMatchObject({
      kind: "dynamic",
      url: "pix.example.com/qr/v2/abc",
      pixKey: null,
      amountCents: 123456n,
      merchantName: "Loja",
      merchantCity: "Brasilia",
      pointOfInitiation: "12",
      txid: null,
    });
  });

  it.each([
    ["URL with https scheme", { locationUrl: "https://pix.example.invalid/qr" }, "INVALID_URL"],
    ["URL with other scheme", { locationUrl: "ftp://pix.example.invalid/qr" }, "INVALID_URL"],
    ["URL with space", { locationUrl: "pix.example.com/q r" }, "INVALID_URL"],
    ["empty URL", { locationUrl: "" }, "INVALID_URL"],
    ["78-character URL", { locationUrl: `a.b/${"c".repeat(74)}` }, "INVALID_URL"],
    ["zero amount", { amountCents: 0n }, "INVALID_AMOUNT"],
    ["unrepresentable city", { merchantCity: "🚀" }, "INVALID_MERCHANT_CITY"],
  ])("rejects %s", (_label, override, code) => {
    expect(errorCodeOf(() => encodeDynamicBrCode({ ...DYNAMIC_INPUT, ...override }))).toBe(code);
  });

  it("accepts a 77-character URL", () => {
    const locationUrl = `a.b/${"c".repeat(73)}`;
    expect(decodeBrCode(encodeDynamicBrCode({ ...DYNAMIC_INPUT, locationUrl })).url).toBe(locationUrl);
  });
});
