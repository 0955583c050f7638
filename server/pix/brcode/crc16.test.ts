import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crc16 } from "./crc16";
import { BCB_EXAMPLE } from "./test-fixtures";

// Bit-at-a-time reference, independent of the table-driven implementation.
function referenceCrc(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

describe("crc16", () => {
  it("matches the CRC-16/CCITT-FALSE check value", () => {
    expect(crc16("123456789")).toBe("29B1");
  });

  it("returns the initial value for empty input", () => {
    expect(crc16("")).toBe("FFFF");
  });

  it("computes the CRC of the Central Bank example over everything before the CRC value", () => {
    expect(crc16(BCB_EXAMPLE.slice(0, -4))).toBe("1D3D");
  });

  it("pads to four uppercase hex digits", () => {
    const small = Array.from({ length: 5000 }, (_, i) => `x${i}`).find(
      (s) => referenceCrc(new TextEncoder().encode(s)) < 0x1000,
    );
    expect(small).toBeDefined();
    const value = crc16(small ?? "");
    expect(value).toMatch(/^0[0-9A-F]{3}$/);
  });

  it("checksums UTF-8 bytes", () => {
    expect(crc16("São")).toBe(
      referenceCrc(new TextEncoder().encode("São")).toString(16).toUpperCase().padStart(4, "0"),
    );
    expect(crc16("São")).not.toBe(crc16("Sao"));
  });

  it("agrees with a bitwise reference for arbitrary strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (input) => {
        const expected = referenceCrc(new TextEncoder().encode(input));
        expect(crc16(input)).toBe(expected.toString(16).toUpperCase().padStart(4, "0"));
      }),
    );
  });
});
