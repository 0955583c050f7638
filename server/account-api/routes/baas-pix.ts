/**
 * Account programme (BaaS) payments: /v4/i/baas/pix/... (the short forms `/pix/...` of interface
 * 4.5 name these paths). Payments are asynchronous: the answer is 202 with the debit entry, whose
 * status is `processing` until the network settles it (`succeeded` at once inside the platform);
 * poll it by endToEndId.
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { programmeInternalTransfer, programmePayKey, programmePayment, programmePayQrCode } from "../../baas/payments";
import { DecodeQr, PayKey, PayQrCode } from "../../baas/schema";
import { db } from "../../db/client";
import { EndToEndId } from "../../fields/ids";
import { jsonBody } from "../../http/openapi-body";
import { centsToBrl } from "../../money";
import { type BrCodeInspection, inspectBrCode } from "../../pix/brcode";
import { PIX_KEY_TYPES } from "../../pix/keys/schema";
import { InternalTransfer } from "../../transfers/schema";
import type { AccountApiEnv } from "../context";
import { EntrySchema } from "../entry-schema";
import { envelope } from "../envelope";
import { accountRoutes } from "../route";
import { AccountIdParam, envelopeResponse } from "../schemas";
import { entryView } from "../views";
import { internalTransferOf } from "./transfers";

const SCOPE = "Scope `baas:pix`. Any account other than yours or your programme's is a 404.";
const accepted = envelopeResponse(
  "Accepted: the debit entry (`processing`, or `succeeded` inside the platform)",
  EntrySchema,
  "ProgrammePaymentResponse",
);

const FindingSchema = z
  .object({
    code: z.string().openapi({ example: "CRC" }),
    severity: z.enum(["error", "warning", "info"]),
    message: z.string(),
  })
  .openapi("BrCodeFinding");

const DecodedQrSchema = z
  .object({
    valid: z.boolean().openapi({ description: "true when no finding is an error" }),
    kind: z.enum(["static", "dynamic"]).nullable(),
    pixKey: z.string().nullable(),
    url: z.string().nullable().openapi({ description: "a dynamic code's location (without scheme)" }),
    amount: z.number().nullable(),
    merchantName: z.string().nullable(),
    merchantCity: z.string().nullable(),
    txid: z.string().nullable(),
    description: z.string().nullable(),
    pointOfInitiation: z.string().nullable(),
    fields: z.record(z.string(), z.string()).openapi({ description: "every top-level field read (id → value)" }),
    findings: z.array(FindingSchema),
  })
  .openapi("DecodedQr");

function decodedView(inspection: BrCodeInspection) {
  const d = inspection.decoded;
  return {
    valid: inspection.valid,
    kind: inspection.kind,
    pixKey: d?.pixKey ?? null,
    url: d?.url ?? null,
    amount: d?.amountCents != null ? centsToBrl(d.amountCents) : null,
    merchantName: d?.merchantName ?? inspection.fields["59"] ?? null,
    merchantCity: d?.merchantCity ?? inspection.fields["60"] ?? null,
    txid: d?.txid ?? null,
    description: d?.description ?? null,
    pointOfInitiation: d?.pointOfInitiation ?? inspection.fields["01"] ?? null,
    fields: inspection.fields,
    findings: inspection.findings,
  };
}

const programmeRoute = accountRoutes("Account programme");

const decodeRoute = programmeRoute("baas:pix", [400, 401, 403, 429, 500], {
  method: "post",
  path: "/baas/pix/decode-qr",
  summary: "Decode a BR Code and explain what is wrong with it",
  description:
    `${SCOPE} ` +
    "A local parse: no directory look-up, nothing paid. Answers 200 even for a broken code, with the fields that could be read and `findings` (codes CRC, LENGTH, CHARSET, TXID, KIND, POINT_OF_INITIATION, AMOUNT and the decoder's INVALID_*), each `error`, `warning` or `info`.",
  request: { body: jsonBody(DecodeQr) },
  responses: { 200: envelopeResponse("The decoded code and findings", DecodedQrSchema, "DecodedQrResponse") },
});

const payQrRoute = programmeRoute("baas:pix", [400, 401, 403, 404, 409, 422, 429, 500], {
  method: "post",
  path: "/baas/pix/pay-qrcode",
  summary: "Pay a BR Code from a programme account",
  description:
    `${SCOPE} ` +
    "A dynamic code is paid for its own amount (any `amount` sent is ignored); a static code requires `amount` (equal to the code's amount when it has one).",
  request: { body: jsonBody(PayQrCode) },
  responses: { 202: accepted },
});

const payKeyRoute = programmeRoute("baas:pix", [400, 401, 403, 404, 409, 422, 429, 500], {
  method: "post",
  path: "/baas/pix/pay-key",
  summary: "PIX to a key from a programme account",
  description:
    `${SCOPE} ` +
    `Keys ${PIX_KEY_TYPES.join(", ")}. A key of this platform is credited at once; other keys settle asynchronously. Sandbox: \`<code>@fail.sandbox\` keys fail with that reason; \`other-psp.sandbox\` keys settle like any outside key.`,
  request: { body: jsonBody(PayKey) },
  responses: { 202: accepted },
});

const internalRoute = programmeRoute("baas:pix", [400, 401, 403, 404, 409, 422, 429, 500], {
  method: "post",
  path: "/baas/pix/{accountId}/transfer/internal",
  summary: "Instant transfer from a programme account to another account of the platform",
  description: SCOPE,
  request: { params: z.object({ accountId: AccountIdParam }), body: jsonBody(InternalTransfer) },
  responses: { 200: envelopeResponse("The debit entry (succeeded)", EntrySchema, "ProgrammeTransferResponse") },
});

const paymentResponses = {
  200: envelopeResponse("The payment's debit entry", EntrySchema, "ProgrammePaymentLookupResponse"),
};

const paymentRoutes = [
  programmeRoute("baas:pix", [400, 401, 403, 404, 429, 500], {
    method: "get",
    path: "/baas/pix/payments/{accountId}/{endToEndId}",
    summary: "A payment of a programme account, by end-to-end id",
    description: SCOPE,
    request: { params: z.object({ accountId: AccountIdParam, endToEndId: EndToEndId }) },
    responses: paymentResponses,
  }),
  programmeRoute("baas:pix", [400, 401, 403, 404, 429, 500], {
    method: "get",
    path: "/baas/pix/{accountId}/payments/{endToEndId}",
    summary: "A payment of a programme account, by end-to-end id (same answer as /baas/pix/payments/...)",
    description: SCOPE,
    request: { params: z.object({ accountId: AccountIdParam, endToEndId: EndToEndId }) },
    responses: paymentResponses,
  }),
];

export function registerBaasPixRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(decodeRoute, async (c) => {
    const { emv } = c.req.valid("json");
    return c.json(envelope(c, decodedView(inspectBrCode(emv))), 200);
  });

  app.openapi(payQrRoute, async (c) => {
    const body = c.req.valid("json");
    const entry = await programmePayQrCode(db(), {
      callerId: c.get("apiKey").userId,
      accountId: body.accountId,
      emv: body.emv,
      amountCents: body.amount ?? null,
      externalId: body.externalId ?? null,
      requestId: c.get("requestId"),
    });
    return c.json(envelope(c, entryView(entry), { message: "Payment accepted" }), 202);
  });

  app.openapi(payKeyRoute, async (c) => {
    const body = c.req.valid("json");
    const entry = await programmePayKey(db(), {
      callerId: c.get("apiKey").userId,
      accountId: body.accountId,
      pixKey: body.pixKey,
      ...(body.pixKeyType ? { pixKeyType: body.pixKeyType } : {}),
      amountCents: body.amount,
      description: body.description ?? null,
      externalId: body.externalId ?? null,
      requestId: c.get("requestId"),
    });
    return c.json(envelope(c, entryView(entry), { message: "Payment accepted" }), 202);
  });

  app.openapi(internalRoute, async (c) => {
    const { accountId } = c.req.valid("param");
    const entry = await programmeInternalTransfer(db(), {
      callerId: c.get("apiKey").userId,
      ...internalTransferOf(accountId, c.req.valid("json"), c.get("requestId")),
    });
    return c.json(envelope(c, entryView(entry), { message: "Transfer completed" }), 200);
  });

  for (const route of paymentRoutes) {
    app.openapi(route, async (c) => {
      const { accountId, endToEndId } = c.req.valid("param");
      const entry = await programmePayment(db(), c.get("apiKey").userId, accountId, endToEndId);
      return c.json(envelope(c, entryView(entry), { message: "Payment found" }), 200);
    });
  }
}
