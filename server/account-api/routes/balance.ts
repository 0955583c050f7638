import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { getBalance } from "../../accounts/service";
import { db } from "../../db/client";
import { centsToBrl } from "../../money";
import type { AccountApiEnv } from "../context";
import { envelope } from "../envelope";
import { accountRoutes } from "../route";
import { AccountIdParam, envelopeResponse } from "../schemas";

const BalanceSchema = z
  .object({
    accountId: z.string(),
    balance: z.number().openapi({ description: "the merchant's money: available + blocked, BRL" }),
    availableBalance: z
      .number()
      .openapi({ description: "what can be spent now, BRL; blocked money is never counted here" }),
    blockedBalance: z
      .number()
      .openapi({ description: "blocked by open MEDs, BRL: not spendable, not part of availableBalance" }),
  })
  .openapi("Balance");

const accountsRoute = accountRoutes("Accounts");

const route = accountsRoute("balance:read", [400, 401, 403, 404, 429, 500], {
  method: "get",
  path: "/bank-accounts/{accountId}/balance",
  summary: "Balance of an account",
  description:
    "Blocked money (open MEDs) is not spendable and is not counted as available: `balance` = `availableBalance` + `blockedBalance`. Money held by outgoing payments still processing is in none of them.",
  request: { params: z.object({ accountId: AccountIdParam }) },
  responses: { 200: envelopeResponse("The balance", BalanceSchema, "BalanceResponse") },
});

export function registerBalanceRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(route, async (c) => {
    const { accountId } = c.req.valid("param");
    const balance = await getBalance(db(), accountId, c.get("apiKey").userId);
    return c.json(
      envelope(
        c,
        {
          accountId: balance.accountId,
          balance: centsToBrl(balance.balanceCents),
          availableBalance: centsToBrl(balance.availableCents),
          blockedBalance: centsToBrl(balance.blockedCents),
        },
        { message: "Balance retrieved" },
      ),
      200,
    );
  });
}
