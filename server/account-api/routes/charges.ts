import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { payDueDateChargeInSandbox } from "../../charges/due-date/sandbox";
import { IsoDate } from "../../charges/due-date/validate";
import { payChargeFromOutside, txIdOfOwnBrCode } from "../../charges/payment";
import {
  CHARGE_STATUSES,
  ChargeCreate,
  DEFAULT_EXPIRATION_SECONDS,
  ExpirationSeconds,
  TxId,
} from "../../charges/schema";
import { createCharge, getCharge } from "../../charges/service";
import { db } from "../../db/client";
import { centsToBrl } from "../../money";
import { paymentPageUrl } from "../../payment-pages/public-id";
import { sandboxMode } from "../../pix/current-rail";
import { Emv, PartyInput } from "../../transfers/schema";
import type { AccountApiEnv } from "../context";
import { EntrySchema } from "../entry-schema";
import { envelope } from "../envelope";
import { accountRoutes } from "../route";
import { envelopeResponse, optionalJsonBody } from "../schemas";
import { entryView } from "../views";

const TxIdParam = TxId.meta({ example: "Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56" });

const chargesRoute = accountRoutes("Charges");
const sandboxRoute = accountRoutes("Sandbox");

const createRouteDef = chargesRoute("pix_in:write", [400, 401, 403, 404, 409, 429, 500], {
  method: "post",
  path: "/pix/in/dynamic-qrcode",
  summary: "Create a dynamic QR charge",
  description:
    "Payment confirmation: GET /v4/i/ledger/entry-id/{txId}. userId, payerName and payerCpfCnpj are deprecated and ignored.",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: ChargeCreate.extend({
            expirationSeconds: ExpirationSeconds.default(DEFAULT_EXPIRATION_SECONDS),
            userId: z.unknown().optional().openapi({ deprecated: true }),
            payerName: z.unknown().optional().openapi({ deprecated: true }),
            payerCpfCnpj: z.unknown().optional().openapi({ deprecated: true }),
          }).openapi({
            example: {
              accountId: "100000000001",
              amount: 10.5,
              description: "Pedido 1234",
              expirationSeconds: 3600,
              externalId: "pedido-1234",
            },
          }),
        },
      },
    },
  },
  responses: {
    200: envelopeResponse(
      "The charge",
      z.object({
        txId: z.string(),
        dueDate: z.string().openapi({ description: "ISO 8601" }),
        emv: z.string(),
        metadata: z.record(z.string(), z.unknown()).nullable(),
        paymentPageUrl: z
          .string()
          .url()
          .openapi({ description: "The charge's hosted payment page, to send to the payer." }),
      }),
      "ChargeCreated",
    ),
  },
});

const ChargeSchema = z
  .object({
    id: z.string(),
    uid: z.string(),
    txId: z.string(),
    status: z.enum(CHARGE_STATUSES),
    createdAt: z.number(),
    updatedAt: z.number(),
    dueDate: z.string(),
    emv: z.string(),
    pixKey: z.string().nullable(),
    amount: z.number(),
    description: z.string().nullable(),
    externalId: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    paymentPageUrl: z
      .string()
      .url()
      .openapi({ description: "The charge's hosted payment page, to send to the payer." }),
  })
  .openapi("Charge");

const getRouteDef = chargesRoute("pix_in:read", [400, 401, 403, 404, 429, 500], {
  method: "get",
  path: "/pix/in/dynamic-qrcode/{txId}",
  summary: "A charge by txId (404 when unknown or expired)",
  request: { params: z.object({ txId: TxIdParam }) },
  responses: { 200: envelopeResponse("The charge", ChargeSchema, "ChargeResponse") },
});

const sandboxPayDef = sandboxRoute("pix_in:write", [400, 401, 403, 404, 409, 429, 500], {
  method: "post",
  path: "/sandbox/pix/in/dynamic-qrcode/{txId}/pay",
  summary: "Simulate a payer at another institution paying one of your charges",
  request: {
    params: z.object({ txId: TxIdParam }),
    body: optionalJsonBody(z.object({ payer: PartyInput.optional() })),
  },
  responses: { 200: envelopeResponse("The credit entry (pix_in:qrcode_paid)", EntrySchema, "ChargePaidResponse") },
});

