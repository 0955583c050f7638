import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Scope } from "../../apikeys/scopes";
import { db } from "../../db/client";
import { invalid } from "../../errors";
import { jsonBody } from "../../http/openapi-body";
import { inBatch } from "../../ledger/write-path";
import { transferInternal } from "../../transfers/internal";
import { findOutgoingPix } from "../../transfers/lookup";
import { payBrCode } from "../../transfers/pay-brcode";
import { sendPixToBankAccount, sendPixToKey } from "../../transfers/pix-out";
import {
  type BankAccount,
  BrCodePayment,
  EndToEndId,
  ExternalTransfer,
  InternalTransfer,
} from "../../transfers/schema";
import type { AccountApiEnv } from "../context";
import { EntrySchema, StatusViewSchema } from "../entry-schema";
import { envelope } from "../envelope";
import { accountRoutes } from "../route";
import { AccountIdParam, envelopeResponse } from "../schemas";
import { entryView, statusView } from "../views";

const entryResponse = (description: string) => envelopeResponse(description, EntrySchema, "EntryResponse");
const params = z.object({ accountId: AccountIdParam });

/** What an internal-transfer door hands its service: the path's account, the body, the request. */
export function internalTransferOf(accountId: string, body: z.infer<typeof InternalTransfer>, requestId: string) {
  return {
    accountId,
    receiverAccountId: body.receiverBankAccount,
    amountCents: body.amount,
    obs: body.obs ?? null,
    externalId: body.externalId ?? null,
    requestId,
  };
}

const transfersRoute = accountRoutes("Transfers");

/** A payment from the path's account: it takes `body` and answers the debit entry. */
const paymentRoute = <const P extends string, B extends z.ZodType>(
  scope: Scope,
  path: P,
  text: { summary: string; description?: string },
  body: B,
) =>
  transfersRoute(scope, [400, 401, 403, 404, 409, 422, 429, 500], {
    method: "post",
    path,
    ...text,
    request: { params, body: jsonBody(body) },
    responses: { 200: entryResponse("The debit entry") },
  });

const internalRoute = paymentRoute(
  "transfer:internal",
  "/bank-accounts/{accountId}/transfer/internal",
  { summary: "Instant transfer to another account of the platform (fee 0)" },
  InternalTransfer,
);

const externalRoute = paymentRoute(
  "pix_out:write",
  "/bank-accounts/{accountId}/transfer/external",
  {
    summary: "PIX to a key, or to bank details",
    description:
      "Exactly one of pixKey or bankAccount. The key type is inferred (UUID → EVP, +55… → PHONE, @ → EMAIL, 11 digits → CPF, 14 → CNPJ). Inside the platform the payment settles at once; to other institutions it is `processing` and settles asynchronously. Sandbox: `<code>@fail.sandbox` keys (ab03, ac03, ac06, am02, be01) are rejected with that reason.",
  },
  ExternalTransfer,
);

const payRoute = paymentRoute(
  "pix_out:write",
  "/bank-accounts/{accountId}/transfer/pay",
  {
    summary: "Pay a BR Code (EMV copy-and-paste)",
    description:
      "When amount is omitted, the amount in the code is paid. A code with an amount requires the same amount; only a static code without amount takes a custom one.",
  },
  BrCodePayment,
);

const statusRoute = transfersRoute("pix_out:read", [400, 401, 403, 404, 429, 500], {
  method: "get",
  path: "/bank-accounts/{accountId}/transfer/external/{endToEnd}",
  summary: "Status of an outgoing PIX",
  request: { params: params.extend({ endToEnd: EndToEndId }) },
  responses: { 200: envelopeResponse("Status view", StatusViewSchema, "TransferStatusResponse") },
});

export function registerTransferRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(internalRoute, async (c) => {
    const { accountId } = c.req.valid("param");
    const entry = await transferInternal(inBatch(db()), {
      userId: c.get("apiKey").userId,
      ...internalTransferOf(accountId, c.req.valid("json"), c.get("requestId")),
    });
    return c.json(envelope(c, entryView(entry), { message: "Transfer completed" }), 200);
  });

  app.openapi(externalRoute, async (c) => {
    const { accountId } = c.req.valid("param");
    const body = c.req.valid("json");
    if (Boolean(body.pixKey) === Boolean(body.bankAccount))
      throw invalid("send exactly one of pixKey or bankAccount", "pixKey");
    const common = {
      userId: c.get("apiKey").userId,
      accountId,
      amountCents: body.amount,
      description: body.description ?? null,
      externalId: body.externalId ?? null,
      requestId: c.get("requestId"),
    };
    const entry = body.pixKey
      ? await sendPixToKey(db(), { ...common, pixKey: body.pixKey })
      : await sendPixToBankAccount(db(), {
          ...common,
          bankAccount: body.bankAccount as z.infer<typeof BankAccount>,
        });
    return c.json(envelope(c, entryView(entry), { message: "PIX sent" }), 200);
  });

  app.openapi(payRoute, async (c) => {
    const { accountId } = c.req.valid("param");
    const body = c.req.valid("json");
    const entry = await payBrCode(db(), {
      userId: c.get("apiKey").userId,
      accountId,
      emv: body.emv,
      amountCents: body.amount ?? null,
      externalId: body.externalId ?? null,
      metadata: body.metadata ?? null,
      requestId: c.get("requestId"),
    });
    return c.json(envelope(c, entryView(entry), { message: "Payment sent" }), 200);
  });

  app.openapi(statusRoute, async (c) => {
    const { accountId, endToEnd } = c.req.valid("param");
    const entry = await findOutgoingPix(db(), c.get("apiKey").userId, accountId, endToEnd);
    return c.json(envelope(c, statusView(entry)), 200);
  });
}
