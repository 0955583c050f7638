import { describe, expect, it } from "vitest";
import { crc16 } from "./crc16";
import { decodeBrCode } from "./decode";
import { BrCodeError } from "./errors";
import {
  BCB_EXAMPLE,
  DYNAMIC_FIELDS,
  decodedDynamic,
  errorCodeOf,
  payloadFrom,
  payloadWith,
  rawField,
  STATIC_FIELDS,
  withCrc,
} from "./test-fixtures";

const PIX_GUI = rawField("00", "br.gov.bcb.pix");

describe("decodeBrCode: Central Bank example", () => {
  it("decodes as a static code with no amount", () => {
    expect(decodeBrCode(BCB_EXAMPLE)).toEqual({
      kind: "static",
      pixKey: "123e4567-e12b-12d1-a456-426655440000",
      description: null,
      url: null,
      amountCents: null,
      merchantName: "Fulano de Tal",
      merchantCity: "BRASILIA",
      txid: null,
      pointOfInitiation: null,
      merchantCategoryCode: "0000",
      currency: "986",
      countryCode: "BR",
      raw: BCB_EXAMPLE,
    });
  });

  it("rejects a wrong CRC with INVALID_CRC", () => {
    expect(errorCodeOf(() => decodeBrCode(`${BCB_EXAMPLE.slice(0, -4)}1D3E`))).toBe("INVALID_CRC");
    expect(errorCodeOf(() => decodeBrCode(BCB_EXAMPLE.replace("Fulano", "Fulana")))).toBe("INVALID_CRC");
  });

  it("accepts a lowercase CRC", () => {
    expect(decodeBrCode(`${BCB_EXAMPLE.slice(0, -4)}1d3d`).kind).toBe("static");
  });

  it("accepts the GUI in any letter case", () => {
    const upper = withCrc(BCB_EXAMPLE.slice(0, -8).replace("br.gov.bcb.pix", "BR.GOV.BCB.PIX"));
    expect(decodeBrCode(upper).pixKey).toBe("123e4567-e12b-12d1-a456-426655440000");
    const mixed = withCrc(BCB_EXAMPLE.slice(0, -8).replace("br.gov.bcb.pix", "Br.Gov.Bcb.Pix"));
    expect(decodeBrCode(mixed).kind).toBe("static");
  });

  it("ignores surrounding whitespace from copy and paste", () => {
    expect(decodeBrCode(`  ${BCB_EXAMPLE}\n`).raw).toBe(BCB_EXAMPLE);
  });

  it("throws a BrCodeError instance with code and message", () => {
    try {
      decodeBrCode("hello");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BrCodeError);
      expect(error).toBeInstanceOf(Error);
      expect((error as BrCodeError).code).toBe("INVALID_FORMAT");
      expect((error as BrCodeError).name).toBe("BrCodeError");
      expect((error as BrCodeError).message).toMatch(/malformed/);
    }
  });
});

describe("decodeBrCode: static and dynamic", () => {
  it("decodes a static code with amount, txid and description", () => {
    const account = `${PIX_GUI}${rawField("01", "fulano@example.invalid")}${rawField("02", "Pedido 42")}`;
    const decoded = decodeBrCode(payloadWith(STATIC_FIELDS, { "26": account }));
    expect(decoded).toMatchObject({
      kind: "static",
      pixKey: "fulano@example.invalid",
      description: "Pedido 42",
      url: null,
      amountCents: 1234n,
      merchantName: "Padaria Pao Quente",
      merchantCity: "Recife",
      txid: "PEDIDO123",
      pointOfInitiation: "11",
    });
  });

  it("decodes a dynamic code", () => {
    const payload = payloadFrom(DYNAMIC_FIELDS);
    expect(decodeBrCode(payload)).toEqual(
      decodedDynamic({
        url: "psp.example.com/qr/v2/abc-1234",
        amountCents: null,
        merchantName: "Loja Exemplo",
        merchantCity: "Sao Paulo",
        raw: payload,
      }),
    );
  });

  it("finds the Pix account in any template between 26 and 51, next to other arrangements", () => {
    const other = `${rawField("00", "com.example.wallet")}${rawField("01", "xyz")}`;
    const payload = payloadWith(STATIC_FIELDS, { "26": other, "51": STATIC_FIELDS[2]?.[1] ?? "" });
    expect(decodeBrCode(payload).pixKey).toBe("+5561999990000");
  });

  it("ignores unknown fields such as unreserved templates", () => {
    const payload = payloadWith(STATIC_FIELDS, { "80": rawField("00", "com.example"), "61": "50000000" });
    expect(decodeBrCode(payload).merchantCity).toBe("Recife");
  });

  it("treats a missing point of initiation and a missing txid as absent", () => {
    const decoded = decodeBrCode(payloadWith(STATIC_FIELDS, { "01": null, "62": null }));
    expect(decoded.pointOfInitiation).toBeNull();
    expect(decoded.txid).toBeNull();
  });

  it("accepts 25-character names and 15-character cities", () => {
    const decoded = decodeBrCode(payloadWith(STATIC_FIELDS, { "59": "N".repeat(25), "60": "C".repeat(15) }));
    expect(decoded.merchantName).toBe("N".repeat(25));
    expect(decoded.merchantCity).toBe("C".repeat(15));
  });

  it("accepts UTF-8 text whose CRC was computed over UTF-8 bytes", () => {
    const decoded = decodeBrCode(payloadWith(STATIC_FIELDS, { "59": "José Conceição", "60": "Brasília" }));
    expect(decoded.merchantName).toBe("José Conceição");
    expect(decoded.merchantCity).toBe("Brasília");
  });
});

