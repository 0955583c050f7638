import { describe, expect, it } from "vitest";
import { dateOrder, formatIsoDate, maskDate, parseTypedDate } from "./date-text";

const BR = dateOrder("pt-BR");
const EN = dateOrder("en");

describe("dates typed in the app's locale", () => {
  it("follows the locale's order", () => {
    expect(BR).toEqual(["day", "month", "year"]);
    expect(EN).toEqual(["month", "day", "year"]);
  });

  it("puts the slashes in as the merchant types", () => {
    expect(maskDate("2", BR)).toBe("2");
    expect(maskDate("231", BR)).toBe("23/1");
    expect(maskDate("23112026", BR)).toBe("23/11/2026");
    expect(maskDate("23/11/2026999", BR)).toBe("23/11/2026");
    expect(maskDate("ab", BR)).toBe("");
  });

  it("reads a complete, real date into ISO and refuses the rest", () => {
    expect(parseTypedDate("23/11/2026", BR)).toBe("2026-11-23");
    expect(parseTypedDate("11/23/2026", EN)).toBe("2026-11-23");
    expect(parseTypedDate("31/02/2026", BR)).toBeNull();
    expect(parseTypedDate("23/13/2026", BR)).toBeNull();
    expect(parseTypedDate("23/11/26", BR)).toBeNull();
    expect(parseTypedDate("00/11/2026", BR)).toBeNull();
  });

  it("writes an ISO date the locale's way", () => {
    expect(formatIsoDate("2026-11-03", BR)).toBe("03/11/2026");
    expect(formatIsoDate("2026-11-03", EN)).toBe("11/03/2026");
    expect(formatIsoDate("", BR)).toBe("");
  });
});
