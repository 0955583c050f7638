/** Sandbox-only endpoints (docs/contract.md): simulate what other institutions do to the caller's accounts. */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { db } from "../../db/client";
import { invalid } from "../../errors";
import { EndToEndId } from "../../fields/ids";
import { normalisePhoneKey } from "../../pix/keys/schema";
import { keptSms } from "../../sms/send";
import { creditIncomingPix, creditIncomingPixToKey, returnOutgoingPix } from "../../transfers/incoming";
import { PixKey, SandboxCredit, SandboxReturn } from "../../transfers/schema";
import type { AccountApiEnv } from "../context";
import { EntrySchema } from "../entry-schema";
import { envelope } from "../envelope";
import { accountRoutes } from "../route";
import { envelopeResponse, optionalJsonBody } from "../schemas";
import { entryView } from "../views";

const entryResponse = {
  200: envelopeResponse("The credit entry", EntrySchema, "SandboxEntryResponse"),
};
const ERRORS = [400, 401, 403, 404, 422, 429, 500];

const sandboxRoute = accountRoutes("Sandbox");

const creditRoute = sandboxRoute("pix_in:write", ERRORS, {
  method: "post",
  path: "/sandbox/pix/in/credit",
  summary: "Simulate a PIX received via key (pix_in:credited)",
  description:
    "Send exactly one of `accountId` (one of your accounts) or `pixKey` (a key registered on one of your accounts or your programme's accounts: the key's account is credited).",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: SandboxCredit,
        },
      },
    },
  },
  responses: entryResponse,
});

const returnRoute = sandboxRoute("pix_out:write", ERRORS, {
  method: "post",
  path: "/sandbox/pix/out/{endToEndId}/return",
  summary: "Simulate the receiver returning one of your payments (pix_out:refunded_processing)",
  request: {
    params: z.object({ endToEndId: EndToEndId }),
    body: optionalJsonBody(SandboxReturn),
  },
  responses: entryResponse,
});

const KeptSmsSchema = z.object({ to: z.string(), text: z.string(), sentAt: z.number().int() }).openapi("SandboxSms");

const smsRoute = sandboxRoute("baas:accounts", [400, 401, 403, 429, 500], {
  method: "get",
  path: "/sandbox/sms",
  summary: "Text messages the platform sent to a phone on your behalf, newest first (sandbox: kept, not sent)",
  description: "The codes that confirm phone PIX keys. `to` as people type it or `+55…`.",
  request: { query: z.object({ to: PixKey.describe("The phone number.") }) },
  responses: { 200: envelopeResponse("The messages", z.array(KeptSmsSchema), "SandboxSmsList") },
});

export function registerSandboxRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(creditRoute, async (c) => {
    const body = c.req.valid("json");
    if (Boolean(body.accountId) === Boolean(body.pixKey))
      throw invalid("send exactly one of accountId or pixKey", "pixKey");
    const common = { amountCents: body.amount, payer: body.payer ?? null };
    const entry = body.pixKey
      ? await creditIncomingPixToKey(db(), { ...common, callerId: c.get("apiKey").userId, pixKey: body.pixKey })
      : await creditIncomingPix(db(), {
          ...common,
          userId: c.get("apiKey").userId,
          accountId: body.accountId as string,
        });
    return c.json(envelope(c, entryView(entry), { message: "PIX credited" }), 200);
  });

  app.openapi(returnRoute, async (c) => {
    const { endToEndId } = c.req.valid("param");
    const body = c.req.valid("json") ?? {};
    const entry = await returnOutgoingPix(db(), {
      userId: c.get("apiKey").userId,
      endToEndId,
      amountCents: body.amount ?? null,
    });
    return c.json(envelope(c, entryView(entry), { message: "PIX returned" }), 200);
  });

  app.openapi(smsRoute, async (c) => {
    const messages = await keptSms(db(), c.get("apiKey").userId, normalisePhoneKey(c.req.valid("query").to));
    return c.json(
      envelope(
        c,
        messages.map((m) => ({ ...m, sentAt: m.sentAt.getTime() })),
      ),
      200,
    );
  });
}
