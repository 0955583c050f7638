/**
 * A due-date charge (cobv) as the charge row keeps it (docs/decisions/0033-due-date-charges.md):
 * `kind = 'cobv'`, `due_date`, `validity_days`, the valor terms as validated JSON (`due_terms`,
 * the CobVValorTerms output), the debtor's e-mail and address (`debtor_details`) and, once paid,
 * the amount's components on the day it was paid (`paid_components`). Pure readers of that row.
 */
import { config } from "../../config";
import type { Account, Charge } from "../../generated/prisma/client";
import { saoPauloDayEnd } from "../../time";
import { type AmountComponents, type AmountDue, amountDue, lastPayableDate } from "./amount-due";
import type { CalendarDate } from "./calendar";
import type { DueDateTerms } from "./terms";
import { type CobVTermsInput, toTerms } from "./validate";

export type StoredValor = CobVTermsInput["valor"];

/** The debtor beyond document and name, as `debtor_details` keeps it. */
export interface DebtorDetails {
  email?: string;
  street?: string;
  city?: string;
  state?: string;
  postalCode?: string;
}

/** What a payment of a cobv kept: the day it was paid on and each component, in centavos. */
export interface PaidComponents extends AmountComponents {
  paidOn: CalendarDate;
  finalCents: bigint;
}

export const isDueDateCharge = (charge: Pick<Charge, "kind">) => charge.kind === "cobv";

/** YYYY-MM-DD of a DATE column. */
export const dateText = (date: Date): CalendarDate => date.toISOString().slice(0, 10);

/** A YYYY-MM-DD day as the DATE column takes it. */
export const dateColumn = (date: CalendarDate): Date => new Date(`${date}T00:00:00Z`);

/** The terms the maths reads, from a cobv's row. */
export function termsOfCharge(charge: Pick<Charge, "dueDate" | "validityDays" | "dueTerms" | "txId">): DueDateTerms {
  if (!charge.dueDate || charge.validityDays === null || !charge.dueTerms) {
    throw new Error(`charge ${charge.txId} is not a due-date charge`);
  }
  return toTerms({
    calendario: { dataDeVencimento: dateText(charge.dueDate), validadeAposVencimento: charge.validityDays },
    valor: charge.dueTerms as StoredValor,
  });
}

/** The amount due on `date` (a São Paulo calendar day). */
export function amountDueOn(
  charge: Pick<Charge, "dueDate" | "validityDays" | "dueTerms" | "txId">,
  date: CalendarDate,
): AmountDue {
  return amountDue(termsOfCharge(charge), date);
}

/**
 * The instant a cobv stops being payable: the end of its last payable day in São Paulo. As
 * `expires_at` it lets the one expiry job remove it (REMOVIDA_PELO_PSP) once the window closed.
 */
export function expiryOf(terms: Pick<DueDateTerms, "dueDate" | "validityDays">): Date {
  return new Date((saoPauloDayEnd(lastPayableDate(terms)) as number) + 1);
}

export function debtorDetailsOf(charge: Pick<Charge, "debtorDetails">): DebtorDetails {
  return (charge.debtorDetails ?? {}) as DebtorDetails;
}

/** The components a paid cobv kept, or null (not a cobv, or not paid). */
export function paidComponentsOf(charge: Pick<Charge, "paidComponents">): PaidComponents | null {
  const kept = charge.paidComponents as Record<string, string> | null;
  if (!kept) return null;
  const cents = (key: string) => BigInt(kept[key] ?? "0");
  return {
    paidOn: kept.paidOn as CalendarDate,
    finalCents: cents("finalCents"),
    originalCents: cents("originalCents"),
    multaCents: cents("multaCents"),
    jurosCents: cents("jurosCents"),
    abatimentoCents: cents("abatimentoCents"),
    descontoCents: cents("descontoCents"),
  };
}

/** The JSON `paid_components` keeps for a payment on `paidOn`. */
export function paidComponentsColumn(due: Pick<AmountDue, "finalCents" | "components">, paidOn: CalendarDate) {
  const { components } = due;
  return {
    paidOn,
    finalCents: due.finalCents.toString(),
    originalCents: components.originalCents.toString(),
    multaCents: components.multaCents.toString(),
    jurosCents: components.jurosCents.toString(),
    abatimentoCents: components.abatimentoCents.toString(),
    descontoCents: components.descontoCents.toString(),
  };
}

/** Who receives a cobv: the account's holder, at the platform's address (accounts keep none). */
export interface Receiver {
  document: string;
  name: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
}

export function receiverOf(account: Pick<Account, "name" | "document">): Receiver {
  const settings = config();
  return {
    document: account.document,
    name: account.name,
    street: settings.PLATFORM_STREET,
    city: settings.PLATFORM_CITY,
    state: settings.PLATFORM_STATE,
    postalCode: settings.PLATFORM_POSTAL_CODE,
  };
}

/** API Pix `recebedor`: cpf or cnpj, nome, and the address. */
export function recebedorOf(account: Pick<Account, "name" | "document">) {
  const receiver = receiverOf(account);
  return {
    ...(receiver.document.length === 11 ? { cpf: receiver.document } : { cnpj: receiver.document }),
    nome: receiver.name,
    logradouro: receiver.street,
    cidade: receiver.city,
    uf: receiver.state,
    cep: receiver.postalCode,
  };
}
