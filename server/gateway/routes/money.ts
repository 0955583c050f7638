/** Gateway money routes: balance, cash-in, cash-out, refund — on the same services as /v4/i. */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { primaryAccount } from "../../accounts/primary";
import { getBalance } from "../../accounts/service";
import { qrCodePng } from "../../charges/qr-image";
import { createCharge } from "../../charges/service";
import { config } from "../../config";
import { db } from "../../db/client";
import { brlToCents, centsToBrl } from "../../money";
import { cashOut } from "../../payouts/cash-out";
import { pixRail } from "../../pix/sandbox-rail";
import { requestRefund } from "../../refunds/service";
import type { GatewayEnv } from "../context";
import { effectDb, effects } from "../effect-db";
import { permission } from "../pipeline/permission";
import { respond } from "../respond";
import { chargeView, payoutView, refundView } from "../views";

const Amount = z.number().openapi({ description: "BRL, > 0, two decimals at most", example: 10.5 });
const json = <T extends z.ZodTypeAny>(schema: T) => ({ required: true, content: { "application/json": { schema } } });
// Declared without a schema: answers go through respond(), which applies X-Key-Case.
const ok = (description: string) => ({ description });
const cents = (amount: number) => brlToCents(amount, config().MAX_TRANSACTION_AMOUNT_CENTS);
const signed = [{ apiKey: [], hmac: [] }];

const balanceRoute = createRoute({
  method: "get",
  path: "/balance",
  tags: ["Gateway"],
  summary: "Balance of the merchant's account",
  middleware: [permission("balance:read")] as const,
  responses: { 200: ok("{ balance, blocked_balance, available_balance }") },
});

const cashInRoute = createRoute({
  method: "post",
  path: "/pix/cash-in",
  tags: ["Gateway"],
  summary: "Create a dynamic QR charge",
  security: signed,
  middleware: [permission("pix_in:write")] as const,
  request: {
    body: json(
      z.object({
        amount: Amount,
        description: z.string().max(140).optional(),
        external_id: z.string().min(1).max(64).optional(),
        expiration_seconds: z.number().int().min(1).max(31_536_000).optional(),
        payer_document: z.string().max(18).optional(),
        metadata: z.record(z.string(), z.unknown()).optional(),
      }),
    ),
  },
  responses: { 201: ok("The charge, with its QR image as a PNG data URL") },
});

const cashOutRoute = createRoute({
  method: "post",
  path: "/pix/cash-out",
  tags: ["Gateway"],
  summary: "Send a PIX to a key",
  description:
    "Over the DICT quota (120 key resolutions a minute per merchant) the payout is queued: 202 with status `queued`.",
  security: signed,
  middleware: [permission("pix_out:write")] as const,
  request: {
    body: json(
      z.object({
        amount: Amount,
        pix_key: z.string().min(1).max(77),
        pix_key_type: z.enum(["cpf", "cnpj", "email", "phone", "evp"]),
        description: z.string().max(140).optional(),
        external_id: z.string().min(1).max(64).optional(),
      }),
    ),
  },
  responses: { 201: ok("The payout"), 202: ok("Queued for DICT quota") },
});

const refundRoute = createRoute({
  method: "post",
  path: "/pix/refund",
  tags: ["Gateway"],
  summary: "Refund a received PIX",
  security: signed,
  middleware: [permission("refund:write")] as const,
  request: {
    body: json(
      z.object({ end_to_end_id: z.string(), amount: Amount.optional(), description: z.string().max(140).optional() }),
    ),
  },
  responses: { 201: ok("The refund") },
});

export function registerMoneyRoutes(app: OpenAPIHono<GatewayEnv>) {
  app.openapi(balanceRoute, async (c) => {
    const userId = c.get("apiKey").userId;
    const account = await primaryAccount(db(), userId);
    const balance = await getBalance(db(), account.id, userId);
    return respond(c, {
      balance: centsToBrl(balance.balanceCents),
      blocked_balance: centsToBrl(balance.blockedCents),
      available_balance: centsToBrl(balance.availableCents),
    });
  });

  app.openapi(cashInRoute, async (c) => {
    const body = c.req.valid("json");
    const userId = c.get("apiKey").userId;
    const account = await primaryAccount(db(), userId);
    const charge = await createCharge(effectDb(c, effects.charge), {
      userId,
      accountId: account.id,
      amountCents: cents(body.amount),
      description: body.description ?? null,
      ...(body.expiration_seconds !== undefined ? { expirationSeconds: body.expiration_seconds } : {}),
      externalId: body.external_id ?? null,
      metadata: body.metadata ?? null,
      sameDocument: body.payer_document ?? null,
    });
    return respond(c, chargeView(charge, await qrCodePng(charge.emv)), 201);
  });

  app.openapi(cashOutRoute, async (c) => {
    const body = c.req.valid("json");
    const userId = c.get("apiKey").userId;
    const account = await primaryAccount(db(), userId);
    const result = await cashOut(effectDb(c, effects.payout), pixRail(), {
      userId,
      accountId: account.id,
      amountCents: cents(body.amount),
      pixKey: body.pix_key,
      pixKeyType: body.pix_key_type.toUpperCase() as "CPF" | "CNPJ" | "EMAIL" | "PHONE" | "EVP",
      description: body.description ?? null,
      externalId: body.external_id ?? null,
    });
    return result.queued
      ? respond(c, payoutView(result.entry, "queued"), 202)
      : respond(c, payoutView(result.entry), 201);
  });

  app.openapi(refundRoute, async (c) => {
    const body = c.req.valid("json");
    const refund = await requestRefund(effectDb(c, effects.refund), pixRail(), {
      userId: c.get("apiKey").userId,
      endToEndId: body.end_to_end_id,
      amountCents: body.amount === undefined ? null : cents(body.amount),
      description: body.description ?? null,
    });
    return respond(c, refundView(refund), 201);
  });
}
