import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { db } from "../../db/client";
import { EntryStatus } from "../../ledger/schema";
import { EndToEndId, RefundRequest } from "../../refunds/schema";
import { getRefund, REFUND_WINDOW_DAYS, requestRefund } from "../../refunds/service";
import type { AccountApiEnv } from "../context";
import { EntrySchema } from "../entry-schema";
import { envelope } from "../envelope";
import { accountRoutes } from "../route";
import { envelopeResponse, optionalJsonBody } from "../schemas";
import { entryView, refundStatusView } from "../views";

const E2eParam = EndToEndId;

const refundsRoute = accountRoutes("Refunds");

const requestDef = refundsRoute("refund:write", [400, 401, 403, 404, 409, 422, 429, 500], {
  method: "post",
  path: "/pix/in/refund/{endToEndId}",
  summary: "Refund a received PIX (all or part)",
  description: `Path: the end-to-end id of the received PIX. amount defaults to what is still refundable. Up to ${REFUND_WINDOW_DAYS} days after the original; never more than the original in total; 409 while another refund of it is processing.`,
  request: {
    params: z.object({ endToEndId: E2eParam }),
    body: optionalJsonBody(RefundRequest),
  },
  responses: { 200: envelopeResponse("The refund's debit entry (status processing)", EntrySchema, "RefundResponse") },
});

const statusDef = refundsRoute("refund:read", [400, 401, 403, 404, 429, 500], {
  method: "get",
  path: "/pix/in/refund/{endToEndId}",
  summary: "Status of a refund, by the refund's own end-to-end id",
  request: { params: z.object({ endToEndId: E2eParam }) },
  responses: {
    200: envelopeResponse(
      "Refund status view",
      z.object({
        endToEndId: z.string().nullable(),
        status: EntryStatus,
        payer: z.unknown(),
        receiver: z.unknown(),
        updatedAt: z.number(),
        updatedDate: z.string(),
      }),
      "RefundStatusResponse",
    ),
  },
});

export function registerRefundRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(requestDef, async (c) => {
    const { endToEndId } = c.req.valid("param");
    const body = c.req.valid("json") ?? {};
    const refund = await requestRefund(db(), {
      userId: c.get("apiKey").userId,
      endToEndId,
      amountCents: body.amount ?? null,
      description: body.description ?? null,
    });
    return c.json(envelope(c, entryView(refund), { message: "Refund requested" }), 200);
  });

  app.openapi(statusDef, async (c) => {
    const refund = await getRefund(db(), c.get("apiKey").userId, c.req.valid("param").endToEndId);
    return c.json(envelope(c, refundStatusView(refund)), 200);
  });
}
