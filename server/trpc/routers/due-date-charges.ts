/**
 * The dashboard's "Cobranças com vencimento": a merchant's due-date charges (cobv), created from
 * the form's numbers (server/charges/due-date/form-terms.ts), previewed before saving, listed with
 * the amount due today and shown with their payer, terms, timeline and, once paid, the components
 * of the amount paid. The rules are the due-date services'; this door parses and shapes.
 */
import type { inferRouterOutputs } from "@trpc/server";
import { z } from "zod";
import { cobStatusOf } from "../../charges/cob-status";
import { amountDue } from "../../charges/due-date/amount-due";
import { todayInSaoPaulo } from "../../charges/due-date/calendar";
import {
  type DueDateChargeRow,
  dueDateChargeRow,
  payerSearch,
  previewDueDateTerms,
} from "../../charges/due-date/dashboard";
import { dueDateChargeDetail } from "../../charges/due-date/detail";
import {
  DueDateChargeForm,
  DueDateTermsForm,
  debtorOfForm,
  formFieldOf,
  valorOfForm,
} from "../../charges/due-date/form-terms";
import { debtorDetailsOf, paidComponentsOf, termsOfCharge } from "../../charges/due-date/record";
import { DueDateChargeRefused, type DueDateViolation } from "../../charges/due-date/refusal";
import { createDueDateCharge, listDueDateCharges } from "../../charges/due-date/service";
import { newTxId } from "../../charges/ids";
import { qrCodePng } from "../../charges/qr-image";
import { CHARGE_STATUSES, TxId } from "../../charges/schema";
import { db } from "../../db/client";
import { FieldsRefused } from "../../errors";
import { Page, PageSize, pageInfo } from "../../fields/paging";
import { sandboxMode } from "../../pix/current-rail";
import { can, createTRPCRouter } from "../init";

/** The form fields the violations are about (each once, in order), for the form to mark. */
function fieldsOf(violations: DueDateViolation[]): string[] {
  return [...new Set(violations.map((v) => formFieldOf(v.propriedade)).filter((f): f is string => f !== null))];
}

/** A service refusal as the dashboard reads it: one coded error naming every field refused. */
async function refusedAsFields<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DueDateChargeRefused)) throw error;
    throw new FieldsRefused(error.message, fieldsOf(error.violations));
  }
}

export type { DueDateChargeRow };

const ListInput = z.object({
  status: z.enum(CHARGE_STATUSES).optional(),
  dueFrom: z.iso.date().optional(),
  dueTo: z.iso.date().optional(),
  /** part of the payer's name, or the payer's CPF/CNPJ (digits) */
  payer: z.string().trim().max(200).optional(),
  page: Page.default(1),
  limit: PageSize.default(20),
});

export const dueDateChargesRouter = createTRPCRouter({
  /** A new cobv received on the account's oldest PIX key; violations name the form's fields. */
  create: can("charges.write")
    .input(DueDateChargeForm)
    .mutation(async ({ ctx, input }) => {
      const charge = await refusedAsFields(() =>
        createDueDateCharge(db(), {
          userId: ctx.tenantId,
          txId: newTxId(),
          accountId: input.accountId,
          dueDate: input.dueDate,
          ...(input.validityDays !== undefined ? { validityDays: input.validityDays } : {}),
          debtor: debtorOfForm(input.payer),
          valor: valorOfForm(input),
          ...(input.description ? { description: input.description } : {}),
        }),
      );
      return { txId: charge.txId };
    }),

  /** The amount due today, on the due date, 10 and 30 days after, for terms not saved yet. */
  preview: can("charges.write")
    .input(DueDateTermsForm)
    .query(({ input }) => {
      const preview = previewDueDateTerms(input);
      return preview.ok ? preview : { ok: false as const, fields: fieldsOf(preview.violations) };
    }),

  /** A page of the merchant's cobvs, oldest first, filtered by status, due window and payer. */
  list: can("charges.read")
    .input(ListInput)
    .query(async ({ ctx, input }) => {
      const { charges, total } = await listDueDateCharges(db(), ctx.tenantId, {
        inicio: new Date(0),
        fim: new Date(),
        status: input.status ? cobStatusOf(input.status) : undefined,
        dueFrom: input.dueFrom,
        dueTo: input.dueTo,
        ...payerSearch(input.payer),
        page: input.page - 1,
        size: input.limit,
      });
      const today = todayInSaoPaulo();
      return { charges: charges.map((charge) => dueDateChargeRow(charge, today)), ...pageInfo(input, total) };
    }),

  /** One cobv: payer, terms, amount due today, QR, timeline and, once paid, what was paid. */
  get: can("charges.read")
    .input(z.object({ txId: TxId }))
    .query(async ({ ctx, input }) => {
      const { charge, payment, timeline } = await dueDateChargeDetail(db(), ctx.tenantId, input.txId);
      const today = todayInSaoPaulo();
      const terms = termsOfCharge(charge);
      const due = amountDue(terms, today);
      return {
        ...dueDateChargeRow(charge, today),
        payer: { name: charge.debtorName ?? "", document: charge.debtorDocument ?? "", ...debtorDetailsOf(charge) },
        terms,
        effectiveDueDate: due.effectiveDueDate,
        lastPayableDate: due.lastPayableDate,
        today: { date: today, payable: due.payable, finalCents: due.finalCents, components: due.components },
        pixKey: charge.pixKey,
        emv: charge.emv,
        qrCode: await qrCodePng(charge.emv),
        sandbox: sandboxMode(),
        paidEndToEndId: charge.paidEndToEndId,
        paid: paidComponentsOf(charge),
        payment,
        timeline,
      };
    }),
});

export type DueDateChargeDetail = inferRouterOutputs<typeof dueDateChargesRouter>["get"];
export type DueDateChargePreview = inferRouterOutputs<typeof dueDateChargesRouter>["preview"];
