/**
 * The account's PIX limits (issue 45 item 2, docs/decisions/0059-pix-limits.md): read them with
 * what is used and left, lower one at once or ask to raise it (in force after 24 h, above the
 * approval threshold once an operator approved). Amounts in BRL.
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { ownedAccount } from "../../accounts/service";
import { db } from "../../db/client";
import { inTransaction } from "../../db/transaction";
import { changeLimits } from "../../limits/changes";
import { LIMIT_FIELDS, LimitChangesInput, limitChanges } from "../../limits/schema";
import { type LimitsView, limitsView } from "../../limits/view";
import { centsToBrl } from "../../money";
import type { AccountApiEnv } from "../context";
import { envelope } from "../envelope";
import { accountRoutes } from "../route";
import { AccountIdParam, envelopeResponse } from "../schemas";

const brl = (description: string) => z.number().openapi({ description: `${description}, BRL` });
const LimitSet = z
  .object({
    perTransaction: brl("per transaction"),
    daily: brl("per São Paulo day"),
    monthly: brl("per São Paulo month"),
    nightlyPerTransaction: brl("per transaction between 20:00 and 06:00 São Paulo"),
    nightly: brl("per night, 20:00 to 06:00 São Paulo"),
  })
  .openapi("PixLimitSet");

const PendingSchema = z
  .object({
    id: z.string(),
    limit: z.enum(Object.values(LIMIT_FIELDS) as [string, ...string[]]),
    amount: brl("the limit asked for"),
    previousAmount: brl("the limit when asked"),
    status: z.enum(["pending", "scheduled", "approved"]).openapi({
      description: "`pending`: waits for an operator; `scheduled`/`approved`: in force at effectiveAt",
    }),
    requestedAt: z.number().int().openapi({ description: "epoch ms" }),
    effectiveAt: z.number().int().openapi({ description: "epoch ms; the earliest, for a pending one" }),
  })
  .openapi("PixLimitRaise");

const LimitsSchema = z
  .object({
    accountId: z.string(),
    night: z.boolean().openapi({ description: "whether now is in the night period (20:00–06:00 São Paulo)" }),
    limits: LimitSet,
    used: z.object({ today: brl("debits today"), month: brl("debits this month"), night: brl("debits this night") }),
    remaining: z.object({
      today: brl("left today"),
      month: brl("left this month"),
      night: z.number().nullable().openapi({ description: "left this night, BRL; null by day" }),
      now: brl("the most one payment may move now"),
    }),
    pending: z.array(PendingSchema),
  })
  .openapi("PixLimits");

const limitsRoute = accountRoutes("Accounts");
const params = z.object({ accountId: AccountIdParam });
const path = "/bank-accounts/{accountId}/limits";
const answer = envelopeResponse("The account's PIX limits", LimitsSchema, "PixLimitsResponse");

const getRoute = limitsRoute("balance:read", [400, 401, 403, 404, 429, 500], {
  method: "get",
  path,
  summary: "The account's PIX limits, what is used and left",
  request: { params },
  responses: { 200: answer },
});

const changeRoute = (method: "put" | "post") =>
  limitsRoute("pix_out:write", [400, 401, 403, 404, 429, 500], {
    method,
    path,
    summary: "Lower PIX limits, or ask to raise them",
    description:
      "Each limit given lower than (or equal to) the one in force takes effect at once; each higher one is a raise request, in force 24 h later — and above the platform's approval threshold only once an operator approved it. Answers the limits with the requests pending.",
    request: { params, body: { required: true, content: { "application/json": { schema: LimitChangesInput } } } },
    responses: { 200: answer },
  });

export function limitsData(accountId: string, view: LimitsView) {
  const byKind = Object.fromEntries(
    Object.entries(LIMIT_FIELDS).map(([kind, field]) => [
      field,
      centsToBrl(view.limits[kind as keyof typeof LIMIT_FIELDS]),
    ]),
  ) as z.infer<typeof LimitSet>;
  return {
    accountId,
    night: view.night,
    limits: byKind,
    used: { today: centsToBrl(view.used.day), month: centsToBrl(view.used.month), night: centsToBrl(view.used.night) },
    remaining: {
      today: centsToBrl(view.remaining.day),
      month: centsToBrl(view.remaining.month),
      night: view.remaining.night === null ? null : centsToBrl(view.remaining.night),
      now: centsToBrl(view.remaining.now),
    },
    pending: view.pending.map((change) => ({
      id: change.id,
      limit: LIMIT_FIELDS[change.kind],
      amount: centsToBrl(change.amountCents),
      previousAmount: centsToBrl(change.previousCents),
      status: change.status as "pending" | "scheduled" | "approved",
      requestedAt: change.requestedAt.getTime(),
      effectiveAt: change.effectiveAt.getTime(),
    })),
  };
}

export function registerLimitRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(getRoute, async (c) => {
    const { accountId } = c.req.valid("param");
    const account = await ownedAccount(db(), accountId, c.get("apiKey").userId);
    const view = await limitsView(db(), account.id);
    return c.json(envelope(c, limitsData(account.id, view), { message: "Limits retrieved" }), 200);
  });
  for (const method of ["put", "post"] as const) {
    app.openapi(changeRoute(method), async (c) => {
      const { accountId } = c.req.valid("param");
      const body = c.req.valid("json");
      const { userId, clientId } = c.get("apiKey");
      const view = await inTransaction(db(), async (tx) => {
        const account = await ownedAccount(tx, accountId, userId);
        await changeLimits(tx, {
          accountId: account.id,
          changes: limitChanges(body),
          requestedBy: `merchant:${userId}`,
          // the audit log names the key (its public client id), on behalf of its organisation
          actor: { userId, email: `api:${clientId}` },
        });
        return limitsView(tx, account.id);
      });
      return c.json(envelope(c, limitsData(accountId, view), { message: "Limits changed" }), 200);
    });
  }
}
