/**
 * The shapes of due-date charges (cobv) on the account surface: camelCase, amounts and percentages
 * as BRL numbers, modes as the API Pix's modality numbers. The rules are the due-date service's
 * (server/charges/due-date/service.ts); here the request is only read into its input, its
 * refusals named with this surface's field paths, and a charge written back.
 */
import { z } from "@hono/zod-openapi";
import { todayInSaoPaulo } from "../../charges/due-date/calendar";
import {
  amountDueOn,
  dateText,
  debtorDetailsOf,
  paidComponentsOf,
  type StoredValor,
} from "../../charges/due-date/record";
import type { DueDateChargeInput, DueDateDebtorInput } from "../../charges/due-date/service";
import { DEBTOR_LIMITS } from "../../charges/due-date/service";
import { hundredthsOf, MAX_FIXED_DATE_DISCOUNTS, textOfHundredths } from "../../charges/due-date/terms";
import { IsoDate } from "../../charges/due-date/validate";
import { locationUrl } from "../../charges/ids";
import { CHARGE_STATUSES } from "../../charges/schema";
import { config } from "../../config";
import { BrlAmount } from "../../fields/amount";
import { AccountId, TxId } from "../../fields/ids";
import { Description, text } from "../../fields/text";
import type { Charge } from "../../generated/prisma/client";
import { centsToBrl } from "../../money";

const TWO_DECIMALS = /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/;

/** An amount in BRL or a percentage: 0 to 9999999999.99, at most two decimals (the API Pix's `valorPerc`). */
const Value = z
  .number("must be a number")
  .refine((value) => TWO_DECIMALS.test(String(value)), "must be 0 to 9999999999.99 with at most two decimals")
  .meta({ example: 2 });

const Mode = (meaning: string) => z.int("must be an integer").describe(meaning);

const FINE_MODES = "1: a fixed amount in BRL; 2: a percentage of the amount.";
const INTEREST_MODES =
  "Per day late: 1 BRL per calendar day; 2 % per calendar day; 3 % per month (calendar days); 4 % per year (calendar days); 5 BRL per business day; 6 % per business day; 7 % per month (business days); 8 % per year (business days).";
const REBATE_MODES = "1: a fixed amount in BRL; 2: a percentage of the amount.";
const DISCOUNT_MODES =
  "1: BRL for paying by each of the fixedDates; 2: % for paying by each of the fixedDates; 3: BRL per calendar day early; 4: BRL per business day early; 5: % per calendar day early; 6: % per business day early.";

const Term = (name: string, modes: string) =>
  z
    .object({ mode: Mode(modes), value: Value.describe("BRL or %, as the mode says.") })
    .openapi(name, { description: modes });

const FixedDate = z.object({
  date: IsoDate.meta({ description: "Pay on or before this day (YYYY-MM-DD).", example: "2026-12-04" }),
  value: Value.describe("BRL or %, as the mode says."),
});

const Discount = z
  .object({
    mode: Mode(DISCOUNT_MODES),
    value: Value.optional().describe("Modes 3 to 6: BRL or % per day paid early."),
    fixedDates: z
      .array(FixedDate)
      .max(MAX_FIXED_DATE_DISCOUNTS, `must have at most ${MAX_FIXED_DATE_DISCOUNTS} items`)
      .optional()
      .describe(`Modes 1 and 2: up to ${MAX_FIXED_DATE_DISCOUNTS} dates, increasing, none after the due date.`),
  })
  .openapi("DueDateDiscount", { description: DISCOUNT_MODES });

const Debtor = z
  .object({
    name: text({ max: DEBTOR_LIMITS.name, trim: true }).describe("The payer's name."),
    cpf: text({ max: 11 }).optional().describe("11 digits; or cnpj, not both."),
    cnpj: text({ max: 14 }).optional().describe("14 characters; or cpf, not both."),
    email: text({ max: DEBTOR_LIMITS.email }).optional(),
    street: text({ max: DEBTOR_LIMITS.street }).optional(),
    city: text({ max: DEBTOR_LIMITS.city }).optional(),
    state: text({ max: DEBTOR_LIMITS.state }).optional().describe("UF, two letters."),
    postalCode: text({ max: DEBTOR_LIMITS.postalCode }).optional().describe("CEP, eight digits."),
  })
  .openapi("DueDateDebtor", { description: "Whom the bill is addressed to." });

