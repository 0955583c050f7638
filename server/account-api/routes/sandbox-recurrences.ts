/**
 * Sandbox-only: the payer's side of Pix Automático, simulated (docs/decisions/0040, 0041, 0042).
 * The payer accepts or rejects one of the caller's consent requests (API Pix `solicrec`, journey
 * 1), or scans a recurrence's QR (journey 2) or a composite one (3 with a cob, 4 with a cobv),
 * which approves or rejects its recurrence; it is funded or starved for the recurring charges
 * (`cobr`), or cancels the recurrence; the sandbox clock advances a recurrence to its next step.
 * The rules are the recurrences' services (server/recurrences/requests.ts, sandbox-scan.ts,
 * server/recurrences/charges/).
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { RecurrenceRefused } from "../../recurrences/model";
import { REQUEST_STATUSES } from "../../recurrences/request-status";
import { answerRequest, type PayerAnswer } from "../../recurrences/requests";
import { scanRecurrenceQr } from "../../recurrences/sandbox-scan";
import { REJECT_CODES } from "../../recurrences/status";
import type { AccountApiEnv } from "../context";
import { envelope } from "../envelope";
import { accountRoutes } from "../route";
import { envelopeResponse, optionalJsonBody } from "../schemas";
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
    body: optionalJsonBody(
      z.object({
        code: z
          .enum(REJECT_CODES)
          .optional()
          .meta({ description: "The catalogue's rejection code; AP13 when absent." }),
      }),
    ),
  },
  responses: answered,
});

const ScannedSchema = z
  .object({
    idRec: z.string(),
    status: z.string().meta({ description: "The recurrence's status after the scan: APROVADA or REJEITADA." }),
    tipoJornada: z.enum(["JORNADA_2", "JORNADA_3", "JORNADA_4"]),
    txid: z.string().nullable().meta({ description: "The charge a composite QR paid (journeys 3 and 4)." }),
    endToEndId: z.string().nullable().meta({ description: "The payment's end-to-end id, when a charge was paid." }),
  })
  .openapi("SandboxRecurrenceQrScan");

const scanRoute = sandboxRoute("pix_in:write", ERRORS, {
  method: "post",
  path: "/sandbox/pix/automatico/qr/scan",
  summary:
    "Simulate the payer scanning a Pix Automático QR: approve (or reject) its recurrence, paying a composite QR's charge",
  description:
    "`emv`: the copy-and-paste code of `dadosQR.pixCopiaECola` (API Pix `GET /rec/{idRec}`, with `?txid=` for a composite QR). A recurrence's QR approves it by JORNADA_2; one composed with a cob (JORNADA_3) or a cobv (JORNADA_4) also pays that charge, in the same transaction. `accept: false` rejects the recurrence (code AP13 unless `code` names another) and pays nothing.",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            emv: z.string().min(1).max(512).meta({
              description: "The QR's copy-and-paste code (`dadosQR.pixCopiaECola`).",
              example:
                "00020101021126180014br.gov.bcb.pix5204000053039865802BR5913Loja Exemplo6009SAO PAULO62070503***80780014br.gov.bcb.pix2556pix.example.invalid/pix/qr/v2/rec/5f0c6a1e2b3d4c5e6f708192a3b4c5d663041D3A",
            }),
            accept: z.boolean().optional().meta({ description: "false: the payer refuses; true when absent." }),
            code: z.enum(REJECT_CODES).optional().meta({ description: "The rejection code; AP13 when absent." }),
          }),
        },
      },
    },
  },
  responses: { 200: envelopeResponse("The recurrence after the scan", ScannedSchema, "SandboxRecurrenceQrScanned") },
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
  app.openapi(scanRoute, async (c) => {
    const { emv, accept, code } = c.req.valid("json");
    const scanned = await scanRecurrenceQr(
      db(),
      c.get("apiKey").userId,
      emv,
      accept === false ? { accept: false, codigo: code ?? "AP13" } : { accept: true },
    ).catch((error: unknown) => {
      if (error instanceof RecurrenceRefused) throw new AppError("CONFLICT", error.message, "emv");
      throw error;
    });
    const data = {
      idRec: scanned.recurrence.idRec,
      status: scanned.recurrence.status,
      tipoJornada: scanned.journey,
      txid: scanned.txId,
      endToEndId: scanned.credit?.endToEndId ?? null,
    };
    return c.json(envelope(c, data, { message: "QR scanned" }), 200);
  });

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
