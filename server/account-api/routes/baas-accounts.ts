/**
 * Account programme (BaaS) accounts and their PIX keys: /v4/i/baas/accounts/... (the short
 * forms `/accounts/...` of interface 4.5 name these paths, docs/contract.md). The caller operates
 * the accounts its programme runs and its own; any other account is a 404.
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { programmeBalance, programmeStatement } from "../../baas/accounts";
import { StatementQuery } from "../../baas/schema";
import { config } from "../../config";
import { db } from "../../db/client";
import { jsonBody } from "../../http/openapi-body";
import { centsToBrl } from "../../money";
import { confirmPixKey, pixKeyClaimView, requestPixKey, resendPixKeyCode } from "../../pix/keys/possession";
import {
  ConfirmPixKey,
  MAX_PIX_KEY_LENGTH,
  NewPixKey,
  PixKeyId,
  PixKeyTypeField,
  PixKeyVerificationId,
} from "../../pix/keys/schema";
import { deletePixKey, listPixKeys, pixKeyView, setCurrentPixKey } from "../../pix/keys/service";
import type { AccountApiEnv } from "../context";
import { EntrySchema } from "../entry-schema";
import { envelope, paginationOf } from "../envelope";
import { accountRoutes } from "../route";
import { AccountIdParam, envelopeResponse } from "../schemas";
import { entryView } from "../views";

const SCOPE = "Scope `baas:accounts`. Any account other than yours or your programme's is a 404.";
const params = z.object({ accountId: AccountIdParam });
const keyParams = params.extend({ keyId: PixKeyId });
const verificationParams = params.extend({ verificationId: PixKeyVerificationId });

const ProgrammeBalanceSchema = z
  .object({
    accountId: z.string(),
    balance: z.number().openapi({ description: "available + blocked, BRL" }),
    availableBalance: z.number(),
    blockedBalance: z.number(),
  })
  .openapi("ProgrammeBalance");

const PixKeySchema = z
  .object({
    keyId: z.string().uuid(),
    type: PixKeyTypeField,
    key: z.string(),
    isCurrent: z.boolean(),
    createdAt: z.number().int(),
  })
  .openapi("PixKey");

const PendingPixKeySchema = z
  .object({
    verificationId: z.string().uuid(),
    status: z.literal("pending_verification"),
    type: PixKeyTypeField,
    key: z.string().openapi({ description: "The key as it will be registered (a phone as +55…)." }),
    expiresAt: z.number().int().openapi({ description: "When the code stops working (epoch ms)." }),
    resendAvailableAt: z.number().int().openapi({ description: "When a new code may be asked for (epoch ms)." }),
    attemptsLeft: z.number().int().openapi({ description: "Wrong codes still allowed for this code." }),
  })
  .openapi("PendingPixKey");

// The rules state the configured limits, so they are written when the app is built.
const keyRules = () =>
  [
    `Rules: EVP is generated (send no \`key\`); CPF/CNPJ must be the account's own document (a company's account has no CPF key and a person's no CNPJ key: 400 \`BAAS_PIX_KEY_TYPE_NOT_ALLOWED\`); EMAIL a valid address of at most ${MAX_PIX_KEY_LENGTH} characters; PHONE a Brazilian number as people type it (\`11987654321\`, \`(11) 98765-4321\`, \`+55 11 98765-4321\`), registered as \`+55\`, area code and number.`,
    `**Proof of possession.** EVP, CPF and CNPJ keys are registered at once (201). An EMAIL or PHONE key is not: the answer is 202 with a \`pending_verification\` registration, and a 6-digit code goes to the key (an e-mail to the address, a text message to the phone). Send the code to \`POST …/pix-keys/verifications/{verificationId}/confirm\` within ${Math.round(config().PIX_KEY_CODE_TTL_SECONDS / 60)} minutes to register the key. Asking again for a key still waiting answers the same registration (with a new code once a resend is allowed).`,
    `At most ${config().PIX_KEYS_MAX_PERSON} keys on a person's account and ${config().PIX_KEYS_MAX_COMPANY} on a company's (400 \`BAAS_PIX_KEY_LIMIT_EXCEEDED\`).`,
    `${config().PIX_KEY_COOLDOWN_SECONDS} seconds between two key creations on an account of your programme, deletions included (429 \`BAAS_PIX_KEY_COOLDOWN\`, with \`Retry-After\` in seconds); your own accounts do not wait.`,
    "A key registered on this platform to another CPF/CNPJ: 409 `BAAS_PIX_KEY_OTHER_OWNER`; to the same document already: 409 `CONFLICT`.",
    "**Sandbox:** e-mail keys at the domain `other-psp.sandbox` (e.g. `ana@other-psp.sandbox`) are held by another institution in the simulated directory: 409 `BAAS_PIX_KEY_OTHER_PARTICIPANT`. Payments to them settle like any key at another institution.",
    "The account's first key becomes its current key.",
  ].join("\n\n");

const programmeRoute = accountRoutes("Account programme");

const balanceRoute = programmeRoute("baas:accounts", [400, 401, 403, 404, 429, 500], {
  method: "get",
  path: "/baas/accounts/{accountId}/balance",
  summary: "Balance of a programme account",
  description: SCOPE,
  request: { params },
  responses: { 200: envelopeResponse("The balance", ProgrammeBalanceSchema, "ProgrammeBalanceResponse") },
});

const statementRoute = programmeRoute("baas:accounts", [400, 401, 403, 404, 429, 500], {
  method: "get",
  path: "/baas/accounts/{accountId}/statement",
  summary: "Entries of a programme account, newest first",
  description:
    `${SCOPE} ` +
    "`limit` 1-100 (default 100), `offset` ≥ 0, `startDate`/`endDate` São Paulo days YYYY-MM-DD (inclusive), `type` `pix_in` or `pix_out` (every reason of that family).",
  request: { params, query: StatementQuery },
  responses: { 200: envelopeResponse("A page of entries", z.array(EntrySchema), "ProgrammeStatementResponse") },
});

const listKeysRoute = programmeRoute("baas:accounts", [400, 401, 403, 404, 429, 500], {
  method: "get",
  path: "/baas/accounts/{accountId}/pix-keys",
  summary: "PIX keys of an account",
  description: SCOPE,
  request: { params },
  responses: { 200: envelopeResponse("The keys, oldest first", z.array(PixKeySchema), "PixKeyListResponse") },
});

const keyResponse = (description: string) => envelopeResponse(description, PixKeySchema, "PixKeyResponse");

const createKeyRoute = () =>
  programmeRoute("baas:accounts", [400, 401, 403, 404, 409, 429, 500], {
    method: "post",
    path: "/baas/accounts/{accountId}/pix-keys",
    summary: "Register a PIX key",
    description: `${SCOPE}\n\n${keyRules()}`,
    request: { params, body: jsonBody(NewPixKey) },
    responses: {
      201: keyResponse("The registered key (EVP, CPF, CNPJ)"),
      202: envelopeResponse(
        "An EMAIL or PHONE key waiting for the code sent to it",
        PendingPixKeySchema,
        "PendingPixKeyResponse",
      ),
    },
  });

const sandboxCodes =
  "**Sandbox:** codes are kept instead of sent: e-mails at `GET /v4/i/sandbox/emails?to=` (scope `baas:onboarding`), text messages at `GET /v4/i/sandbox/sms?to=` (scope `baas:accounts`).";

const confirmKeyRoute = () =>
  programmeRoute("baas:accounts", [400, 401, 403, 404, 409, 429, 500], {
    method: "post",
    path: "/baas/accounts/{accountId}/pix-keys/verifications/{verificationId}/confirm",
    summary: "Confirm an e-mail or phone key with the code sent to it",
    description: [
      SCOPE,
      `The key is registered when \`code\` is the code last sent to it. A wrong code: 400 \`PIX_KEY_CODE_INVALID\` (the message says how many tries are left; ${config().PIX_KEY_CODE_MAX_ATTEMPTS} per code). After that, or past its ${Math.round(config().PIX_KEY_CODE_TTL_SECONDS / 60)} minutes (400 \`PIX_KEY_CODE_EXPIRED\`), the code no longer works: 429 \`PIX_KEY_CODE_ATTEMPTS_EXCEEDED\`, ask for a new one. The registration's rules are checked again (limit, cooldown, owner: as on creation). A confirmed or unknown \`verificationId\` is a 404.`,
      sandboxCodes,
    ].join("\n\n"),
    request: { params: verificationParams, body: jsonBody(ConfirmPixKey) },
    responses: { 201: keyResponse("The registered key") },
  });

const resendCodeRoute = () =>
  programmeRoute("baas:accounts", [400, 401, 403, 404, 429, 500], {
    method: "post",
    path: "/baas/accounts/{accountId}/pix-keys/verifications/{verificationId}/resend",
    summary: "Send a new code to a key waiting for its confirmation",
    description: [
      SCOPE,
      `The earlier code stops working and the wrong tries start again. At least ${config().PIX_KEY_CODE_RESEND_SECONDS} seconds between two codes and at most ${config().PIX_KEY_CODE_MAX_SENDS} codes per registration: 429 \`PIX_KEY_CODE_RESEND_LIMIT\` with \`Retry-After\` in seconds.`,
      sandboxCodes,
    ].join("\n\n"),
    request: { params: verificationParams },
    responses: {
      200: envelopeResponse("The registration, with its new code sent", PendingPixKeySchema, "PendingPixKeyResent"),
    },
  });

const setCurrentRoute = programmeRoute("baas:accounts", [400, 401, 403, 404, 429, 500], {
  method: "post",
  path: "/baas/accounts/{accountId}/pix-keys/{keyId}/set-current",
  summary: "Make a key the account's current key",
  description: SCOPE,
  request: { params: keyParams },
  responses: { 200: keyResponse("The key, now current") },
});

const deleteKeyRoute = programmeRoute("baas:accounts", [400, 401, 403, 404, 429, 500], {
  method: "delete",
  path: "/baas/accounts/{accountId}/pix-keys/{keyId}",
  summary: "Delete a key",
  description:
    `${SCOPE} ` +
    "The current key cannot be deleted (400 `BAAS_PIX_KEY_IS_CURRENT`): make another key current first. A deletion does not restart a programme account's wait between creations.",
  request: { params: keyParams },
  responses: { 200: keyResponse("The deleted key") },
});

export function registerBaasAccountRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(balanceRoute, async (c) => {
    const { accountId } = c.req.valid("param");
    const balance = await programmeBalance(db(), c.get("apiKey").userId, accountId);
    const data = {
      accountId: balance.accountId,
      balance: centsToBrl(balance.balanceCents),
      availableBalance: centsToBrl(balance.availableCents),
      blockedBalance: centsToBrl(balance.blockedCents),
    };
    return c.json(envelope(c, data, { message: "Balance retrieved" }), 200);
  });

  app.openapi(statementRoute, async (c) => {
    const { accountId } = c.req.valid("param");
    const query = c.req.valid("query");
    const { entries, total } = await programmeStatement(db(), c.get("apiKey").userId, accountId, query);
    const page = { page: Math.floor(query.offset / query.limit) + 1, limit: query.limit };
    return c.json(envelope(c, entries.map(entryView), { pagination: paginationOf(page, total) }), 200);
  });

  app.openapi(listKeysRoute, async (c) => {
    const { accountId } = c.req.valid("param");
    const keys = await listPixKeys(db(), { callerId: c.get("apiKey").userId, accountId });
    return c.json(envelope(c, keys.map(pixKeyView)), 200);
  });

  app.openapi(createKeyRoute(), async (c) => {
    const { accountId } = c.req.valid("param");
    const request = await requestPixKey(db(), { callerId: c.get("apiKey").userId, accountId }, c.req.valid("json"));
    if (request.state === "registered") {
      return c.json(envelope(c, pixKeyView(request.key), { message: "PIX key registered" }), 201);
    }
    return c.json(envelope(c, pixKeyClaimView(request.claim), { message: "code sent to the key" }), 202);
  });

  app.openapi(confirmKeyRoute(), async (c) => {
    const { accountId, verificationId } = c.req.valid("param");
    const access = { callerId: c.get("apiKey").userId, accountId };
    const key = await confirmPixKey(db(), access, verificationId, c.req.valid("json").code);
    return c.json(envelope(c, pixKeyView(key), { message: "PIX key registered" }), 201);
  });

  app.openapi(resendCodeRoute(), async (c) => {
    const { accountId, verificationId } = c.req.valid("param");
    const claim = await resendPixKeyCode(db(), { callerId: c.get("apiKey").userId, accountId }, verificationId);
    return c.json(envelope(c, pixKeyClaimView(claim), { message: "code sent to the key" }), 200);
  });

  app.openapi(setCurrentRoute, async (c) => {
    const { accountId, keyId } = c.req.valid("param");
    const key = await setCurrentPixKey(db(), { callerId: c.get("apiKey").userId, accountId }, keyId);
    return c.json(envelope(c, pixKeyView(key), { message: "Current key set" }), 200);
  });

  app.openapi(deleteKeyRoute, async (c) => {
    const { accountId, keyId } = c.req.valid("param");
    const key = await deletePixKey(db(), { callerId: c.get("apiKey").userId, accountId }, keyId);
    return c.json(envelope(c, pixKeyView(key), { message: "PIX key deleted" }), 200);
  });
}
