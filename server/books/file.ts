/** The month's books as the file an accountant downloads (the back office's door). */
import type { AppLocale } from "../../i18n/config";
import type { Tx } from "../db/client";
import { booksCsv } from "./export-csv";
import { booksPdf } from "./export-pdf";
import { monthBooks } from "./month";

/** The month's file for the accountant, in the reader's language. */
export async function booksFile(
  tx: Tx,
  query: { month: string; format: "csv" | "pdf" },
  locale: AppLocale,
): Promise<{ fileName: string; contentType: string; body: Uint8Array | AsyncGenerator<string> }> {
  const data = await monthBooks(tx, query.month);
  if (query.format === "pdf") return { ...(await booksPdf(data, locale)), contentType: "application/pdf" };
  return { ...booksCsv(data, locale), contentType: "text/csv; charset=utf-8" };
}
