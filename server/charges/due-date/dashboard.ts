/**
 * The due-date rules the dashboard reads: the price of terms not saved yet on the days a merchant
 * asks about, what a list row shows of a cobv, and how the list's payer search is read. The tRPC
 * door (server/trpc/routers/due-date-charges.ts) only parses and calls these.
 */

import type { Charge } from "../../generated/prisma/client";
import { cobStatusOf } from "../cob-status";
import { amountDue } from "./amount-due";
import { plusDays, todayInSaoPaulo } from "./calendar";
import { type DueDateTermsForm, valorOfForm } from "./form-terms";
import { amountDueOn, paidComponentsOf } from "./record";
import type { DueDateViolation } from "./refusal";
import { readTerms } from "./validate";

/** The days the preview prices: today, the due date, 10 and 30 days after it. */
const PREVIEW_DAYS = [
  { key: "today", from: "today", days: 0 },
  { key: "dueDate", from: "due", days: 0 },
  { key: "due10", from: "due", days: 10 },
  { key: "due30", from: "due", days: 30 },
] as const;

/**
 * The amount due on each preview day for terms from the form, or the violations that keep the
 * terms from being priced at all.
 */
export function previewDueDateTerms(input: DueDateTermsForm, today = todayInSaoPaulo()) {
  const read = readTerms(
    {
      calendario: {
        dataDeVencimento: input.dueDate,
        ...(input.validityDays !== undefined ? { validadeAposVencimento: input.validityDays } : {}),
      },
      valor: valorOfForm(input),
    },
    { createdOn: today, prefix: "" },
  );
  if (!read.ok) return { ok: false as const, violations: read.violations as DueDateViolation[] };
  const rows = PREVIEW_DAYS.map(({ key, from, days }) => {
    const date = plusDays(from === "today" ? today : input.dueDate, days);
    const due = amountDue(read.terms, date);
    return { key, date, payable: due.payable, finalCents: due.finalCents, components: due.components };
  });
  const { effectiveDueDate, lastPayableDate } = amountDue(read.terms, today);
  return { ok: true as const, rows, effectiveDueDate, lastPayableDate };
}

/**
 * The list's payer search: a CPF or CNPJ (punctuation ignored) looks the document up exactly;
 * anything else is part of a name.
 */
export function payerSearch(text: string | undefined): { debtorDocument?: string; debtorName?: string } {
  if (!text) return {};
  const digits = text.replace(/[.\-/\s]/g, "");
  return /^(\d{11}|[0-9A-Z]{14})$/.test(digits) ? { debtorDocument: digits } : { debtorName: text };
}

/** What a list row shows: the charge, its payer, and what it costs today while it is open. */
export function dueDateChargeRow(charge: Charge, today: string) {
  const open = charge.status === "created";
  const due = open ? amountDueOn(charge, today) : null;
  const paid = paidComponentsOf(charge);
  return {
    txId: charge.txId,
    accountId: charge.accountId,
    status: charge.status,
    /** the API Pix's word for the status (ATIVA, CONCLUIDA, …) */
    cobStatus: cobStatusOf(charge.status),
    description: charge.description,
    amountCents: charge.amountCents,
    dueDate: (charge.dueDate as Date).toISOString().slice(0, 10),
    validityDays: charge.validityDays as number,
    payerName: charge.debtorName ?? "",
    payerDocument: charge.debtorDocument ?? "",
    /** null unless open and still payable today */
    dueTodayCents: due?.payable ? due.finalCents : null,
    /** open, payable, and past the (rolled) due date: fine and interest run */
    overdue: due ? due.payable && today > due.effectiveDueDate : false,
    paidCents: paid?.finalCents ?? null,
    createdAt: charge.createdAt,
    paidAt: charge.paidAt,
  };
}

export type DueDateChargeRow = ReturnType<typeof dueDateChargeRow>;
