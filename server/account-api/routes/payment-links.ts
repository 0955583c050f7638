import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { db } from "../../db/client";
import { LookupId } from "../../fields/ids";
import { jsonBody } from "../../http/openapi-body";
import { centsToBrl } from "../../money";
import { PAYER_FIELDS, PaymentLinkCreate } from "../../payment-links/schema";
import {
  createPaymentLink,
  deactivatePaymentLink,
  getPaymentLink,
  listPaymentLinks,
  type PaymentLinkWithStats,
} from "../../payment-links/service";
import { linkView } from "../../payment-links/view";
import type { AccountApiEnv } from "../context";
import { envelope } from "../envelope";
import { accountRoutes } from "../route";
import { envelopeResponse } from "../schemas";

const route = accountRoutes("Payment links");

const brl = (cents: bigint | null) => (cents === null ? null : centsToBrl(cents));

const LinkSchema = z
  .object({
    id: z.string(),
    url: z.string().openapi({ description: "The page a payer opens: each visit gets a charge of its own." }),
    accountId: z.string(),
    description: z.string(),
    amount: z.number().nullable().openapi({ description: "A fixed amount; null for an open amount." }),
    minAmount: z.number().nullable(),
    maxAmount: z.number().nullable(),
    expiresAt: z.string().nullable().openapi({ description: "ISO 8601" }),
    maxPayments: z.number().nullable(),
    payerFields: z.array(z.enum(PAYER_FIELDS)),
    active: z.boolean(),
    paymentsCount: z.number(),
    totalReceived: z.number(),
    createdAt: z.string(),
  })
  .openapi("PaymentLink");

function answer(link: PaymentLinkWithStats) {
  const view = linkView(link);
  return {
    id: view.id,
    url: view.url,
    accountId: view.accountId,
    description: view.description,
    amount: brl(view.amountCents),
    minAmount: brl(view.minAmountCents),
    maxAmount: brl(view.maxAmountCents),
    expiresAt: view.expiresAt?.toISOString() ?? null,
    maxPayments: view.maxPayments,
    payerFields: view.payerFields,
    active: view.active,
    paymentsCount: view.paymentsCount,
    totalReceived: centsToBrl(view.receivedCents),
    createdAt: view.createdAt.toISOString(),
  };
}

const IdParam = z.object({ id: LookupId });
const one = (name: string) => ({ 200: envelopeResponse("The payment link", LinkSchema, name) });

const createDef = route("pix_in:write", [400, 401, 403, 404, 409, 429, 500], {
  method: "post",
  path: "/payment-links",
  summary: "Create a reusable payment link (fixed amount, or an open one within minAmount..maxAmount)",
  request: {
    body: jsonBody(
      PaymentLinkCreate.meta({
        example: { accountId: "100000000001", description: "Bolo de pote", amount: 15, maxPayments: 50 },
      }),
    ),
  },
  responses: one("PaymentLinkCreated"),
});

const listDef = route("pix_in:read", [401, 403, 429, 500], {
  method: "get",
  path: "/payment-links",
  summary: "The caller's payment links, newest first, with payments count and total received",
  responses: { 200: envelopeResponse("The links", z.array(LinkSchema), "PaymentLinkList") },
});

const getDef = route("pix_in:read", [401, 403, 404, 429, 500], {
  method: "get",
  path: "/payment-links/{id}",
  summary: "One payment link",
  request: { params: IdParam },
  responses: one("PaymentLinkResponse"),
});

const deactivateDef = route("pix_in:write", [401, 403, 404, 429, 500], {
  method: "post",
  path: "/payment-links/{id}/deactivate",
  summary: "Stop a link taking new payments (its charges already made stay payable)",
  request: { params: IdParam },
  responses: one("PaymentLinkDeactivated"),
});

export function registerPaymentLinkRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(createDef, async (c) => {
    const link = await createPaymentLink(db(), c.get("apiKey").userId, c.req.valid("json"));
    return c.json(envelope(c, answer(link), { message: "Payment link created" }), 200);
  });
  app.openapi(listDef, async (c) => {
    const links = await listPaymentLinks(db(), c.get("apiKey").userId);
    return c.json(envelope(c, links.map(answer)), 200);
  });
  app.openapi(getDef, async (c) => {
    const link = await getPaymentLink(db(), c.get("apiKey").userId, c.req.valid("param").id);
    return c.json(envelope(c, answer(link)), 200);
  });
  app.openapi(deactivateDef, async (c) => {
    const link = await deactivatePaymentLink(db(), c.get("apiKey").userId, c.req.valid("param").id);
    return c.json(envelope(c, answer(link), { message: "Payment link deactivated" }), 200);
  });
}
