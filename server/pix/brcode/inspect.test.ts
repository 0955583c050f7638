import { describe, expect, it } from "vitest";
import { inspectBrCode } from "./inspect";
import {
  BCB_EXAMPLE,
  DYNAMIC_FIELDS,
  payloadFrom,
  payloadWith,
  rawField,
  STATIC_FIELDS,
  withCrc,
} from "./test-fixtures";

const codes = (payload: string) => inspectBrCode(payload).findings.map((f) => `${f.severity}:${f.code}`);

describe("inspectBrCode", () => {
  it("reads a valid static code with its kind and no error", () => {
    const result = inspectBrCode(payloadFrom(STATIC_FIELDS));
    expect(result.valid).toBe(true);
    expect(result.kind).toBe("static");
    expect(result.decoded?.amountCents).toBe(1234n);
    expect(result.fields["59"]).toBe("Padaria Pao Quente");
    expect(codes(payloadFrom(STATIC_FIELDS))).toEqual(["info:KIND"]);
  });

  it("reads a dynamic code and says where amount and txid come from", () => {
    const result = inspectBrCode(payloadFrom(DYNAMIC_FIELDS));
    expect(result.valid).toBe(true);
    expect(result.kind).toBe("dynamic");
    expect(result.findings.find((f) => f.code === "KIND")?.message).toMatch(/dynamic/);
  });

  it("reports a bad CRC with the value the content gives, and keeps the fields", () => {
    const broken = `${BCB_EXAMPLE.slice(0, -4)}FFFF`;
    const result = inspectBrCode(broken);
    expect(result.valid).toBe(false);
    expect(result.findings).toContainEqual({
      code: "CRC",
      severity: "error",
      message: "CRC mismatch: the code says FFFF, its content gives 1D3D",
    });
    expect(result.fields["59"]).toBe("Fulano de Tal");
    expect(result.kind).toBe("static");
  });

  it("reports a missing CRC field", () => {
    expect(codes(BCB_EXAMPLE.slice(0, -8))).toContain("error:CRC");
  });

  it("reports a declared length that does not match", () => {
    const body = payloadFrom(STATIC_FIELDS).replace("5918Padaria", "5930Padaria");
    const result = inspectBrCode(body);
    expect(result.valid).toBe(false);
    expect(result.findings.find((f) => f.code === "LENGTH")?.message).toMatch(/declared length/);
  });

  it("reports a code longer than 512 characters", () => {
    expect(codes(`${payloadFrom(STATIC_FIELDS)}${"0".repeat(600)}`)).toContain("error:LENGTH");
  });

  it("reports control characters as an error and accents as a warning", () => {
    expect(codes(payloadFrom(STATIC_FIELDS).replace("Recife", "Rec\nfe"))).toContain("error:CHARSET");
    const accented = payloadWith(STATIC_FIELDS, { "59": "Padaria Pão Quente" });
    expect(codes(accented)).toContain("warning:CHARSET");
    expect(inspectBrCode(accented).valid).toBe(true);
  });

  it("reports txid rules: bad characters, missing, and a dynamic code with its own txid", () => {
    expect(codes(payloadWith(STATIC_FIELDS, { "62": rawField("05", "PEDIDO-12") }))).toContain("error:TXID");
    expect(inspectBrCode(payloadWith(STATIC_FIELDS, { "62": rawField("05", "PEDIDO-12") })).valid).toBe(false);
    expect(codes(payloadWith(STATIC_FIELDS, { "62": null }))).toContain("warning:TXID");
    expect(codes(payloadWith(DYNAMIC_FIELDS, { "62": rawField("05", "ABC123") }))).toContain("warning:TXID");
  });

  it("says when a static code has no amount", () => {
    expect(codes(payloadWith(STATIC_FIELDS, { "54": null }))).toContain("info:AMOUNT");
  });

  it("keeps the decoder's own finding when nothing else explains it", () => {
    const result = inspectBrCode(withCrc(rawField("00", "02")));
    expect(result.valid).toBe(false);
    expect(result.findings.map((f) => f.code)).toContain("INVALID_PAYLOAD_FORMAT");
  });
});
