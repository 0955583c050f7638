/**
 * The institution's books: which account types the daily report
 * shows, and the month the accountant's export covers. The daily report's period is the
 * settlement account's (ReserveQuery: `from`/`to` São Paulo days, 30 days by default).
 */
import { z } from "zod";
import { addDays } from "../time";

/**
 * The lines of a day, in the order the report shows them: the customers' accounts (a merchant's
 * own accounts of a person or a company, an account programme's accounts), then the platform's
 * own — fee revenue and the settlement reserve at the Central Bank.
 */
export const ACCOUNT_TYPES = ["person", "company", "programme", "fees", "spi"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
/** The customers' balances: what the platform owes. */
export const CUSTOMER_TYPES: readonly AccountType[] = ["person", "company", "programme"];

export const BooksMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month YYYY-MM")
  .describe("A calendar month in São Paulo time, YYYY-MM.");

/** The São Paulo days a month spans: "2026-11" → 2026-11-01 to 2026-11-30. */
export function monthPeriod(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const [year, number] = month.split("-").map(Number) as [number, number];
  const next = number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, "0")}-01`;
  return { from, to: addDays(next, -1) };
}

/** The accountant's download: a month, as CSV or PDF. */
export const BooksExportQuery = z.object({
  month: BooksMonth,
  format: z.enum(["csv", "pdf"]).describe("csv or pdf"),
});
export type BooksExportQuery = z.infer<typeof BooksExportQuery>;
