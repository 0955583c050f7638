/**
 * Paying a due-date charge (cobv): the amount is the one due on the payment's São Paulo day, a
 * payment after the last payable day is refused, and the components of the amount are kept with
 * the payment so the received PIX shows them exactly (docs/decisions/0033-due-date-charges.md).
 */
import { invalid } from "../../errors";
import type { Charge } from "../../generated/prisma/client";
import type { AmountDue } from "./amount-due";
import { type CalendarDate, dayNumber, todayInSaoPaulo } from "./calendar";
import { amountDueOn, dateText, isDueDateCharge, paidComponentsColumn } from "./record";

/** The São Paulo day a payment made at `now` counts on, or the day a sandbox payer names. */
export const paymentDay = (now: Date, paidOn?: CalendarDate) => paidOn ?? todayInSaoPaulo(now);

/**
 * What a payment of the cobv on `paidOn` must move; refused when the charge cannot be paid on that
 * day (before it was created, or after its validity). `amountCents`, when the payer fixed one,
 * must be exactly that.
 */
export function dueOnPaymentDay(charge: Charge, paidOn: CalendarDate, amountCents?: bigint | null): AmountDue {
  if (dayNumber(paidOn) < dayNumber(todayInSaoPaulo(charge.createdAt))) {
    throw invalid("the payment date is before the charge was created", "paidOn");
  }
  const due = amountDueOn(charge, paidOn);
  if (!due.payable) throw invalid("charge has expired", "txId", "CHARGE_EXPIRED");
  if (amountCents !== undefined && amountCents !== null && amountCents !== due.finalCents) {
    throw invalid("amount must equal the amount due on the payment date", "amount", "AMOUNT_MISMATCH");
  }
  return due;
}

/** The amount a payment of this charge on `paidOn` moves: a cobv's amount due, else its fixed amount. */
export function payableCents(charge: Charge, paidOn: CalendarDate): bigint {
  return isDueDateCharge(charge) ? dueOnPaymentDay(charge, paidOn).finalCents : charge.amountCents;
}

/** The columns a payment on `paidOn` adds to a cobv (its components); nothing for other charges. */
export function paidColumns(charge: Charge, paidOn: CalendarDate) {
  if (!isDueDateCharge(charge)) return {};
  return { paidComponents: paidComponentsColumn(amountDueOn(charge, paidOn), paidOn) };
}

export { dateText };
