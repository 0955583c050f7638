import { describe, expect, it } from "vitest";
import { resolveLocale } from "../../i18n/config";
import { csvFile, csvLines, defuse, money } from "./csv";
import { decimalAmount } from "./locale";

async function text(chunks: AsyncIterable<string>) {
  let out = "";
  for await (const chunk of chunks) out += chunk;
  return out;
}

async function* from<T>(rows: T[]) {
  yield* rows;
}

describe("the CSV writer", () => {
  it("writes pt-BR with ; and a decimal comma, en with , and a decimal point; debits stay negative numbers", () => {
    const row = ["Aluguel; sala", money(-123_456n), money(5n), 3];
    expect(csvLines([row], "pt-BR")).toBe('"Aluguel; sala";-1234,56;0,05;3\r\n');
    expect(csvLines([row], "en")).toBe("Aluguel; sala,-1234.56,0.05,3\r\n");
    expect(decimalAmount(0n, "pt-BR")).toBe("0,00");
    expect(decimalAmount(-1n, "en")).toBe("-0.01");
  });

  it("quotes a decimal comma in en and never splits a pt-BR amount", () => {
    expect(csvLines([["1,5", money(150n)]], "en")).toBe('"1,5",1.50\r\n');
    expect(csvLines([["1,5", money(150n)]], "pt-BR")).toBe("1,5;1,50\r\n");
  });

  it("defuses text that a spreadsheet would run as a formula, and leaves amounts alone", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(defuse(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(defuse("Maria")).toBe("Maria");
    const line = csvLines([['=HYPERLINK("http://x.invalid","pague")', "-2+3", money(-200n)]], "en");
    expect(line).toBe(`"'=HYPERLINK(""http://x.invalid"",""pague"")",'-2+3,-2.00\r\n`);
  });

  it("writes a BOM and the header first, then every row", async () => {
    const out = await text(
      csvFile("pt-BR", ["Nome", "Valor"], from(Array.from({ length: 1201 }, (_, i) => [`n${i}`, money(BigInt(i))]))),
    );
    expect(out.startsWith("\uFEFFNome;Valor\r\nn0;0,00\r\n")).toBe(true);
    expect(out.trimEnd().split("\r\n")).toHaveLength(1202);
    expect(out.endsWith("n1200;12,00\r\n")).toBe(true);
  });

  it("reads a stored locale back, pt-BR for anything unknown", () => {
    expect(resolveLocale("en")).toBe("en");
    expect(resolveLocale("xx")).toBe("pt-BR");
  });
});
