import { describe, expect, it } from "vitest";
import { requestLocale } from "./request-locale";

describe("requestLocale", () => {
  const withCookie = (cookie?: string) =>
    requestLocale(new Request("http://localhost/", { headers: cookie ? { cookie } : {} }));

  it("reads the dashboard's locale cookie, pt-BR when absent or unknown", () => {
    expect(withCookie("a=1; locale=en")).toBe("en");
    expect(withCookie("locale=fr")).toBe("pt-BR");
    expect(withCookie()).toBe("pt-BR");
  });

  it("decodes the value, and takes one that does not decode for no locale", () => {
    expect(withCookie("locale=pt%2DBR")).toBe("pt-BR");
    expect(withCookie("locale=%E0%A4%A")).toBe("pt-BR");
  });
});