describe("decodeBrCode: amounts", () => {
  it.each([
    ["10", 1000n],
    ["10.5", 1050n],
    ["10.50", 1050n],
    ["0.01", 1n],
    ["9999999999.99", 999999999999n],
  ])("field 54 %s → %s centavos", (amount, cents) => {
    expect(decodeBrCode(payloadWith(STATIC_FIELDS, { "54": amount })).amountCents).toBe(cents);
  });

  it.each(["10.505", "-1", "1e3", "0", "0.00", "1,00", "12345678901.00"])("field 54 %j → INVALID_AMOUNT", (amount) => {
    expect(errorCodeOf(() => decodeBrCode(payloadWith(STATIC_FIELDS, { "54": amount })))).toBe("INVALID_AMOUNT");
  });
});

describe("decodeBrCode: rejections", () => {
  const cases: Array<[string, string, string]> = [
    ["empty input", "", "INVALID_FORMAT"],
    ["whitespace only", "   ", "INVALID_FORMAT"],
    ["non-TLV text", "not a br code", "INVALID_FORMAT"],
    ["more than 512 characters", withCrc(`000201${rawField("80", "x".repeat(99)).repeat(5)}`), "INVALID_FORMAT"],
    ["truncated payload", BCB_EXAMPLE.slice(0, 60), "INVALID_FORMAT"],
    ["duplicate top-level field", payloadFrom([...STATIC_FIELDS, ["59", "Outro Nome"]]), "INVALID_FORMAT"],
    ["payload format not first", payloadFrom([...STATIC_FIELDS.slice(1), ["00", "01"]]), "INVALID_PAYLOAD_FORMAT"],
    ["payload format 02", payloadWith(STATIC_FIELDS, { "00": "02" }), "INVALID_PAYLOAD_FORMAT"],
    ["missing CRC", STATIC_FIELDS.map(([id, v]) => rawField(id, v)).join(""), "INVALID_CRC"],
    ["CRC not last", `${BCB_EXAMPLE}${rawField("70", "x")}`, "INVALID_CRC"],
    ["CRC with length 05", `${BCB_EXAMPLE.slice(0, -8)}63051D3D0`, "INVALID_CRC"],
    ["CRC with non-hex digits", `${BCB_EXAMPLE.slice(0, -4)}1D3G`, "INVALID_CRC"],
    [
      "no Pix GUI",
      payloadWith(STATIC_FIELDS, { "26": `${rawField("00", "com.example")}${rawField("01", "k")}` }),
      "NOT_PIX",
    ],
    [
      "GUI lookalike",
      payloadWith(STATIC_FIELDS, { "26": `${rawField("00", "br.gov.bcb.pixx")}${rawField("01", "k")}` }),
      "NOT_PIX",
    ],
    [
      "Pix account outside 26..51",
      payloadWith(STATIC_FIELDS, { "26": null, "80": STATIC_FIELDS[2]?.[1] ?? "" }),
      "NOT_PIX",
    ],
    ["two Pix accounts", payloadWith(STATIC_FIELDS, { "27": STATIC_FIELDS[2]?.[1] ?? "" }), "INVALID_MERCHANT_ACCOUNT"],
    [
      "key and URL",
      payloadWith(STATIC_FIELDS, { "26": `${PIX_GUI}${rawField("01", "k")}${rawField("25", "a.b/c")}` }),
      "INVALID_MERCHANT_ACCOUNT",
    ],
    [
      "neither key nor URL",
      payloadWith(STATIC_FIELDS, { "26": `${PIX_GUI}${rawField("02", "desc")}` }),
      "INVALID_MERCHANT_ACCOUNT",
    ],
    [
      "duplicate key",
      payloadWith(STATIC_FIELDS, { "26": `${PIX_GUI}${rawField("01", "a")}${rawField("01", "b")}` }),
      "INVALID_MERCHANT_ACCOUNT",
    ],
    ["key with a space", payloadWith(STATIC_FIELDS, { "26": `${PIX_GUI}${rawField("01", "a b")}` }), "INVALID_PIX_KEY"],
    [
      "URL with scheme",
      payloadWith(DYNAMIC_FIELDS, { "26": `${PIX_GUI}${rawField("25", "https://a.b/c")}` }),
      "INVALID_URL",
    ],
    [
      "URL with a space",
      payloadWith(DYNAMIC_FIELDS, { "26": `${PIX_GUI}${rawField("25", "a.b/c d")}` }),
      "INVALID_URL",
    ],
    ["point of initiation 13", payloadWith(STATIC_FIELDS, { "01": "13" }), "INVALID_POINT_OF_INITIATION"],
    ["missing merchant category", payloadWith(STATIC_FIELDS, { "52": null }), "INVALID_MERCHANT_CATEGORY"],
    ["non-numeric merchant category", payloadWith(STATIC_FIELDS, { "52": "00A0" }), "INVALID_MERCHANT_CATEGORY"],
    ["missing currency", payloadWith(STATIC_FIELDS, { "53": null }), "INVALID_CURRENCY"],
    ["currency USD", payloadWith(STATIC_FIELDS, { "53": "840" }), "INVALID_CURRENCY"],
    ["missing country", payloadWith(STATIC_FIELDS, { "58": null }), "INVALID_COUNTRY"],
    ["country US", payloadWith(STATIC_FIELDS, { "58": "US" }), "INVALID_COUNTRY"],
    ["missing merchant name", payloadWith(STATIC_FIELDS, { "59": null }), "INVALID_MERCHANT_NAME"],
    ["26-character merchant name", payloadWith(STATIC_FIELDS, { "59": "N".repeat(26) }), "INVALID_MERCHANT_NAME"],
    ["blank merchant name", payloadWith(STATIC_FIELDS, { "59": "   " }), "INVALID_MERCHANT_NAME"],
    ["control character in name", payloadWith(STATIC_FIELDS, { "59": "Loja\u0007" }), "INVALID_MERCHANT_NAME"],
    ["missing merchant city", payloadWith(STATIC_FIELDS, { "60": null }), "INVALID_MERCHANT_CITY"],
    ["16-character merchant city", payloadWith(STATIC_FIELDS, { "60": "C".repeat(16) }), "INVALID_MERCHANT_CITY"],
    ["txid with punctuation", payloadWith(STATIC_FIELDS, { "62": rawField("05", "ABC-123") }), "INVALID_TXID"],
    ["26-character txid", payloadWith(STATIC_FIELDS, { "62": rawField("05", "A".repeat(26)) }), "INVALID_TXID"],
    [
      "duplicate txid",
      payloadWith(STATIC_FIELDS, { "62": `${rawField("05", "A")}${rawField("05", "B")}` }),
      "INVALID_FORMAT",
    ],
    ["malformed additional data", payloadWith(STATIC_FIELDS, { "62": "05xx" }), "INVALID_FORMAT"],
  ];

  it.each(cases.map(([label, payload, code]) => [label, code, payload]))("%s → %s", (_label, code, payload) => {
    expect(errorCodeOf(() => decodeBrCode(payload))).toBe(code);
  });

  it("rejects non-string input from untyped callers", () => {
    expect(errorCodeOf(() => decodeBrCode(undefined as unknown as string))).toBe("INVALID_FORMAT");
    expect(errorCodeOf(() => decodeBrCode(42 as unknown as string))).toBe("INVALID_FORMAT");
  });

  it("checks the CRC over the exact text before the CRC value", () => {
    const body = BCB_EXAMPLE.slice(0, -4);
    expect(crc16(body)).toBe("1D3D");
    // Letter case is data: only the CRC digits themselves compare case-insensitively.
    expect(errorCodeOf(() => decodeBrCode(`${body.replace("BRASILIA", "Brasilia")}1D3D`))).toBe("INVALID_CRC");
  });
});
