/**
 * The accountant's month: the daily books and the fee revenue of one calendar month, read
 * together for the CSV and the PDF (export-csv.ts, export-pdf.tsx).
 */
import type { Tx } from "../db/client";
import { type BooksLine, type BooksReport, dailyBooks } from "./daily";
import { type FeeRevenue, feeRevenue } from "./fees";
import { monthPeriod } from "./schema";

export type MonthBooks = { month: string; books: BooksReport; fees: FeeRevenue };

export async function monthBooks(tx: Tx, month: string): Promise<MonthBooks> {
  const period = monthPeriod(month);
  const [books, fees] = [await dailyBooks(tx, period), await feeRevenue(tx, period)];
  return { month, books, fees };
}

/** Per type, the period's opening (its first day's), credits, debits, fees and closing (its last day's). */
export function periodTotals(books: BooksReport): BooksLine[] {
  const first = books.days[0];
  const last = books.days.at(-1);
  return (first?.lines ?? []).map((line, index) => {
    const sum = (pick: (l: BooksLine) => bigint) =>
      books.days.reduce((total, day) => total + pick(day.lines[index] ?? line), 0n);
    return {
      type: line.type,
      openingCents: line.openingCents,
      creditsCents: sum((l) => l.creditsCents),
      debitsCents: sum((l) => l.debitsCents),
      feesCents: sum((l) => l.feesCents),
      closingCents: last?.lines[index]?.closingCents ?? line.closingCents,
    };
  });
}
