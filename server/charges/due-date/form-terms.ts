/**
 * A due-date charge as the dashboard's form sends it: amounts and percentages as BRL-style numbers
 * (two decimals at most), modalities by number, fixed-date discounts as a list. `valorOfForm` is the
 * one place that writes them as the API Pix's "0.00" texts (CobVValorTerms), so the service checks
 * them with the very schemas the API Pix door uses; `formFieldOf` names the form field a service
 * violation (`valor.multa.valorPerc`, `devedor`, …) is about. Pure: the browser imports it too.
 */
import { z } from "zod";
import { BrlAmount } from "../../fields/amount";
import { AccountId } from "../../fields/ids";
import { Description } from "../../fields/text";
import { MAX_FIXED_DATE_DISCOUNTS, textOfHundredths } from "./terms";
import { type CobVValorTerms, IsoDate } from "./validate";

const TWO_PLACES = /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/;

/** An amount in BRL or a percentage: ≥ 0, two decimals at most, ten integer digits at most. */
export const TwoPlaces = z
  .number()
  .refine((value) => Number.isFinite(value) && TWO_PLACES.test(String(value)), "must have at most two decimals");

/** 2.5 → "2.50": the API Pix's decimal text of a two-place number. */
export function decimalText(value: number): string {
  const [whole = "0", fraction = ""] = String(value).split(".");
  return `${whole}.${fraction.padEnd(2, "0")}`;
}

const Rule = <M extends z.ZodType<number>>(modality: M) => z.object({ modality, value: TwoPlaces });
const Modality = (max: number) => z.int().min(1).max(max);

/** The terms of a cobv in the form's shape (everything the maths reads). */
export const DueDateTermsForm = z.object({
  /** centavos (BrlAmount reads the BRL number) */
  amount: BrlAmount,
  dueDate: IsoDate,
  validityDays: z.int().min(0).optional(),
  fine: Rule(Modality(2)).optional(),
  interest: Rule(Modality(8)).optional(),
  rebate: Rule(Modality(2)).optional(),
  discount: z
    .object({
      modality: Modality(6),
      /** modalities 3–6: per day early */
      value: TwoPlaces.optional(),
      /** modalities 1–2: up to three dates */
      dates: z
        .array(z.object({ date: IsoDate, value: TwoPlaces }))
        .max(MAX_FIXED_DATE_DISCOUNTS)
        .optional(),
    })
    .optional(),
});
export type DueDateTermsForm = z.infer<typeof DueDateTermsForm>;

export const PayerForm = z.object({
  name: z.string().trim().min(1).max(200),
  /** CPF (11 digits) or CNPJ (14); the service checks the digits */
  document: z
    .string()
    .trim()
    .regex(/^(\d{11}|[0-9A-Z]{14})$/, "must be a CPF or CNPJ"),
  email: z.email().max(254).optional(),
  street: z.string().trim().max(200).optional(),
  city: z.string().trim().max(200).optional(),
  state: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{8}$/)
    .optional(),
});

/** A new cobv from the dashboard: the account it is received on, the payer and the terms. */
export const DueDateChargeForm = DueDateTermsForm.extend({
  accountId: AccountId,
  payer: PayerForm,
  description: Description.optional(),
});
export type DueDateChargeForm = z.infer<typeof DueDateChargeForm>;

const item = (rule: { modality: number; value: number }) => ({
  modalidade: rule.modality,
  valorPerc: decimalText(rule.value),
});

/** The form's terms as the service's `valor` (CobVValorTerms input). */
export function valorOfForm(form: DueDateTermsForm): z.input<typeof CobVValorTerms> {
  const { discount } = form;
  return {
    original: textOfHundredths(form.amount),
    ...(form.fine ? { multa: item(form.fine) } : {}),
    ...(form.interest ? { juros: item(form.interest) } : {}),
    ...(form.rebate ? { abatimento: item(form.rebate) } : {}),
    ...(discount
      ? {
          desconto: {
            modalidade: discount.modality,
            ...(discount.value !== undefined ? { valorPerc: decimalText(discount.value) } : {}),
            ...(discount.dates
              ? {
                  descontoDataFixa: discount.dates.map(({ date, value }) => ({
                    data: date,
                    valorPerc: decimalText(value),
                  })),
                }
              : {}),
          },
        }
      : {}),
  };
}

/** The payer as the service's `debtor`. */
export function debtorOfForm(payer: z.infer<typeof PayerForm>) {
  const { document, ...rest } = payer;
  return { ...(document.length === 11 ? { cpf: document } : { cnpj: document }), ...rest };
}

const FIELDS: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^calendario\.dataDeVencimento/, () => "dueDate"],
  [/^calendario\.validadeAposVencimento/, () => "validityDays"],
  [/^valor\.original/, () => "amount"],
  [/^valor\.multa/, () => "fine.value"],
  [/^valor\.juros/, () => "interest.value"],
  [/^valor\.abatimento/, () => "rebate.value"],
  [
    /^valor\.desconto\.descontoDataFixa\.(\d+)\.(data|valorPerc)/,
    (match) => `discount.dates.${match[1]}.${match[2] === "data" ? "date" : "value"}`,
  ],
  [/^valor\.desconto\.descontoDataFixa/, () => "discount.dates"],
  [/^valor\.desconto/, () => "discount.value"],
  [/^devedor/, () => "payer.document"],
  [/^(chave|loc)/, () => "accountId"],
];

/** The form field a service violation's `propriedade` is about; null for none of them. */
export function formFieldOf(propriedade: string): string | null {
  for (const [pattern, field] of FIELDS) {
    const match = pattern.exec(propriedade);
    if (match) return field(match);
  }
  return null;
}
