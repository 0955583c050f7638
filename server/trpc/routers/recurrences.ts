/**
 * The dashboard's "Assinaturas" (Pix Automático recurrences, docs/decisions/0046): list, detail,
 * create, cancel, and the notification journey's consent request. The rules are the recurrence
 * services' (server/recurrences/); this door parses, calls one and shapes the answer.
 */
import type { inferRouterOutputs } from "@trpc/server";
import { z } from "zod";
import { todayInSaoPaulo } from "../../charges/due-date/calendar";
import { db } from "../../db/client";
import { AppError, FieldsRefused, invalid } from "../../errors";
import { Page, PageSize, pageInfo } from "../../fields/paging";
import type { Recurrence, RecurrenceRequest } from "../../generated/prisma/client";
import type { AttemptKind, AttemptStatus, CobrStatus, Rejection } from "../../recurrences/charges/status";
import { requestConsent } from "../../recurrences/consent";
import {
  listRecurrencesForDashboard,
  nextAutoChargeOf,
  nextChargeOf,
  recurrenceDetail,
} from "../../recurrences/dashboard";
import { ConsentForm, formFieldOf, inputOfForm, RecurrenceForm } from "../../recurrences/form";
import { ID_SOLIC_REC_PATTERN } from "../../recurrences/ids";
import { RecurrenceRefused } from "../../recurrences/model";
import type { RequestHistoryEntry, RequestStatus } from "../../recurrences/request-status";
import { cancelRequest } from "../../recurrences/requests";
import { createRecurrence, reviseRecurrence } from "../../recurrences/service";
import { recurrenceShare, shareRecurrence } from "../../recurrences/share";
import { type Closure, type HistoryEntry, REC_STATUSES, type RecStatus } from "../../recurrences/status";
import { saoPauloDayEnd, saoPauloDayStart } from "../../time";
import { can, createTRPCRouter } from "../init";

/** Violations of the state (a recurrence or request that moved on) are conflicts; the others name form fields. */
const STATE = /^(status|idRec)$/;

/** A service refusal as the dashboard reads it. */
export async function refusedForDashboard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof RecurrenceRefused)) throw error;
    if (error.violations.every((v) => STATE.test(v.propriedade))) throw new AppError("CONFLICT", error.message);
    const fields = [...new Set(error.violations.map((v) => formFieldOf(v.propriedade) ?? v.propriedade))];
    throw new FieldsRefused(error.message, fields);
  }
}

const day = (date: Date) => date.toISOString().slice(0, 10);

function rowView(recurrence: Recurrence, today: string) {
  return {
    idRec: recurrence.idRec,
    status: recurrence.status as RecStatus,
    contract: recurrence.contract,
    object: recurrence.object,
    debtorName: recurrence.debtorName,
    debtorDocument: recurrence.debtorDocument,
    periodicity: recurrence.periodicity,
    /** the fixed amount of each cycle, or null for a variable one */
    amountCents: recurrence.amountCents,
    /** a variable amount's floor */
    minimumCents: recurrence.minimumCents,
    /** billed automatically: the worker creates each cycle's charge (docs/decisions/0051) */
    autoCharge: recurrence.autoCharge,
    startDate: day(recurrence.startDate),
    endDate: recurrence.endDate ? day(recurrence.endDate) : null,
    nextChargeDate: nextChargeOf(recurrence, today),
    createdAt: recurrence.createdAt,
  };
}
export type RecurrenceRow = ReturnType<typeof rowView>;

function requestView(request: RecurrenceRequest) {
  const recipient = request.recipient as { conta: string; ispbParticipante: string; agencia?: string };
  return {
    idSolicRec: request.idSolicRec,
    status: request.status as RequestStatus,
    expiresAt: request.expiresAt,
    account: recipient.conta,
    ispb: recipient.ispbParticipante,
    branch: recipient.agencia ?? null,
    history: request.history as RequestHistoryEntry[],
    createdAt: request.createdAt,
  };
}

const IdRec = ConsentForm.shape.idRec;
const IdSolicRec = z.string().regex(ID_SOLIC_REC_PATTERN);
const Day = z.iso.date();

const ListInput = z.object({
  status: z.enum(REC_STATUSES).optional(),
  createdFrom: Day.optional(),
  createdTo: Day.optional(),
  search: z.string().trim().max(200).optional(),
  page: Page.default(1),
  limit: PageSize.default(20),
});

type ChargeWithAttempts = Awaited<ReturnType<typeof recurrenceDetail>>["charges"][number];

