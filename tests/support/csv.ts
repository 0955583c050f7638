/**
 * Reads a CSV the way a spreadsheet in the given language does: its separator, then each amount
 * with its decimal mark read back into centavos (only a well-formed decimal counts as a number).
 */
import { parse } from "csv-parse/sync";

const RULES = {
  "pt-BR": { delimiter: ";", amount: /^-?\d+,\d{2}$/ },
  en: { delimiter: ",", amount: /^-?\d+\.\d{2}$/ },
};

export function readCsv(text: string | Buffer, locale: "pt-BR" | "en"): string[][] {
  const body = (typeof text === "string" ? text : text.toString("utf8")).replace(/^\uFEFF/, "");
  return parse(body, { delimiter: RULES[locale].delimiter, relax_column_count: true });
}

/** A cell read as an amount in the locale's notation, in centavos; throws when it is not one. */
export function centsOf(cell: string | undefined, locale: "pt-BR" | "en"): bigint {
  if (cell === undefined || !RULES[locale].amount.test(cell)) throw new Error(`not a ${locale} amount: ${cell}`);
  const negative = cell.startsWith("-");
  const [units, decimals] = cell.replace("-", "").split(/[.,]/) as [string, string];
  const cents = BigInt(units) * 100n + BigInt(decimals);
  return negative ? -cents : cents;
}

/** The rows of a table as objects keyed by its header. */
export function recordsOf(rows: string[][]): Record<string, string>[] {
  const [header = [], ...body] = rows;
  return body.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ""])));
}
