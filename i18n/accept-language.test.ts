import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage } from "./config";

describe("localeFromAcceptLanguage", () => {
  it("takes the first of our locales by weight, pt-BR otherwise", () => {
    expect(localeFromAcceptLanguage("en-US,en;q=0.9")).toBe("en");
    expect(localeFromAcceptLanguage("pt-PT")).toBe("pt-BR");
    expect(localeFromAcceptLanguage("fr;q=1, en;q=0.4, pt;q=0.8")).toBe("pt-BR");
    expect(localeFromAcceptLanguage("fr, de")).toBe("pt-BR");
    expect(localeFromAcceptLanguage("en;q=0, pt")).toBe("pt-BR");
    expect(localeFromAcceptLanguage(null)).toBe("pt-BR");
  });
});