/** A cycle's recurring charge (cobr) with its settlement attempts, oldest attempt first. */
function chargeView(charge: ChargeWithAttempts) {
  return {
    txId: charge.txId,
    cycleStart: day(charge.cycleStart),
    dueDate: day(charge.dueDate),
    amountCents: charge.amountCents,
    status: charge.status as CobrStatus,
    paidEndToEndId: charge.paidEndToEndId,
    attempts: charge.attempts.map((attempt) => ({
      id: String(attempt.id),
      kind: attempt.kind as AttemptKind,
      settlementDate: day(attempt.settlementDate),
      status: attempt.status as AttemptStatus,
      endToEndId: attempt.endToEndId,
      rejectionCode: (attempt.rejection as Rejection | null)?.codigo ?? null,
    })),
  };
}

export const recurrencesRouter = createTRPCRouter({
  list: can("charges.read")
    .input(ListInput)
    .query(async ({ ctx, input }) => {
      const from = input.createdFrom ? saoPauloDayStart(input.createdFrom) : null;
      const to = input.createdTo ? saoPauloDayEnd(input.createdTo) : null;
      if (from !== null && to !== null && from > to) throw invalid("createdFrom is after createdTo", "createdFrom");
      const { recurrences, total } = await listRecurrencesForDashboard(db(), ctx.tenantId, {
        ...(input.status ? { status: input.status } : {}),
        ...(from !== null ? { createdFrom: new Date(from) } : {}),
        ...(to !== null ? { createdTo: new Date(to) } : {}),
        ...(input.search ? { search: input.search } : {}),
        page: input.page,
        limit: input.limit,
      });
      const today = todayInSaoPaulo();
      return { recurrences: recurrences.map((r) => rowView(r, today)), ...pageInfo(input, total) };
    }),

  get: can("charges.read")
    .input(z.object({ idRec: IdRec }))
    .query(async ({ ctx, input }) => {
      const { recurrence, requests, charges } = await recurrenceDetail(db(), ctx.tenantId, input.idRec);
      const today = todayInSaoPaulo();
      return {
        ...rowView(recurrence, today),
        /** automatic billing's next charge (the day it is created and due), or null */
        nextAutoCharge: nextAutoChargeOf(recurrence, charges, today),
        retryPolicy: recurrence.retryPolicy,
        history: recurrence.history as HistoryEntry[],
        closure: recurrence.closure as Closure | null,
        requests: requests.map(requestView),
        charges: charges.map(chargeView),
      };
    }),

  create: can("charges.write")
    .input(RecurrenceForm)
    .mutation(async ({ ctx, input }) => {
      const recurrence = await refusedForDashboard(() => createRecurrence(db(), inputOfForm(ctx.tenantId, input)));
      return { idRec: recurrence.idRec };
    }),

  /** The merchant cancels its recurrence (USUARIO_RECEBEDOR, SLCR). */
  cancel: can("charges.write")
    .input(z.object({ idRec: IdRec }))
    .mutation(async ({ ctx, input }) => {
      const recurrence = await refusedForDashboard(() =>
        reviseRecurrence(db(), ctx.tenantId, input.idRec, { status: "CANCELADA" }),
      );
      return { idRec: recurrence.idRec, status: recurrence.status as RecStatus };
    }),

  /** The QR journey's share of a recurrence awaiting approval: null until it has a location. */
  share: can("charges.read")
    .input(z.object({ idRec: IdRec }))
    .query(({ ctx, input }) => recurrenceShare(db(), ctx.tenantId, input.idRec)),

  /** Gives a recurrence awaiting approval its location (locrec) and answers its QR and page. */
  createShare: can("charges.write")
    .input(z.object({ idRec: IdRec }))
    .mutation(({ ctx, input }) => shareRecurrence(db(), ctx.tenantId, input.idRec)),

  /** The notification journey: a consent request sent to the payer's account. */
  requestConsent: can("charges.write")
    .input(ConsentForm)
    .mutation(async ({ ctx, input }) => {
      const now = new Date();
      const request = await refusedForDashboard(() =>
        db().$transaction((tx) =>
          requestConsent(
            tx,
            ctx.tenantId,
            input.idRec,
            {
              account: input.account,
              ispb: input.ispb,
              ...(input.branch ? { branch: input.branch } : {}),
              expiresAt: new Date(now.getTime() + input.expiresInDays * 86_400_000),
            },
            now,
          ),
        ),
      );
      return requestView(request);
    }),

  /** The merchant withdraws an unanswered consent request. */
  cancelRequest: can("charges.write")
    .input(z.object({ idSolicRec: IdSolicRec }))
    .mutation(async ({ ctx, input }) => {
      const request = await refusedForDashboard(() =>
        db().$transaction((tx) => cancelRequest(tx, ctx.tenantId, input.idSolicRec)),
      );
      return requestView(request);
    }),
});

export type RecurrenceDetail = inferRouterOutputs<typeof recurrencesRouter>["get"];