export const DueDateChargeCreate = z
  .object({
    accountId: AccountId.describe("The receiving account (its oldest PIX key receives the payment)."),
    txId: TxId.optional().describe("Your id for the charge, 26-35 letters or digits; one is made when left out."),
    dueDate: IsoDate.meta({ description: "YYYY-MM-DD, not before today (São Paulo).", example: "2026-12-10" }),
    validityDays: z
      .int("must be an integer")
      .optional()
      .describe("Calendar days after the due date the bill can still be paid (30 when left out)."),
    debtor: Debtor,
    amount: BrlAmount,
    fine: Term("DueDateFine", FINE_MODES).optional().describe("Charged once as soon as the payment is late."),
    interest: Term("DueDateInterest", INTEREST_MODES).optional().describe("Simple interest for each day late."),
    rebate: Term("DueDateRebate", REBATE_MODES).optional().describe("Taken off whenever it is paid."),
    discount: Discount.optional().describe("For paying early; never once late."),
    description: Description.optional().describe("Shown to the payer."),
  })
  .openapi("DueDateChargeCreate", {
    example: {
      accountId: "100000000001",
      dueDate: "2026-12-10",
      debtor: { name: "Maria Pagadora", cpf: "12345678909", email: "maria@example.invalid" },
      amount: 250,
      fine: { mode: 2, value: 2 },
      interest: { mode: 3, value: 1 },
      discount: { mode: 1, fixedDates: [{ date: "2026-12-04", value: 10 }] },
      description: "Mensalidade de dezembro",
    },
  });

type Create = z.infer<typeof DueDateChargeCreate>;
type TermInput = { mode: number; value: number };

/** A BRL number or percentage as the API Pix's "0.00" text (the shape already checked it). */
const decimalText = (value: number) => value.toFixed(2);
const termOf = (term: TermInput) => ({ modalidade: term.mode, valorPerc: decimalText(term.value) });

/** The request as the one service's input. */
export function dueDateInput(userId: string, txId: string, body: Create): DueDateChargeInput {
  const { debtor, discount } = body;
  const debtorInput: DueDateDebtorInput = { name: debtor.name };
  for (const key of ["cpf", "cnpj", "email", "street", "city", "state", "postalCode"] as const) {
    if (debtor[key] !== undefined) debtorInput[key] = debtor[key];
  }
  return {
    userId,
    txId,
    accountId: body.accountId,
    dueDate: body.dueDate,
    ...(body.validityDays !== undefined ? { validityDays: body.validityDays } : {}),
    debtor: debtorInput,
    valor: {
      original: textOfHundredths(body.amount),
      ...(body.fine ? { multa: termOf(body.fine) } : {}),
      ...(body.interest ? { juros: termOf(body.interest) } : {}),
      ...(body.rebate ? { abatimento: termOf(body.rebate) } : {}),
      ...(discount
        ? {
            desconto: {
              modalidade: discount.mode,
              ...(discount.value !== undefined ? { valorPerc: decimalText(discount.value) } : {}),
              ...(discount.fixedDates
                ? {
                    descontoDataFixa: discount.fixedDates.map((d) => ({
                      data: d.date,
                      valorPerc: decimalText(d.value),
                    })),
                  }
                : {}),
            },
          }
        : {}),
    },
    ...(body.description !== undefined ? { description: body.description } : {}),
  };
}

/** The service's names (relative to a cobv) → this surface's. */
const FIELD_NAMES: Record<string, string | null> = {
  calendario: null,
  valor: null,
  dataDeVencimento: "dueDate",
  validadeAposVencimento: "validityDays",
  original: "amount",
  multa: "fine",
  juros: "interest",
  abatimento: "rebate",
  desconto: "discount",
  modalidade: "mode",
  valorPerc: "value",
  descontoDataFixa: "fixedDates",
  data: "date",
  devedor: "debtor",
  nome: "name",
  logradouro: "street",
  cidade: "city",
  uf: "state",
  cep: "postalCode",
  txid: "txId",
  chave: "accountId",
};

/** The API Pix's field names a reason may mention, as this surface names them. */
const NAMES_IN_REASONS = ["descontoDataFixa", "valorPerc", "dataDeVencimento", "validadeAposVencimento"] as const;

/** A violation's reason with the API Pix's paths and field names in this surface's words. */
export function reasonOf(propriedade: string, razao: string): string {
  let reason = razao.split(propriedade).join(fieldOf(propriedade));
  for (const name of NAMES_IN_REASONS) reason = reason.split(name).join(FIELD_NAMES[name] as string);
  return reason;
}

/** A violation's property (`valor.multa.modalidade`) as this surface names the field (`fine.mode`). */
export function fieldOf(propriedade: string): string {
  const named = propriedade
    .split(".")
    .map((part) => (part in FIELD_NAMES ? FIELD_NAMES[part] : part))
    .filter((part): part is string => part !== null);
  return named.join(".") || "body";
}

const Amounts = {
  original: z.number(),
  fine: z.number(),
  interest: z.number(),
  rebate: z.number(),
  discount: z.number(),
};

const TermView = z.object({ mode: z.number().int(), value: z.number() });

