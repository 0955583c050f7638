import { describe, expect, it } from "vitest";
import { memberMustEnrol, stepUpSatisfied } from "./policy";

const NOW = 1_800_000_000_000;
const WINDOW = 600;

describe("who must enrol a second factor", () => {
  it("every platform administrator; a member only when required", () => {
    expect(memberMustEnrol({ role: "ADMIN" })).toBe(true);
    expect(memberMustEnrol({ role: "MERCHANT" })).toBe(false);
    expect(memberMustEnrol({ role: "MERCHANT", required: true })).toBe(true);
  });
});

describe("step-up window", () => {
  it("a second-factor check within ten minutes stands; an older one does not", () => {
    const fresh = { at: NOW - WINDOW * 1000, method: "second-factor" as const };
    expect(stepUpSatisfied(fresh, true, WINDOW, NOW)).toBe(true);
    expect(stepUpSatisfied({ ...fresh, at: NOW - WINDOW * 1000 - 1 }, true, WINDOW, NOW)).toBe(false);
  });

  it("a password check does not stand for a user who has a second factor", () => {
    expect(stepUpSatisfied({ at: NOW, method: "password" }, true, WINDOW, NOW)).toBe(false);
    expect(stepUpSatisfied({ at: NOW, method: "password" }, false, WINDOW, NOW)).toBe(true);
  });

  it("no check at all never stands", () => {
    expect(stepUpSatisfied({ at: null, method: null }, false, WINDOW, NOW)).toBe(false);
  });
});
