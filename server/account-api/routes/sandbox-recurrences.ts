/**
 * Sandbox-only: the payer's side of Pix Automático, simulated (docs/decisions/0040, 0041). The payer
 * accepts or rejects one of the caller's consent requests (API Pix `solicrec`), which approves or
 * rejects its recurrence; it is funded or starved for the recurring charges (`cobr`), or cancels the
 * recurrence; the sandbox clock advances a recurrence to its next step. The rules are the
 * recurrences' services (server/recurrences/requests.ts, server/recurrences/charges/).
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { RecurrenceRefused } from "../../recurrences/model";
import { REQUEST_STATUSES } from "../../recurrences/request-status";
import { answerRequest, type PayerAnswer } from "../../recurrences/requests";
import { REJECT_CODES } from "../../recurrences/status";
import type { AccountApiEnv } from "../context";
import { envelope } from "../envelope";
import { accountRoutes } from "../route";
import { envelopeResponse } from "../schemas";
import { registerRecurringChargeSandboxRoutes } from "./sandbox-recurring-charges";

const sandboxRoute = accountRoutes("Sandbox");
const ERRORS = [400, 401, 403, 404, 409, 429, 500];

const IdSolicRecParam = z.object({
  idSolicRec: z.string().meta({ description: "The consent request's idSolicRec (API Pix POST /solicrec)." }),
});

const AnsweredSchema = z
  .object({
    idSolicRec: z.string(),
    idRec: z.string(),
    status: z.enum(REQUEST_STATUSES),
    recStatus: z.string().meta({ description: "The recurrence's status after the answer." }),
  })
  .openapi("SandboxRecurrenceRequestAnswer");
const answered = { 200: envelopeResponse("The request answered", AnsweredSchema, "SandboxRecurrenceRequestAnswered") };

const acceptRoute = sandboxRoute("pix_in:write", ERRORS, {
  method: "post",
  path: "/sandbox/pix/automatico/requests/{idSolicRec}/accept",
  summary: "Simulate the payer accepting a Pix Automático consent request (its recurrence becomes APROVADA)",
  request: { params: IdSolicRecParam },
  responses: answered,
});

const rejectRoute = sandboxRoute("pix_in:write", ERRORS, {
  method: "post",
  path: "/sandbox/pix/automatico/requests/{idSolicRec}/reject",
  summary: "Simulate the payer rejecting a Pix Automático consent request (its recurrence becomes REJEITADA)",
  request: {
    params: IdSolicRecParam,
    body: {
      required: false,
      content: {
        "application/json": {
          schema: z.object({
            code: z
              .enum(REJECT_CODES)
              .optional()
              .meta({ description: "The catalogue's rejection code; AP13 when absent." }),
          }),
        },
      },
    },
  },
  responses: answered,
});

async function answer(userId: string, idSolicRec: string, payer: PayerAnswer) {
  try {
    const request = await db().$transaction((tx) => answerRequest(tx, userId, idSolicRec, payer));
    const rec = await db().recurrence.findUniqueOrThrow({ where: { idRec: request.idRec } });
    const status = request.status as (typeof REQUEST_STATUSES)[number];
    return { idSolicRec: request.idSolicRec, idRec: request.idRec, status, recStatus: rec.status };
  } catch (error) {
    if (error instanceof RecurrenceRefused) throw new AppError("CONFLICT", error.message, "idSolicRec");
    throw error;
  }
}

export function registerRecurrenceSandboxRoutes(app: OpenAPIHono<AccountApiEnv>) {
  registerRecurringChargeSandboxRoutes(app);
  app.openapi(acceptRoute, async (c) => {
    const data = await answer(c.get("apiKey").userId, c.req.valid("param").idSolicRec, { accept: true });
    return c.json(envelope(c, data, { message: "Request accepted" }), 200);
  });

  app.openapi(rejectRoute, async (c) => {
    const code = c.req.valid("json")?.code ?? "AP13";
    const data = await answer(c.get("apiKey").userId, c.req.valid("param").idSolicRec, { accept: false, codigo: code });
    return c.json(envelope(c, data, { message: "Request rejected" }), 200);
  });
}
