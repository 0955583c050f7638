import { describe, expect, it } from "vitest";
import { ID_REC_PATTERN, newIdRec } from "./ids";

describe("newIdRec", () => {
  it("writes R, the retry flag, the ISPB, the day and 11 alphanumerics: 29 characters", () => {
    const withRetries = newIdRec(true, "12345678", "2026-11-28");
    expect(withRetries).toMatch(/^RR1234567820261128[a-zA-Z0-9]{11}$/);
    expect(withRetries).toMatch(ID_REC_PATTERN);
    expect(newIdRec(false, "12345678", "2026-11-28")).toMatch(/^RN1234567820261128/);
    expect(newIdRec(true, "12345678", "2026-11-28")).not.toBe(withRetries);
  });
});
