import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { dailyBooks } from "../../books/daily";
import { booksCsv } from "../../books/export-csv";
import { booksPdf } from "../../books/export-pdf";
import { monthBooks } from "../../books/month";
import { BooksMonth } from "../../books/schema";
import type { Db } from "../../db/client";
import { centsToBrl } from "../../money";
import { isCalendarDay } from "../../time";
import { type CliIo, emit, required, UsageError } from "../io";

export const BOOKS_USAGE = [
  "books daily --date YYYY-MM-DD [--json]",
  "       books export --month YYYY-MM --format csv|pdf --out FILE",
].join("\n");

const brl = (cents: bigint) => centsToBrl(cents).toFixed(2);

/** The institution's books (server/books): a day's lines per account type, or a month's file for the accountant. */
export async function booksCommand(db: Db, io: CliIo, args: string[]): Promise<number> {
  const [action, ...rest] = args;
  if (action === "daily") return dailyCommand(db, io, rest);
  if (action === "export") return exportCommand(db, io, rest);
  throw new UsageError(`usage: ${BOOKS_USAGE}`);
}

async function dailyCommand(db: Db, io: CliIo, args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { date: { type: "string" }, json: { type: "boolean", default: false } },
    strict: true,
  });
  required(values, "date");
  const date = values.date as string;
  if (!isCalendarDay(date)) throw new UsageError("--date must be a date YYYY-MM-DD");
  const report = await dailyBooks(db, { from: date, to: date });
  const [day] = report.days;
  if (!day) throw new UsageError("--date must be a date YYYY-MM-DD");
  const column = (text: string) => text.padStart(14);
  const tie = day.tieOut;
  emit(io, values.json, day, () => [
    `books, ${day.day} (São Paulo), BRL`,
    `  ${"type".padEnd(10)}${["opening", "credits", "debits", "fees", "closing"].map(column).join("")}`,
    ...day.lines.map(
      (l) =>
        `  ${l.type.padEnd(10)}${[l.openingCents, l.creditsCents, l.debitsCents, l.feesCents, l.closingCents]
          .map((c) => column(brl(c)))
          .join("")}`,
    ),
    `  tie-out: customers ${brl(tie.customersCents)} + fees ${brl(tie.feesCents)} = reserve ${brl(tie.reserveCents)}` +
      (tie.differenceCents === 0n && tie.closingDifferenceCents === 0n
        ? " ✓"
        : ` ✗ difference ${brl(tie.differenceCents)}, on closing balances ${brl(tie.closingDifferenceCents)}`),
  ]);
  return tie.differenceCents === 0n && tie.closingDifferenceCents === 0n ? 0 : 1;
}

async function exportCommand(db: Db, io: CliIo, args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { month: { type: "string" }, format: { type: "string" }, out: { type: "string" } },
    strict: true,
  });
  required(values, "month", "format", "out");
  const month = BooksMonth.safeParse(values.month);
  if (!month.success) throw new UsageError("--month must be a month YYYY-MM");
  if (values.format !== "csv" && values.format !== "pdf") throw new UsageError("--format must be csv or pdf");
  const data = await monthBooks(db, month.data);
  const out = values.out as string;
  if (values.format === "pdf") {
    const { body } = await booksPdf(data, "pt-BR");
    await writeFile(out, body);
  } else {
    let text = "";
    for await (const part of booksCsv(data, "pt-BR").body) text += part;
    await writeFile(out, text, "utf8");
  }
  io.out(`wrote ${out} (books of ${month.data}, ${values.format})`);
  return 0;
}
