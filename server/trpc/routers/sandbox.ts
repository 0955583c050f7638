/**
 * The dashboard's Sandbox page: what other institutions do to the merchant's accounts, simulated
 * by the same services as the account surface's sandbox routes (server/account-api/routes/
 * sandbox.ts, meds.ts, charges.ts). Only while the PIX rail is the sandbox.
 */
import { z } from "zod";
import { IsoDate } from "../../charges/due-date/validate";
import { payChargeFromOutside } from "../../charges/payment";
import { TxId } from "../../charges/schema";
import { db } from "../../db/client";
import { forbidden } from "../../errors";
import { AccountId, EndToEndId } from "../../fields/ids";
import { SandboxMedOpen } from "../../meds/schema";
import { openMed } from "../../meds/service";
import { sandboxMode } from "../../pix/current-rail";
import { setPayerFailure } from "../../recurrences/charges/payer";
import { advanceRecurrence } from "../../recurrences/charges/sandbox";
import { COBR_REJECT_CODES } from "../../recurrences/charges/status";
import { openRequests } from "../../recurrences/dashboard";
import { ID_REC_PATTERN, ID_SOLIC_REC_PATTERN } from "../../recurrences/ids";
import { answerRequest } from "../../recurrences/requests";
import { REJECT_CODES } from "../../recurrences/status";
import { creditIncomingPix, creditIncomingPixToKey, returnOutgoingPix } from "../../transfers/incoming";
import { PartyInput, PixKey, SandboxCredit, SandboxReturn } from "../../transfers/schema";
import { can, createTRPCRouter } from "../init";
import { entryView } from "./ledger";
import { refusedForDashboard } from "./recurrences";

const sandboxProcedure = can("sandbox.use").use(({ next }) => {
  if (!sandboxMode()) throw forbidden("the sandbox is off: PIX_RAIL is not sandbox");
  return next();
});

const credit = SandboxCredit.pick({ amount: true, payer: true });

export const sandboxRouter = createTRPCRouter({
  /**
   * A payer at another institution pays one of the merchant's charges; a due-date charge as if on
   * `paidOn` (today by default), with the fine, interest or discount of that day.
   */
  payCharge: sandboxProcedure
    .input(z.object({ txId: TxId, payer: PartyInput.optional(), paidOn: IsoDate.optional() }))
    .mutation(async ({ ctx, input }) =>
      entryView(
        await payChargeFromOutside(db(), {
          userId: ctx.tenantId,
          txId: input.txId,
          payer: input.payer ?? null,
          ...(input.paidOn ? { paidOn: input.paidOn } : {}),
        }),
      ),
    ),

  /** A PIX from another institution to one of the merchant's accounts. */
  creditAccount: sandboxProcedure.input(credit.extend({ accountId: AccountId })).mutation(async ({ ctx, input }) =>
    entryView(
      await creditIncomingPix(db(), {
        userId: ctx.tenantId,
        accountId: input.accountId,
        amountCents: input.amount,
        payer: input.payer ?? null,
      }),
    ),
  ),

  /** A PIX from another institution to a key of an account the merchant operates. */
  creditKey: sandboxProcedure.input(credit.extend({ pixKey: PixKey })).mutation(async ({ ctx, input }) =>
    entryView(
      await creditIncomingPixToKey(db(), {
        callerId: ctx.tenantId,
        pixKey: input.pixKey,
        amountCents: input.amount,
        payer: input.payer ?? null,
      }),
    ),
  ),

  /** The payer's institution opens a MED on a PIX the merchant received: the disputed amount is blocked. */
  openMed: sandboxProcedure.input(SandboxMedOpen).mutation(async ({ ctx, input }) => {
    const med = await openMed(db(), {
      userId: ctx.tenantId,
      endToEndId: input.endToEndId,
      details: input.details ?? null,
    });
    return {
      id: med.id,
      endToEndId: med.endToEndId,
      accountId: med.accountId,
      status: med.status,
      disputedCents: med.disputedCents,
      blockedCents: med.blockedCents,
      defenseDeadline: med.defenseDeadline,
    };
  }),

  /** The receiver of one of the merchant's payments sends it back (all that is left unless `amount`). */
  returnPayment: sandboxProcedure
    .input(SandboxReturn.extend({ endToEndId: EndToEndId }))
    .mutation(async ({ ctx, input }) =>
      entryView(
        await returnOutgoingPix(db(), {
          userId: ctx.tenantId,
          endToEndId: input.endToEndId,
          amountCents: input.amount ?? null,
        }),
      ),
    ),

  /** The merchant's consent requests still waiting for the payer's answer. */
  openRecurrenceRequests: sandboxProcedure.query(async ({ ctx }) =>
    (await openRequests(db(), ctx.tenantId)).map((request) => ({
      idSolicRec: request.idSolicRec,
      idRec: request.idRec,
      debtorName: request.recurrence.debtorName,
      contract: request.recurrence.contract,
      periodicity: request.recurrence.periodicity,
      amountCents: request.recurrence.amountCents,
      minimumCents: request.recurrence.minimumCents,
      expiresAt: request.expiresAt,
    })),
  ),

  /**
   * The payer answers one of the merchant's Pix Automático consent requests: accepting approves
   * the recurrence, rejecting rejects it (AP13 unless `code`).
   */
  answerRecurrenceRequest: sandboxProcedure
    .input(
      z.object({
        idSolicRec: z.string().regex(ID_SOLIC_REC_PATTERN),
        accept: z.boolean(),
        code: z.enum(REJECT_CODES).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const answer = input.accept
        ? ({ accept: true } as const)
        : ({ accept: false, codigo: input.code ?? "AP13" } as const);
      const request = await refusedForDashboard(() =>
        db().$transaction((tx) => answerRequest(tx, ctx.tenantId, input.idSolicRec, answer)),
      );
      return { idSolicRec: request.idSolicRec, idRec: request.idRec, status: request.status };
    }),

  /** Funds (`failureCode` null) or starves (each attempt fails with the code) the payer of a recurrence. */
  setRecurrencePayer: sandboxProcedure
    .input(z.object({ idRec: z.string().regex(ID_REC_PATTERN), failureCode: z.enum(COBR_REJECT_CODES).nullable() }))
    .mutation(({ ctx, input }) =>
      db().$transaction((tx) => setPayerFailure(tx, ctx.tenantId, input.idRec, input.failureCode)),
    ),

  /** The sandbox clock: the recurrence's next step (an attempt, a retry, or the next cycle's charge, made when missing). */
  advanceRecurrence: sandboxProcedure
    .input(z.object({ idRec: z.string().regex(ID_REC_PATTERN) }))
    .mutation(async ({ ctx, input }) => {
      const charge = await advanceRecurrence(db(), ctx.tenantId, input.idRec, { createCharge: true });
      return { txId: charge.txId, status: charge.status, attempts: charge.attempts.length };
    }),
});
