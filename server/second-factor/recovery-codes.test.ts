import { describe, expect, it } from "vitest";
import { hashRecoveryCode, newRecoveryCodes, RECOVERY_CODE_COUNT } from "./recovery-codes";

const PEPPER = "test-pepper-test-pepper-test-pepper-0123";

describe("recovery codes", () => {
  it("are ten distinct codes of two groups of five unambiguous characters", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
  });

  it("hash the same whatever the case, spaces or dashes, and differ per pepper", () => {
    const hash = hashRecoveryCode("ABCDE-FGHJK", PEPPER);
    expect(hashRecoveryCode("abcde fghjk", PEPPER)).toBe(hash);
    expect(hashRecoveryCode("ABCDEFGHJK", PEPPER)).toBe(hash);
    expect(hashRecoveryCode("ABCDE-FGHJL", PEPPER)).not.toBe(hash);
    expect(hashRecoveryCode("ABCDE-FGHJK", `${PEPPER}x`)).not.toBe(hash);
    expect(hash).not.toContain("ABCDE");
  });
});
