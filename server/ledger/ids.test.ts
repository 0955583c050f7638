import { describe, expect, it } from "vitest";
import { END_TO_END_PATTERN, idempotencyKeyOf, newEndToEndId } from "./ids";

describe("ledger identifiers", () => {
  it("makes 32-character end-to-end ids with the ISPB and the UTC minute", () => {
    const id = newEndToEndId("E", "12345678", new Date("2026-03-04T05:06:59Z"));
    expect(id).toHaveLength(32);
    expect(id.startsWith("E12345678202603040506")).toBe(true);
    expect(id).toMatch(END_TO_END_PATTERN);
    expect(newEndToEndId("D", "12345678")).toMatch(/^D/);
    expect(newEndToEndId("E", "12345678")).not.toBe(id);
  });

  it("composes idempotency keys as type:reason:identifier", () => {
    expect(idempotencyKeyOf("debit", "pix_out:processing", "E1")).toBe("debit:pix_out:processing:E1");
  });
});
