/**
 * The accountant's month as one CSV (`balancete-2026-11.csv`): one table whose first column
 * names the section — the daily lines per account type, each day's tie-out to the settlement
 * account, the fee revenue by product and by customer, and the period's totals. Written by the
 * product's one CSV writer (server/exports/csv.ts): the reader's separator and decimal mark,
 * amounts as typed cells, every text cell defused against formula injection.
 */
import type { AppLocale } from "../../i18n/config";
import { type Cell, csvFile, money } from "../exports/csv";
import { exportFileName } from "../exports/labels";
import type { BooksLine, TieOut } from "./daily";
import { type MonthBooks, periodTotals } from "./month";
import { type BooksWords, booksWords } from "./words";

const COLUMNS = [
  "section",
  "day",
  "item",
  "account",
  "document",
  "entries",
  "opening",
  "credits",
  "debits",
  "fees",
  "closing",
  "difference",
] as const;

type Values = Partial<Record<(typeof COLUMNS)[number], Cell>>;
const row = (values: Values): Cell[] => COLUMNS.map((column) => values[column] ?? null);

const lineCells = (words: BooksWords, line: BooksLine): Values => ({
  item: words.type(line.type),
  opening: money(line.openingCents),
  credits: money(line.creditsCents),
  debits: money(line.debitsCents),
  fees: money(line.feesCents),
  closing: money(line.closingCents),
});

/** "Conferência: … — Clientes R$ 10,00 + tarifas R$ 1,50 = liquidação R$ 11,50". */
export function tieOutText(words: BooksWords, tie: TieOut): string {
  const { money: brl } = words.intl;
  const value = { customers: brl(tie.customersCents), fees: brl(tie.feesCents), reserve: brl(tie.reserveCents) };
  return `${words.t("tieOut.label")} — ${words.t("tieOut.value", value)}`;
}

export function* booksRows(words: BooksWords, data: MonthBooks): Generator<Cell[]> {
  const { t } = words;
  for (const day of data.books.days) {
    for (const line of day.lines) yield row({ section: t("daily.title"), day: day.day, ...lineCells(words, line) });
    const tie = day.tieOut;
    yield row({
      section: t("daily.title"),
      day: day.day,
      item: tieOutText(words, tie),
      difference: money(tie.differenceCents),
    });
  }
  for (const product of data.fees.byProduct) {
    const item = words.product(product.product);
    yield row({ section: t("fees.byProduct"), item, entries: product.entries, fees: money(product.feesCents) });
  }
  for (const m of data.fees.byMerchant) {
    const values = { item: m.name, account: m.accountId, document: m.document, entries: m.entries };
    yield row({ section: t("fees.byMerchant"), ...values, fees: money(m.feesCents) });
  }
  for (const line of periodTotals(data.books)) yield row({ section: t("totals.title"), ...lineCells(words, line) });
  yield row({ section: t("totals.title"), item: t("fees.total"), fees: money(data.fees.totalCents) });
}

export function booksCsv(data: MonthBooks, locale: AppLocale): { fileName: string; body: AsyncGenerator<string> } {
  const words = booksWords(locale);
  async function* rows() {
    yield* booksRows(words, data);
  }
  return {
    fileName: exportFileName(locale, "books", [data.month], "csv"),
    body: csvFile(
      locale,
      COLUMNS.map((column) => words.t(`columns.${column}`)),
      rows(),
    ),
  };
}