const sandboxPayCodeDef = sandboxRoute("pix_in:write", [400, 401, 403, 404, 409, 429, 500], {
  method: "post",
  path: "/sandbox/pix/in/brcode/pay",
  summary: "Simulate a payer at another institution paying one of your charges by its BR Code",
  description:
    "The copy-and-paste code of a charge (its `emv`, or a cob's `pixCopiaECola` on the API Pix surface) instead of its txId.",
  request: {
    body: {
      required: true,
      content: {
        "application/json": { schema: z.object({ emv: Emv, payer: PartyInput.optional() }) },
      },
    },
  },
  responses: {
    200: envelopeResponse("The credit entry (pix_in:qrcode_paid)", EntrySchema, "ChargePaidByCodeResponse"),
  },
});

const sandboxPayDueDateDef = sandboxRoute("pix_in:write", [400, 401, 403, 404, 409, 429, 500], {
  method: "post",
  path: "/sandbox/pix/in/due-date/{txId}/pay",
  summary: "Simulate a payer paying one of your due-date charges (cobv) as if on a chosen day",
  description:
    "Moves the amount due on `paidOn` (São Paulo calendar day): with the discount earned before the due date, or the fine and interest after it. Refused after the charge's validity.",
  request: {
    params: z.object({ txId: TxIdParam }),
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            paidOn: IsoDate.meta({ description: "The day the payment counts on, YYYY-MM-DD.", example: "2026-12-10" }),
            payer: PartyInput.optional(),
          }),
        },
      },
    },
  },
  responses: {
    200: envelopeResponse("The credit entry (pix_in:qrcode_paid)", EntrySchema, "DueDateChargePaidResponse"),
  },
});

export function registerChargeRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(createRouteDef, async (c) => {
    const body = c.req.valid("json");
    const charge = await createCharge(db(), {
      userId: c.get("apiKey").userId,
      accountId: body.accountId,
      amountCents: body.amount,
      description: body.description ?? null,
      ...(body.expirationSeconds !== undefined ? { expirationSeconds: body.expirationSeconds } : {}),
      externalId: body.externalId ?? null,
      metadata: body.metadata ?? null,
      sameDocument: body.sameDocument ?? null,
    });
    return c.json(
      envelope(
        c,
        {
          txId: charge.txId,
          dueDate: charge.expiresAt.toISOString(),
          emv: charge.emv,
          metadata: (charge.metadata as Record<string, unknown> | null) ?? null,
          paymentPageUrl: paymentPageUrl(charge.publicId),
        },
        { message: "Charge created" },
      ),
      200,
    );
  });

  app.openapi(getRouteDef, async (c) => {
    const charge = await getCharge(db(), c.get("apiKey").userId, c.req.valid("param").txId);
    return c.json(
      envelope(
        c,
        {
          id: charge.txId,
          uid: charge.txId,
          txId: charge.txId,
          status: charge.status,
          createdAt: charge.createdAt.getTime(),
          updatedAt: charge.updatedAt.getTime(),
          dueDate: charge.expiresAt.toISOString(),
          emv: charge.emv,
          pixKey: charge.pixKey,
          amount: centsToBrl(charge.amountCents),
          description: charge.description,
          externalId: charge.externalId,
          metadata: (charge.metadata as Record<string, unknown> | null) ?? null,
          paymentPageUrl: paymentPageUrl(charge.publicId),
        },
        { message: "Charge found" },
      ),
      200,
    );
  });

  if (sandboxMode()) {
    app.openapi(sandboxPayDef, async (c) => {
      const { txId } = c.req.valid("param");
      const body = c.req.valid("json") ?? {};
      const entry = await payChargeFromOutside(db(), {
        userId: c.get("apiKey").userId,
        txId,
        payer: body.payer ?? null,
      });
      return c.json(envelope(c, entryView(entry), { message: "Charge paid" }), 200);
    });
    app.openapi(sandboxPayDueDateDef, async (c) => {
      const body = c.req.valid("json");
      const entry = await payDueDateChargeInSandbox(db(), {
        userId: c.get("apiKey").userId,
        txId: c.req.valid("param").txId,
        paidOn: body.paidOn,
        payer: body.payer ?? null,
      });
      return c.json(envelope(c, entryView(entry), { message: "Charge paid" }), 200);
    });
    app.openapi(sandboxPayCodeDef, async (c) => {
      const body = c.req.valid("json");
      const userId = c.get("apiKey").userId;
      const txId = await txIdOfOwnBrCode(db(), userId, body.emv);
      const entry = await payChargeFromOutside(db(), { userId, txId, payer: body.payer ?? null });
      return c.json(envelope(c, entryView(entry), { message: "Charge paid" }), 200);
    });
  }
}