export const DueDateChargeSchema = z
  .object({
    txId: z.string(),
    status: z.enum(CHARGE_STATUSES),
    accountId: z.string(),
    pixKey: z.string().nullable(),
    revision: z.number().int(),
    createdAt: z.number().describe("Epoch ms."),
    updatedAt: z.number().describe("Epoch ms."),
    dueDate: z.string().describe("YYYY-MM-DD, as given."),
    validityDays: z.number().int(),
    debtor: z.object({
      name: z.string(),
      cpf: z.string().optional(),
      cnpj: z.string().optional(),
      email: z.string().optional(),
      street: z.string().optional(),
      city: z.string().optional(),
      state: z.string().optional(),
      postalCode: z.string().optional(),
    }),
    amount: z.number().describe("The original amount, BRL."),
    fine: TermView.nullable(),
    interest: TermView.nullable(),
    rebate: TermView.nullable(),
    discount: z
      .object({
        mode: z.number().int(),
        value: z.number().nullable(),
        fixedDates: z.array(z.object({ date: z.string(), value: z.number() })),
      })
      .nullable(),
    description: z.string().nullable(),
    emv: z.string().describe("The copy-and-paste BR Code."),
    location: z.string().nullable().describe("Where the payer's institution reads the amount due, without scheme."),
    dueToday: z
      .object({ date: z.string(), amount: z.number(), lastPayableDate: z.string(), ...Amounts })
      .nullable()
      .describe(
        "What paying today (São Paulo) would move, and its parts; null once paid, removed or past its validity.",
      ),
    paid: z
      .object({
        paidOn: z.string(),
        paidAt: z.number().describe("Epoch ms."),
        endToEndId: z.string().nullable(),
        amount: z.number(),
        ...Amounts,
      })
      .nullable()
      .describe("The payment and the parts of its amount on the day it counted for; null until paid."),
  })
  .openapi("DueDateCharge");

type View = z.infer<typeof DueDateChargeSchema>;

const number = (text: string) => centsToBrl(hundredthsOf(text));
const termView = (term: { modalidade: number; valorPerc: string } | undefined) =>
  term ? { mode: term.modalidade, value: number(term.valorPerc) } : null;

/** A cobv as this surface writes it. */
export function dueDateChargeView(charge: Charge, now = new Date()): View {
  const valor = charge.dueTerms as StoredValor;
  const details = debtorDetailsOf(charge);
  const document = charge.debtorDocument ?? "";
  const paid = paidComponentsOf(charge);
  const today = todayInSaoPaulo(now);
  const due = charge.status === "created" ? amountDueOn(charge, today) : null;
  const parts = (c: {
    originalCents: bigint;
    multaCents: bigint;
    jurosCents: bigint;
    abatimentoCents: bigint;
    descontoCents: bigint;
  }) => ({
    original: centsToBrl(c.originalCents),
    fine: centsToBrl(c.multaCents),
    interest: centsToBrl(c.jurosCents),
    rebate: centsToBrl(c.abatimentoCents),
    discount: centsToBrl(c.descontoCents),
  });
  return {
    txId: charge.txId,
    status: charge.status,
    accountId: charge.accountId,
    pixKey: charge.pixKey,
    revision: charge.revision,
    createdAt: charge.createdAt.getTime(),
    updatedAt: charge.updatedAt.getTime(),
    dueDate: dateText(charge.dueDate as Date),
    validityDays: charge.validityDays as number,
    debtor: {
      name: charge.debtorName ?? "",
      ...(document.length === 11 ? { cpf: document } : { cnpj: document }),
      ...details,
    },
    amount: centsToBrl(charge.amountCents),
    fine: termView(valor.multa),
    interest: termView(valor.juros),
    rebate: termView(valor.abatimento),
    discount: valor.desconto
      ? {
          mode: valor.desconto.modalidade,
          value: valor.desconto.valorPerc !== undefined ? number(valor.desconto.valorPerc) : null,
          fixedDates: (valor.desconto.descontoDataFixa ?? []).map((d) => ({
            date: d.data,
            value: number(d.valorPerc),
          })),
        }
      : null,
    description: charge.description,
    emv: charge.emv,
    location: charge.locationId ? locationUrl(config().APP_URL, charge.locationId, "cobv") : null,
    dueToday:
      due?.payable === true
        ? {
            date: today,
            amount: centsToBrl(due.finalCents),
            lastPayableDate: due.lastPayableDate,
            ...parts(due.components),
          }
        : null,
    paid:
      paid && charge.paidAt
        ? {
            paidOn: paid.paidOn,
            paidAt: charge.paidAt.getTime(),
            endToEndId: charge.paidEndToEndId,
            amount: centsToBrl(paid.finalCents),
            ...parts(paid),
          }
        : null,
  };
}
