import { describe, expect, it } from "vitest";
import { crc16 } from "./crc16";
import { decodeBrCode } from "./decode";
import { composeWithRecurrence, encodeDynamicBrCode, encodeRecurrenceBrCode } from "./encode";
import { recurrenceQrParts, recurrenceUrlOf } from "./recurrence";
import { parseTlv } from "./tlv";

const REC_URL = "pix.example.invalid/pix/qr/v2/rec/0f5e1c2a-7c1b-4e0b-9a51-3f2d8c7e6b5a";
const COB_URL = "pix.example.invalid/pix/qr/v2/6b1e2d3c-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
const merchant = { merchantName: "Academia Boa Forma", merchantCity: "SAO PAULO" };

const fieldIds = (code: string) => {
  const parsed = parseTlv(code);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.fields.map((f) => f.id);
};

describe("Pix Automático BR Codes", () => {
  it("journey 2: the Pix template names only the arrangement, template 80 carries the recurrence, the CRC closes it", () => {
    const code = encodeRecurrenceBrCode({ recurrenceUrl: REC_URL, ...merchant });
    expect(fieldIds(code)).toEqual(["00", "01", "26", "52", "53", "58", "59", "60", "62", "80", "63"]);
    expect(code).toContain("26180014br.gov.bcb.pix52");
    expect(code).toContain(`80${String(18 + 4 + REC_URL.length)}0014br.gov.bcb.pix25${REC_URL.length}${REC_URL}6304`);
    expect(code).not.toContain("5405"); // no amount: each cycle's is the recurring charge's
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    expect(recurrenceQrParts(code)).toEqual({ recurrenceUrl: REC_URL, chargeUrl: null });
  });

  it("journeys 3 and 4: a charge's BR Code keeps its fields and carries the recurrence too", () => {
    const plain = encodeDynamicBrCode({ locationUrl: COB_URL, amountCents: 8990n, ...merchant });
    const composite = composeWithRecurrence(plain, REC_URL);
    expect(composite.startsWith(plain.slice(0, -8))).toBe(true);
    expect(fieldIds(composite).slice(-2)).toEqual(["80", "63"]);
    expect(composite.slice(-4)).toBe(crc16(composite.slice(0, -4)));
    // a payer's app that knows no Pix Automático still reads the charge
    const decoded = decodeBrCode(composite);
    expect(decoded).toMatchObject({ amountCents: 8990n, url: COB_URL });
    expect(recurrenceQrParts(composite)).toEqual({ recurrenceUrl: REC_URL, chargeUrl: COB_URL });
    expect(recurrenceUrlOf(plain)).toBeNull();
  });

  it("reads no recurrence from a code whose CRC does not match", () => {
    const code = encodeRecurrenceBrCode({ recurrenceUrl: REC_URL, ...merchant });
    const broken = `${code.slice(0, -4)}${code.slice(-4) === "0000" ? "0001" : "0000"}`;
    expect(recurrenceUrlOf(broken)).toBeNull();
  });

  it("refuses to compose a code that does not end with its CRC", () => {
    expect(() => composeWithRecurrence("000201", REC_URL)).toThrow(/CRC/);
  });

  it("refuses a recurrence URL with a scheme or too long for the template", () => {
    expect(() => encodeRecurrenceBrCode({ recurrenceUrl: `https://${REC_URL}`, ...merchant })).toThrow(/scheme/);
    expect(() => encodeRecurrenceBrCode({ recurrenceUrl: `${REC_URL}${"x".repeat(40)}`, ...merchant })).toThrow(
      /at most/,
    );
  });
});
