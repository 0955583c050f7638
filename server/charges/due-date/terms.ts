/**
 * The terms of a due-date charge (cobv) as the maths reads them: integers only.
 *
 * Every `valorPerc` of the API Pix is a decimal with two places; here it is that number times 100
 * as a bigint, so one field holds either centavos ("12.34" → 1234n) or hundredths of a percent
 * ("2.50" % → 250n), as the modalidade says.
 *
 * The modalities, in our words (the BCB table gives only the short labels):
 *
 *   multa (fine, charged once as soon as the payment is late)
 *     1  a fixed amount
 *     2  a percentage of the debt
 *
 *   juros (interest for each day late, simple, never compounded)
 *     1  an amount per calendar day late
 *     2  a percentage of the debt per calendar day late
 *     3  a monthly percentage, prorated per calendar day late (a month is 30 days)
 *     4  a yearly percentage, prorated per calendar day late (a year is 365 days)
 *     5  an amount per business day late
 *     6  a percentage of the debt per business day late
 *     7  a monthly percentage, prorated per business day late (a month is 21 business days)
 *     8  a yearly percentage, prorated per business day late (a year is 252 business days)
 *
 *   abatimento (rebate, granted whenever the charge is paid)
 *     1  a fixed amount
 *     2  a percentage of the original amount
 *
 *   desconto (discount for paying early; never once late)
 *     1  a fixed amount for paying by each of up to three dates (descontoDataFixa)
 *     2  a percentage of the debt for paying by each of up to three dates
 *     3  an amount for each calendar day paid before the due date
 *     4  an amount for each business day paid before the due date
 *     5  a percentage of the debt for each calendar day paid before the due date
 *     6  a percentage of the debt for each business day paid before the due date
 *
 * "The debt" is the original amount less the rebate (docs/decisions/0032-due-date-maths.md).
 */
import type { CalendarDate } from "./calendar";

/** A two-place decimal times 100: centavos, or hundredths of a percent. */
export type Hundredths = bigint;

/** 100.00 % in hundredths of a percent. */
export const ONE_HUNDRED_PERCENT: Hundredths = 10_000n;

/** validadeAposVencimento when the charge does not say. */
export const DEFAULT_VALIDITY_DAYS = 30;

/** At most three fixed-date discounts. */
export const MAX_FIXED_DATE_DISCOUNTS = 3;

export type MultaModalidade = 1 | 2;
export type JurosModalidade = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
export type AbatimentoModalidade = 1 | 2;
export type DescontoModalidade = 1 | 2 | 3 | 4 | 5 | 6;

export interface FixedDateDiscount {
  /** Paying on or before this day (rolled forward to a business day) earns the discount. */
  data: CalendarDate;
  valorPerc: Hundredths;
}

export type Desconto =
  | { modalidade: 1 | 2; descontoDataFixa: readonly FixedDateDiscount[] }
  | { modalidade: 3 | 4 | 5 | 6; valorPerc: Hundredths };

export interface DueDateTerms {
  /** calendario.dataDeVencimento, as written (the maths rolls it forward). */
  dueDate: CalendarDate;
  /** calendario.validadeAposVencimento: calendar days after the (rolled) due date. */
  validityDays: number;
  originalCents: bigint;
  multa?: { modalidade: MultaModalidade; valorPerc: Hundredths };
  juros?: { modalidade: JurosModalidade; valorPerc: Hundredths };
  abatimento?: { modalidade: AbatimentoModalidade; valorPerc: Hundredths };
  desconto?: Desconto;
}

/** How each juros modalidade counts days and prorates its rate. */
export const JUROS_RULES: Record<
  JurosModalidade,
  { days: "calendar" | "business"; kind: "amount" | "percent"; per: bigint }
> = {
  1: { days: "calendar", kind: "amount", per: 1n },
  2: { days: "calendar", kind: "percent", per: 1n },
  3: { days: "calendar", kind: "percent", per: 30n },
  4: { days: "calendar", kind: "percent", per: 365n },
  5: { days: "business", kind: "amount", per: 1n },
  6: { days: "business", kind: "percent", per: 1n },
  7: { days: "business", kind: "percent", per: 21n },
  8: { days: "business", kind: "percent", per: 252n },
};

/** How each per-day desconto modalidade (3–6) counts days and what its value is. */
export const DAILY_DISCOUNT_RULES: Record<
  3 | 4 | 5 | 6,
  { days: "calendar" | "business"; kind: "amount" | "percent" }
> = {
  3: { days: "calendar", kind: "amount" },
  4: { days: "business", kind: "amount" },
  5: { days: "calendar", kind: "percent" },
  6: { days: "business", kind: "percent" },
};

/** "123.45" → 12345n; the text must already match \d{1,10}\.\d{2}. */
export function hundredthsOf(text: string): Hundredths {
  const [whole = "0", fraction = "00"] = text.split(".");
  return BigInt(whole) * 100n + BigInt(fraction);
}

/** 12345n → "123.45" (the API Pix money shape; negative values never reach here). */
export function textOfHundredths(value: Hundredths): string {
  return `${value / 100n}.${String(value % 100n).padStart(2, "0")}`;
}
