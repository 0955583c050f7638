/**
 * Dates typed in the app's locale (dd/mm/aaaa in pt-BR, mm/dd/yyyy in en), kept as ISO
 * YYYY-MM-DD values: a native <input type=date> follows the browser's locale instead.
 */
export type DatePart = "day" | "month" | "year";

/** The order of day, month and year in the locale's short date. */
export function dateOrder(locale: string): DatePart[] {
  const parts = new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric" })
    .formatToParts(new Date(Date.UTC(2001, 10, 22)))
    .map((part) => part.type)
    .filter((type): type is DatePart => type === "day" || type === "month" || type === "year");
  return parts.length === 3 ? parts : ["day", "month", "year"];
}

const WIDTH: Record<DatePart, number> = { day: 2, month: 2, year: 4 };

/** What the field shows while typing: digits only, slashes put in as the parts fill. */
export function maskDate(typed: string, order: DatePart[]): string {
  let digits = typed.replace(/\D/g, "").slice(0, 8);
  const out: string[] = [];
  for (const part of order) {
    if (!digits) break;
    out.push(digits.slice(0, WIDTH[part]));
    digits = digits.slice(WIDTH[part]);
  }
  return out.join("/");
}

/** The ISO date a complete, real typed date means; null otherwise (31/02/2026, 12/2026). */
export function parseTypedDate(typed: string, order: DatePart[]): string | null {
  const digits = typed.replace(/\D/g, "");
  if (digits.length !== 8) return null;
  const values: Partial<Record<DatePart, number>> = {};
  let rest = digits;
  for (const part of order) {
    values[part] = Number(rest.slice(0, WIDTH[part]));
    rest = rest.slice(WIDTH[part]);
  }
  const { day = 0, month = 0, year = 0 } = values;
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** An ISO date (YYYY-MM-DD) as the locale writes it; "" for none. */
export function formatIsoDate(iso: string, order: DatePart[]): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return "";
  const values: Record<DatePart, string> = { year: match[1] ?? "", month: match[2] ?? "", day: match[3] ?? "" };
  return order.map((part) => values[part]).join("/");
}
