/**
 * A recurrence as the dashboard's form sends it: the amount as a BRL number (fixed or the
 * receiver's minimum), the debtor's CPF/CNPJ as digits, texts held to the specification's limits
 * (REC_LIMITS, the API Pix schema's too). `formFieldOf` names the form field a service violation is
 * about. Pure: the browser imports it too.
 */
import { z } from "zod";
import { IsoDate } from "../charges/due-date/validate";
import { BrlAmount } from "../fields/amount";
import {
  ID_REC_PATTERN,
  ISPB_PATTERN,
  PERIODICITIES,
  REC_LIMITS,
  RECIPIENT_LIMITS,
  RETRY_POLICIES,
  type RecurrenceInput,
} from "./model";

export const AMOUNT_KINDS = ["fixed", "minimum"] as const;

export const RecurrenceForm = z.object({
  contract: z.string().trim().min(1).max(REC_LIMITS.contract),
  object: z.string().trim().max(REC_LIMITS.object).optional(),
  debtor: z.object({
    name: z.string().trim().min(1).max(REC_LIMITS.debtorName),
    /** CPF (11 digits) or CNPJ (14); the service checks the digits */
    document: z
      .string()
      .trim()
      .regex(/^(\d{11}|[0-9A-Z]{14})$/, "must be a CPF or CNPJ"),
  }),
  startDate: IsoDate,
  endDate: IsoDate.optional(),
  periodicity: z.enum(PERIODICITIES),
  amountKind: z.enum(AMOUNT_KINDS),
  /** centavos (BrlAmount reads the BRL number) */
  amount: BrlAmount,
  retryPolicy: z.enum(RETRY_POLICIES),
  /** automatic billing (docs/decisions/0051): when left out, on for a fixed amount, off for a minimum */
  autoCharge: z.boolean().optional(),
});
export type RecurrenceForm = z.infer<typeof RecurrenceForm>;

/** The form as the service's input. */
export function inputOfForm(userId: string, form: RecurrenceForm): RecurrenceInput {
  return {
    userId,
    contract: form.contract,
    ...(form.object ? { object: form.object } : {}),
    debtor: form.debtor,
    startDate: form.startDate,
    ...(form.endDate ? { endDate: form.endDate } : {}),
    periodicity: form.periodicity,
    ...(form.amountKind === "fixed" ? { amountCents: form.amount } : { minimumCents: form.amount }),
    retryPolicy: form.retryPolicy,
    autoCharge: form.autoCharge ?? form.amountKind === "fixed",
  };
}

const FIELDS: [RegExp, string][] = [
  [/^vinculo\.devedor/, "debtor.document"],
  [/^calendario\.dataInicial/, "startDate"],
  [/^calendario\.dataFinal/, "endDate"],
  [/^valor/, "amount"],
  [/^cobrancaAutomatica$/, "autoCharge"],
];

/** The form field a service violation's `propriedade` is about; null for none of them. */
export function formFieldOf(propriedade: string): string | null {
  return FIELDS.find(([pattern]) => pattern.test(propriedade))?.[1] ?? null;
}

/** The notification journey's form: the payer's account and how many days the payer has to answer. */
export const ConsentForm = z.object({
  idRec: z.string().regex(ID_REC_PATTERN),
  account: z.string().trim().min(1).max(RECIPIENT_LIMITS.account),
  ispb: z.string().trim().regex(ISPB_PATTERN),
  branch: z.string().trim().max(RECIPIENT_LIMITS.branch).optional(),
  expiresInDays: z.int().min(1).max(30),
});
