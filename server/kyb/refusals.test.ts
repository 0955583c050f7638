import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { parseList } from "./csv";
import { localisedRefusal } from "./refusals";

const refusalOf = (run: () => unknown): AppError => {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  throw new Error("not refused");
};

const message = (error: unknown, locale: "pt-BR" | "en" = "pt-BR") =>
  (localisedRefusal(error, locale) as AppError).message;

describe("list file refusals in the reader's language", () => {
  it("names the line and the column of a row that cannot be read", () => {
    const error = refusalOf(() => parseList("sanctions", "Nome;CPF_CNPJ;Lista\nFulano;;\n"));
    expect(message(error)).toBe("Linha 2: a coluna Lista está vazia. Nada foi carregado.");
    expect(message(error, "en")).toBe("Line 2: column Lista is empty. Nothing was loaded.");
    expect((localisedRefusal(error, "pt-BR") as AppError).status).toBe(400);
  });

  it("an unmasked PEP CPF, a bad document, missing columns", () => {
    const pep = refusalOf(() => parseList("pep", "CPF;Nome_PEP\n529.982.247-25;FULANO\n"));
    expect(message(pep)).toMatch(/^Linha 2: o CPF precisa vir mascarado/);
    const doc = refusalOf(() => parseList("sanctions", "Nome;CPF_CNPJ;Lista\nFulano;123;CEIS\n"));
    expect(message(doc)).toMatch(/^Linha 2: 123 não é um CPF nem um CNPJ válido/);
    const cols = refusalOf(() => parseList("sanctions", "Nome;Documento\nFulano;1\n"));
    expect(message(cols)).toBe("Faltam colunas no cabeçalho: CPF_CNPJ, Lista.");
    expect(message(refusalOf(() => parseList("pep", "a\u0000b")))).toMatch(/^O arquivo precisa ser texto/);
  });

  it("keeps an unknown message and passes on what is not a 4xx", () => {
    expect(message(new AppError("VALIDATION_ERROR", "something else"))).toBe("something else");
    const boom = new Error("boom");
    expect(localisedRefusal(boom, "pt-BR")).toBe(boom);
  });
});
