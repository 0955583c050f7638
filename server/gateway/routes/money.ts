/** Gateway money routes: balance, cash-in, cash-out, refund — on the same services as /v4/i. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { getBalance } from "../../accounts/service";
import { qrCodePng } from "../../charges/qr-image";
import { ChargeCreate, SameDocument } from "../../charges/schema";
import { createCharge } from "../../charges/service";
import { config } from "../../config";
import { db } from "../../db/client";
import { jsonBody } from "../../http/openapi-body";
import { inBatch } from "../../ledger/write-path";
import { centsToBrl } from "../../money";
import { cashOut } from "../../payouts/cash-out";
import { GatewayPixKeyType, pixKeyTypeFromGateway } from "../../pix/keys/schema";
import { EndToEndId, RefundRequest } from "../../refunds/schema";
import { requestRefund } from "../../refunds/service";
import { ExternalTransfer, PixKey } from "../../transfers/schema";
import type { GatewayEnv } from "../context";
import { answer, BalanceAnswer, ChargeAnswer, gatewayErrors, PayoutAnswer, RefundAnswer } from "../openapi";
import { permission } from "../pipeline/permission";
import { respond } from "../respond";
import { gatewayRoute } from "../route";
import { snakeObject } from "../snake-schema";
import { chargeView, payoutView, refundView } from "../views";

const balanceRoute = gatewayRoute({
  method: "get",
  path: "/balance",
  tags: ["Gateway"],
  summary: "Balance of the merchant's account",
  description:
    "`balance` = `available_balance` + `blocked_balance`. Blocked money (open MEDs) is not spendable and is not counted in `available_balance`; money held by outgoing payments still processing is in none of them.",
  middleware: [permission("balance:read")] as const,
  responses: { 200: answer("The balance", BalanceAnswer), ...gatewayErrors(404) },
});

const cashInRoute = gatewayRoute({
  method: "post",
  path: "/pix/cash-in",
  tags: ["Gateway"],
  summary: "Create a dynamic QR charge",
  middleware: [permission("pix_in:write")] as const,
  request: {
    body: jsonBody(
      snakeObject(
        ChargeCreate.omit({ accountId: true, sameDocument: true }).extend({ payerDocument: SameDocument.optional() }),
      ),
    ),
  },
  responses: {
    201: answer("The charge, with its QR image as a PNG data URL", ChargeAnswer),
    ...gatewayErrors(400, 409, 413, 415, 422),
  },
});

// Built with the app: its description states the configured DICT quota.
const cashOutRoute = () =>
  gatewayRoute({
    method: "post",
    path: "/pix/cash-out",
    tags: ["Gateway"],
    summary: "Send a PIX to a key",
    description: `Over the DICT quota (${config().DICT_QUOTA_PER_MINUTE} key resolutions a minute per merchant) the payout is queued: 202 with status \`queued\`.`,
    middleware: [permission("pix_out:write")] as const,
    request: {
      body: jsonBody(
        snakeObject(
          ExternalTransfer.omit({ bankAccount: true }).extend({ pixKey: PixKey, pixKeyType: GatewayPixKeyType }),
        ),
      ),
    },
    responses: {
      201: answer("The payout", PayoutAnswer),
      202: answer("Queued for DICT quota (status `queued`)", PayoutAnswer),
      ...gatewayErrors(400, 409, 413, 415, 422),
    },
  });

const refundRoute = gatewayRoute({
  method: "post",
  path: "/pix/refund",
  tags: ["Gateway"],
  summary: "Refund a received PIX",
  middleware: [permission("refund:write")] as const,
  request: {
    body: jsonBody(snakeObject(RefundRequest.extend({ endToEndId: EndToEndId }))),
  },
  responses: { 201: answer("The refund", RefundAnswer), ...gatewayErrors(400, 404, 409, 413, 415, 422) },
});

export function registerMoneyRoutes(app: OpenAPIHono<GatewayEnv>) {
  app.openapi(balanceRoute, async (c) => {
    const balance = await getBalance(db(), c.get("primaryAccountId"), c.get("apiKey").userId);
    return respond(c, {
      balance: centsToBrl(balance.balanceCents),
      blocked_balance: centsToBrl(balance.blockedCents),
      available_balance: centsToBrl(balance.availableCents),
    });
  });

  app.openapi(cashInRoute, async (c) => {
    const body = c.req.valid("json");
    const charge = await createCharge(
      db(),
      {
        userId: c.get("apiKey").userId,
        accountId: c.get("primaryAccountId"),
        amountCents: body.amount,
        description: body.description ?? null,
        ...(body.expiration_seconds !== undefined ? { expirationSeconds: body.expiration_seconds } : {}),
        externalId: body.external_id ?? null,
        metadata: body.metadata ?? null,
        sameDocument: body.payer_document ?? null,
      },
      { sink: c.get("effects") },
    );
    return respond(c, chargeView(charge, await qrCodePng(charge.emv)), 201);
  });

  app.openapi(cashOutRoute(), async (c) => {
    const body = c.req.valid("json");
    const userId = c.get("apiKey").userId;
    const result = await cashOut(
      inBatch(db()),
      {
        userId,
        accountId: c.get("primaryAccountId"),
        amountCents: body.amount,
        pixKey: body.pix_key,
        pixKeyType: pixKeyTypeFromGateway(body.pix_key_type),
        description: body.description ?? null,
        externalId: body.external_id ?? null,
      },
      c.get("effects"),
    );
    return result.queued
      ? respond(c, payoutView(result.entry, "queued"), 202)
      : respond(c, payoutView(result.entry), 201);
  });

  app.openapi(refundRoute, async (c) => {
    const body = c.req.valid("json");
    const refund = await requestRefund(
      db(),
      {
        userId: c.get("apiKey").userId,
        endToEndId: body.end_to_end_id,
        amountCents: body.amount ?? null,
        description: body.description ?? null,
      },
      c.get("effects"),
    );
    return respond(c, refundView(refund), 201);
  });
}
