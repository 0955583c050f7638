/**
 * What the gateway's OpenAPI document says it answers: the success shapes of server/gateway/views.ts
 * and webhooks/views.ts (views.test.ts parses real views against them, so they cannot drift) and
 * the four error shapes of interface 7.1. Answers are written by respond(), snake_case unless the
 * request sent `X-Key-Case: camel`.
 */
import { z } from "@hono/zod-openapi";

const Brl = z.number().meta({ description: "BRL, two decimals", example: 12.5 });
const Iso = z.string().meta({ description: "ISO 8601" });

export const ChargeAnswer = z
  .object({
    id: z.string(),
    tx_id: z.string(),
    status: z.enum(["created", "paid", "expired", "cancelled"]),
    amount: Brl,
    emv: z.string().meta({ description: "The PIX copy-and-paste code" }),
    qr_code_image: z.string().optional().meta({ description: "PNG data URL (on creation)" }),
    expires_at: Iso,
    external_id: z.string().nullable(),
    end_to_end_id: z.string().nullable(),
    created_at: Iso,
  })
  .meta({ id: "GatewayCharge" });

const PayoutStatus = z.enum(["processing", "settled", "rejected"]);

export const PayoutAnswer = z
  .object({
    id: z.string(),
    end_to_end_id: z.string().nullable(),
    status: z.union([PayoutStatus, z.literal("queued")]),
    amount: Brl,
    fee: Brl,
    external_id: z.string().nullable(),
    error_message: z.string().optional().meta({ description: "Reason code and text when rejected" }),
    created_at: Iso,
  })
  .meta({ id: "GatewayPayout" });

export const RefundAnswer = z
  .object({
    id: z.string(),
    end_to_end_id: z.string().nullable(),
    original_end_to_end_id: z.string().nullable(),
    status: PayoutStatus,
    amount: Brl,
    created_at: Iso,
  })
  .meta({ id: "GatewayRefund" });

export const BalanceAnswer = z
  .object({ balance: Brl, blocked_balance: Brl, available_balance: Brl })
  .meta({ id: "GatewayBalance" });

export const TransactionAnswer = z
  .union([
    ChargeAnswer.extend({ kind: z.literal("charge") }),
    PayoutAnswer.extend({ kind: z.literal("payout") }),
    RefundAnswer.extend({ kind: z.literal("refund") }),
  ])
  .meta({ id: "GatewayTransaction" });

export const CpfAnswer = z.object({ cpf: z.string(), valid: z.boolean() }).meta({ id: "GatewayCpfCheck" });

export const WebhookAnswer = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    secret: z.string().nullable().optional().meta({ description: "Shown once, at registration" }),
    signed: z.boolean().optional().meta({ description: "On later reads: whether deliveries are signed" }),
    allow_insecure: z.boolean(),
    active: z.boolean(),
    created_at: Iso,
  })
  .meta({ id: "GatewayWebhook" });

export const DeliveryAnswer = z
  .object({
    id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    status: z.string(),
    attempts: z.number().int(),
    next_attempt_at: Iso.nullable(),
    last_attempt_at: Iso.nullable(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    manual_replay: z.boolean(),
    delivered_at: Iso.nullable(),
    created_at: Iso,
    payload: z.unknown(),
  })
  .meta({ id: "GatewayDelivery" });

export const Paged = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    data: z.array(item),
    pagination: z.object({
      page: z.number().int(),
      limit: z.number().int(),
      total: z.number().int(),
      total_pages: z.number().int(),
    }),
  });

const PipelineError = z
  .object({ error: z.object({ status: z.number().int(), message: z.string() }) })
  .meta({ id: "GatewayPipelineError", description: "Content type, credentials, IP, idempotency, rate limiter" });
const PermissionError = z
  .object({ error: z.literal("forbidden"), message: z.string() })
  .meta({ id: "GatewayPermissionError", description: "The API key lacks the route's scope" });
const HmacError = z
  .object({ worked: z.literal(false), detail: z.string() })
  .meta({ id: "GatewayHmacError", description: "Signature check of a signed POST" });
const BusinessError = z
  .object({ errors: z.record(z.string(), z.string()) })
  .meta({ id: "GatewayBusinessError", description: "`{ <field>: <message> }`; `base` when no field applies" });

/** Which of the 7.1 shapes each status can carry on the gateway. */
const SHAPES_BY_STATUS: Record<number, { description: string; shapes: z.ZodTypeAny[] }> = {
  400: {
    description: "Invalid request, idempotency key or HMAC body",
    shapes: [BusinessError, PipelineError, HmacError],
  },
  401: { description: "Missing or invalid credentials or signature", shapes: [PipelineError, HmacError] },
  403: {
    description: "IP not allowed, scope missing or HMAC not configured",
    shapes: [PipelineError, PermissionError, HmacError],
  },
  404: { description: "Not found (or another merchant's)", shapes: [BusinessError, PipelineError] },
  409: {
    description: "Conflict with the current state or a concurrent idempotent request",
    shapes: [BusinessError, PipelineError],
  },
  413: { description: "Body larger than the limit", shapes: [PipelineError] },
  415: { description: "Content-Type is not application/json", shapes: [PipelineError] },
  422: { description: "Business rule refused the request", shapes: [BusinessError, PipelineError] },
  429: { description: "Rate limit; see Retry-After", shapes: [PipelineError] },
};

/** A success answer with its schema. */
export const answer = (description: string, schema: z.ZodTypeAny) => ({
  description,
  content: { "application/json": { schema } },
});

/** Error responses for the statuses a route can produce (every route: 401, 403, 429). */
export function gatewayErrors(...statuses: (keyof typeof SHAPES_BY_STATUS)[]) {
  const all = [...new Set([...statuses, 401, 403, 429])].sort();
  return Object.fromEntries(
    all.map((status) => {
      const { description, shapes } = SHAPES_BY_STATUS[status] ?? { description: "Error", shapes: [BusinessError] };
      const schema =
        shapes.length === 1 ? (shapes[0] as z.ZodTypeAny) : z.union(shapes as [z.ZodTypeAny, z.ZodTypeAny]);
      return [status, answer(description, schema)];
    }),
  );
}
