import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BrCodeError } from "./errors";
import { BCB_EXAMPLE } from "./test-fixtures";
import {
  encodeTlv,
  encodeTlvField,
  findDuplicateId,
  isTemplateId,
  parseTlv,
  type TlvField,
  tlvField,
  tlvTemplate,
} from "./tlv";

function parsed(input: string): readonly TlvField[] {
  const result = parseTlv(input);
  if (!result.ok) throw new Error(`unexpected parse failure: ${result.reason}`);
  return result.fields;
}

describe("parseTlv", () => {
  it("parses the Central Bank example into an ordered tree", () => {
    const fields = parsed(BCB_EXAMPLE);
    expect(fields.map((f) => f.id)).toEqual(["00", "26", "52", "53", "58", "59", "60", "62", "63"]);
    expect(fields[0]).toEqual({ id: "00", value: "01", children: null });
    expect(fields[1]?.children).toEqual([
      { id: "00", value: "br.gov.bcb.pix", children: null },
      { id: "01", value: "123e4567-e12b-12d1-a456-426655440000", children: null },
    ]);
    expect(fields[5]).toEqual({ id: "59", value: "Fulano de Tal", children: null });
    expect(fields[7]?.children).toEqual([{ id: "05", value: "***", children: null }]);
    expect(fields[8]).toEqual({ id: "63", value: "1D3D", children: null });
  });

  it("accepts empty input as an empty list", () => {
    expect(parseTlv("")).toEqual({ ok: true, fields: [] });
  });

  it("keeps template values flat when nesting is off", () => {
    const fields = parseTlv("26040001", false);
    expect(fields).toEqual({ ok: true, fields: [{ id: "26", value: "0001", children: null }] });
  });

  it.each([
    ["non-digit id", "a10201", 0],
    ["non-digit length", "000x01", 0],
    ["zero length", "0000", 0],
    ["truncated header", "000201010", 6],
    ["value longer than the input", "000201011211", 6],
    ["malformed template content", "000201260500abc", 10],
  ])("reports %s with its offset", (_label, input, offset) => {
    const result = parseTlv(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.offset).toBe(offset);
      expect(result.reason).not.toBe("");
    }
  });

  it("does not treat non-ASCII digits as digits", () => {
    expect(parseTlv("٠٠٠٢01").ok).toBe(false);
  });
});

describe("isTemplateId", () => {
  it.each([
    ["25", false],
    ["26", true],
    ["51", true],
    ["52", false],
    ["62", true],
    ["63", false],
    ["79", false],
    ["80", true],
    ["99", true],
    ["x1", false],
  ])("%s → %s", (id, expected) => {
    expect(isTemplateId(id)).toBe(expected);
  });
});

describe("encodeTlv", () => {
  it("encodes primitive and template fields with two-digit lengths", () => {
    const encoded = encodeTlv([
      tlvField("00", "01"),
      tlvTemplate("26", [tlvField("00", "br.gov.bcb.pix"), tlvField("01", "k")]),
    ]);
    expect(encoded).toBe("000201" + "2623" + "0014br.gov.bcb.pix" + "0101k");
  });

  it("rejects values outside 1..99 characters and bad ids", () => {
    expect(() => encodeTlvField("00", "")).toThrow(BrCodeError);
    expect(() => encodeTlvField("00", "x".repeat(100))).toThrow(BrCodeError);
    expect(encodeTlvField("00", "x".repeat(99))).toHaveLength(103);
    expect(() => encodeTlvField("1", "x")).toThrow(BrCodeError);
    expect(() => encodeTlvField("100", "x")).toThrow(BrCodeError);
  });

  it("round-trips generated trees through parse", () => {
    const idArb = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, "0"));
    const valueArb = fc.string({ minLength: 1, maxLength: 20 });
    const leafArb = fc.tuple(idArb, valueArb).map(([id, value]) => tlvField(id, value));
    const fieldArb = fc.oneof(
      leafArb.filter((f) => !isTemplateId(f.id)),
      fc
        .tuple(fc.constantFrom("26", "40", "51", "62", "80", "99"), fc.array(leafArb, { minLength: 1, maxLength: 4 }))
        .map(([id, children]) => tlvTemplate(id, children)),
    );
    fc.assert(
      fc.property(fc.array(fieldArb, { maxLength: 8 }), (fields) => {
        const encoded = encodeTlv(fields);
        const result = parseTlv(encoded);
        expect(result).toEqual({ ok: true, fields });
        if (result.ok) expect(encodeTlv(result.fields)).toBe(encoded);
      }),
    );
  });
});

describe("findDuplicateId", () => {
  it("returns the first repeated id or null", () => {
    expect(findDuplicateId([tlvField("00", "a"), tlvField("01", "b")])).toBeNull();
    expect(findDuplicateId([tlvField("00", "a"), tlvField("01", "b"), tlvField("00", "c")])).toBe("00");
  });
});
