/**
 * The account's price list and the fees it paid (issue 45): read-only, under the ledger's scope.
 * The account must be the caller's: unknown is 404, someone else's 403, as every
 * /bank-accounts/{accountId} route (server/accounts/service.ts ownedAccount).
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { ownedAccount } from "../../accounts/service";
import { readDb } from "../../db/replica";
import { fromQuery } from "../../fields/paging";
import { EpochMs } from "../../ledger/schema";
import { centsToBrl } from "../../money";
import { feesPaid, priceListOutlook } from "../../pricing/service";
import { priceItemsView } from "../../pricing/view";
import type { AccountApiEnv } from "../context";
import { envelope } from "../envelope";
import { accountRoutes } from "../route";
import { AccountIdParam, envelopeResponse } from "../schemas";

const Product = z.string().openapi({
  description: "pix_in_qr, pix_in_key, pix_in_link, pix_in_due_date, pix_in_automatic, pix_out, refund or med",
  example: "pix_in_qr",
});

const PriceItemSchema = z
  .object({
    product: Product,
    percent: z.number().openapi({ description: "percentage of the amount: 0.99 is 0.99 %", example: 0.99 }),
    fixed: z.number().openapi({ description: "fixed part, BRL", example: 0 }),
    min: z.number().nullable().openapi({ description: "the least fee, BRL; null: none", example: 0.5 }),
    max: z.number().nullable().openapi({ description: "the most fee, BRL; null: none" }),
  })
  .openapi("PriceItem");

const VersionFields = {
  versionId: z.string().openapi({ description: "the version's id" }),
  effectiveFrom: z.number().int().openapi({ description: "when it takes effect, epoch ms" }),
  refundReturnsFee: z.boolean().openapi({ description: "whether a refund gives the fee back, in proportion" }),
};

const ScheduledSchema = z.object({ ...VersionFields, items: z.array(PriceItemSchema) }).openapi("ScheduledPriceList");

const PriceListSchema = z
  .object({
    accountId: z.string(),
    source: z.enum(["account", "default", "none"]).openapi({
      description: "`account`: the account's own list; `default`: the platform's; `none`: no list, no fees",
    }),
    versionId: VersionFields.versionId.nullable().openapi({ description: "the version in force; null when none" }),
    effectiveFrom: VersionFields.effectiveFrom.nullable(),
    refundReturnsFee: z.boolean(),
    items: z.array(PriceItemSchema),
    next: ScheduledSchema.nullable().openapi({ description: "a version starting later, if one is scheduled" }),
  })
  .openapi("PriceList");

const FeesSchema = z
  .object({
    accountId: z.string(),
    startDate: z.number().int(),
    endDate: z.number().int(),
    products: z.array(
      z.object({
        product: Product,
        count: z.number().int().openapi({ description: "payments that paid this product's fee" }),
        grossAmount: z.number().openapi({ description: "their gross amount, BRL" }),
        feeAmount: z.number().openapi({ description: "their fees, BRL" }),
      }),
    ),
    totalFeeAmount: z.number().openapi({ description: "all fees of the period, BRL" }),
  })
  .openapi("FeesPaid");

const feesRoute = accountRoutes("Accounts");
const params = z.object({ accountId: AccountIdParam });

const priceListRoute = feesRoute("ledger:read", [400, 401, 403, 404, 429, 500], {
  method: "get",
  path: "/bank-accounts/{accountId}/price-list",
  summary: "The account's price list in force",
  description:
    "Per product: a percentage and a fixed amount, bounded by a minimum and a maximum. `next` is a version already scheduled to start later.",
  request: { params },
  responses: { 200: envelopeResponse("The price list", PriceListSchema, "PriceListResponse") },
});

const feesPaidRoute = feesRoute("ledger:read", [400, 401, 403, 404, 429, 500], {
  method: "get",
  path: "/bank-accounts/{accountId}/fees",
  summary: "Fees the account paid in a period, by product",
  description:
    "`startDate` and `endDate` are epoch milliseconds, both included; `startDate` must not be after `endDate`.",
  request: {
    params,
    query: z
      .object({ startDate: fromQuery(EpochMs), endDate: fromQuery(EpochMs) })
      .refine(({ startDate, endDate }) => startDate <= endDate, {
        message: "startDate must not be after endDate",
        path: ["startDate"],
      }),
  },
  responses: { 200: envelopeResponse("The fees paid", FeesSchema, "FeesPaidResponse") },
});

export function registerFeeRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(priceListRoute, async (c) => {
    const { accountId } = c.req.valid("param");
    const tx = await readDb(c.get("apiKey").userId);
    await ownedAccount(tx, accountId, c.get("apiKey").userId);
    const { inForce, next } = await priceListOutlook(tx, accountId);
    const data = {
      accountId,
      source: inForce.source,
      versionId: inForce.version?.id ?? null,
      effectiveFrom: inForce.version?.effectiveFrom.getTime() ?? null,
      refundReturnsFee: inForce.version?.refundReturnsFee ?? false,
      items: priceItemsView(inForce.items),
      next: next
        ? {
            versionId: next.id,
            effectiveFrom: next.effectiveFrom.getTime(),
            refundReturnsFee: next.refundReturnsFee,
            items: priceItemsView(next.items),
          }
        : null,
    };
    return c.json(envelope(c, data, { message: "Price list retrieved" }), 200);
  });

  app.openapi(feesPaidRoute, async (c) => {
    const { accountId } = c.req.valid("param");
    const { startDate, endDate } = c.req.valid("query");
    const userId = c.get("apiKey").userId;
    const tx = await readDb(userId);
    await ownedAccount(tx, accountId, userId);
    const paid = await feesPaid(tx, { userId, accountId, from: new Date(startDate), to: new Date(endDate + 1) });
    const data = {
      accountId,
      startDate,
      endDate,
      products: paid.byProduct.map((row) => ({
        product: row.product,
        count: row.count,
        grossAmount: centsToBrl(row.grossCents),
        feeAmount: centsToBrl(row.feeCents),
      })),
      totalFeeAmount: centsToBrl(paid.totalFeeCents),
    };
    return c.json(envelope(c, data, { message: "Fees retrieved" }), 200);
  });
}
