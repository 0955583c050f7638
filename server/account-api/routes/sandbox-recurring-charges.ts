/**
 * Sandbox-only: the payer and the clock of Pix Automático's recurring charges (docs/decisions/0041).
 * Fund or starve the payer of a recurrence, let the payer cancel it, and advance it to its next step
 * (the live charge's attempt or retry, else the next cycle's charge). Rules:
 * server/recurrences/charges/ (payer.ts, sandbox.ts).
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { dateText } from "../../charges/due-date/record";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import type { ChargeWithAttempts } from "../../recurrences/charges/model";
import { setPayerFailure } from "../../recurrences/charges/payer";
import { advanceRecurrence, payerCancelsRecurrence } from "../../recurrences/charges/sandbox";
import { ATTEMPT_STATUSES, COBR_REJECT_CODES, COBR_STATUSES } from "../../recurrences/charges/status";
import { RecurrenceRefused } from "../../recurrences/model";
import type { AccountApiEnv } from "../context";
import { envelope } from "../envelope";
import { accountRoutes } from "../route";
import { envelopeResponse, optionalJsonBody } from "../schemas";

const sandboxRoute = accountRoutes("Sandbox");
const ERRORS = [400, 401, 403, 404, 409, 429, 500];
const BASE = "/sandbox/pix/automatico/recurrences/{idRec}";

const IdRecParam = z.object({ idRec: z.string().meta({ description: "The recurrence's idRec (API Pix POST /rec)." }) });

const PayerSchema = z
  .object({
    idRec: z.string(),
    failureCode: z
      .enum(COBR_REJECT_CODES)
      .nullable()
      .meta({ description: "The code attempts fail with; null when funded." }),
  })
  .openapi("SandboxRecurrencePayer");
const payerAnswer = { 200: envelopeResponse("The payer's state", PayerSchema, "SandboxRecurrencePayerSet") };

const fundRoute = sandboxRoute("pix_in:write", ERRORS, {
  method: "post",
  path: `${BASE}/fund`,
  summary: "Fund the payer of a Pix Automático recurrence: its next attempts are paid",
  request: { params: IdRecParam },
  responses: payerAnswer,
});

const starveRoute = sandboxRoute("pix_in:write", ERRORS, {
  method: "post",
  path: `${BASE}/starve`,
  summary: "Starve the payer of a Pix Automático recurrence: its next attempts fail with a code",
  request: {
    params: IdRecParam,
    body: optionalJsonBody(
      z.object({
        code: z.enum(COBR_REJECT_CODES).optional().meta({
          description: "The catalogue's rejection code; AM02 when absent. Some end the charge (decision 0041).",
        }),
      }),
    ),
  },
  responses: payerAnswer,
});

const cancelRoute = sandboxRoute("pix_in:write", ERRORS, {
  method: "post",
  path: `${BASE}/cancel`,
  summary: "Simulate the payer cancelling a Pix Automático recurrence (and its live recurring charges)",
  request: { params: IdRecParam },
  responses: {
    200: envelopeResponse(
      "The recurrence cancelled",
      z.object({ idRec: z.string(), status: z.string() }).openapi("SandboxRecurrenceCancelled"),
      "SandboxRecurrenceCancelledResponse",
    ),
  },
});

const StepSchema = z
  .object({
    idRec: z.string(),
    txid: z.string(),
    dueDate: z.string(),
    status: z.enum(COBR_STATUSES),
    attempts: z.array(
      z.object({
        kind: z.string(),
        settlementDate: z.string(),
        status: z.enum(ATTEMPT_STATUSES),
        rejectionCode: z.string().nullable(),
      }),
    ),
  })
  .openapi("SandboxRecurrenceStep");

const advanceRoute = sandboxRoute("pix_in:write", ERRORS, {
  method: "post",
  path: `${BASE}/advance`,
  summary: "Advance a Pix Automático recurrence on the sandbox clock to its next step and run it",
  request: {
    params: IdRecParam,
    body: optionalJsonBody(
      z.object({
        createCharge: z.boolean().optional().meta({
          description: "Make the next cycle's charge when there is none (as a merchant would with PUT /cobr).",
        }),
      }),
    ),
  },
  responses: { 200: envelopeResponse("The charge the step concerned", StepSchema, "SandboxRecurrenceAdvanced") },
});

const stepOf = (charge: ChargeWithAttempts) => ({
  idRec: charge.idRec,
  txid: charge.txId,
  dueDate: dateText(charge.dueDate),
  status: charge.status as (typeof COBR_STATUSES)[number],
  attempts: charge.attempts.map((attempt) => ({
    kind: attempt.kind,
    settlementDate: dateText(attempt.settlementDate),
    status: attempt.status as (typeof ATTEMPT_STATUSES)[number],
    rejectionCode: (attempt.rejection as { codigo?: string } | null)?.codigo ?? null,
  })),
});

/** A recurrence that can no longer be moved so is a conflict, as the consent requests' answers are. */
async function conflictOnRefusal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RecurrenceRefused) throw new AppError("CONFLICT", error.message, "idRec");
    throw error;
  }
}

export function registerRecurringChargeSandboxRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(fundRoute, async (c) => {
    const data = await setPayerFailure(db(), c.get("apiKey").userId, c.req.valid("param").idRec, null);
    return c.json(envelope(c, data, { message: "Payer funded" }), 200);
  });

  app.openapi(starveRoute, async (c) => {
    const code = c.req.valid("json")?.code ?? "AM02";
    const data = await setPayerFailure(db(), c.get("apiKey").userId, c.req.valid("param").idRec, code);
    return c.json(envelope(c, data, { message: "Payer starved" }), 200);
  });

  app.openapi(cancelRoute, async (c) => {
    const rec = await conflictOnRefusal(() =>
      payerCancelsRecurrence(db(), c.get("apiKey").userId, c.req.valid("param").idRec),
    );
    return c.json(envelope(c, { idRec: rec.idRec, status: rec.status }, { message: "Recurrence cancelled" }), 200);
  });

  app.openapi(advanceRoute, async (c) => {
    const options = { createCharge: c.req.valid("json")?.createCharge ?? false };
    const charge = await advanceRecurrence(db(), c.get("apiKey").userId, c.req.valid("param").idRec, options);
    return c.json(envelope(c, stepOf(charge), { message: "Recurrence advanced" }), 200);
  });
}
