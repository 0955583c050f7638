import { describe, expect, it } from "vitest";
import { documentIntl } from "./documents";

describe("documents in the user's language", () => {
  it("writes dates as the locale does, never ISO, in Brasília time", () => {
    const at = new Date("2026-11-25T17:03:00Z");
    expect(documentIntl("pt-BR").date(at)).toBe("25/11/2026");
    expect(documentIntl("pt-BR").dateTime(at)).toBe("25/11/2026 14:03");
    expect(documentIntl("en").date(at)).toBe("11/25/2026");
    expect(documentIntl("en").dateTime(at)).toBe("11/25/2026 02:03 PM");
  });

  it("signs money and translates with the dashboard's messages", () => {
    expect(documentIntl("pt-BR").money(-123_456n)).toBe("-R$\u00a01.234,56");
    expect(documentIntl("en").money(-123_456n)).toBe("-R$1,234.56");
    expect(documentIntl("en").t("statements.pdf.title")).toBe("Account statement");
    expect(documentIntl(null).t("statements.pdf.title")).toBe("Extrato de conta");
  });
});
