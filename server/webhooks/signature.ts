/** What goes on the wire: the body's bytes and the headers of interface 6.1 (and 6.4). */
import { createHmac, randomBytes } from "node:crypto";

export const USER_AGENT = "Service-Webhook/1.0";

/** A fresh gateway webhook secret: 64 hex characters (256 bits). */
export function newWebhookSecret(): string {
  return randomBytes(32).toString("hex");
}

/** Interface 6.3: `sha256=` + lowercase hex HMAC-SHA256(secret, timestamp + "." + raw body). */
export function signatureOf(secret: string, timestamp: number | string, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex")}`;
}

/** Keys first in this order (documented fields), then the rest alphabetically, at every level. */
const KEY_ORDER = [
  "id",
  "type",
  "created_at",
  "webhookId",
  "userId",
  "accountId",
  "event",
  "object",
  "data",
  "status",
  "amount",
  "fee",
  "externalId",
  "grossAmount",
  "feeAmount",
  "netAmount",
  "end_to_end_id",
  "endToEndId",
  "tx_id",
  "external_id",
  "createdAt",
];
const rank = (key: string) => {
  const i = KEY_ORDER.indexOf(key);
  return i === -1 ? KEY_ORDER.length : i;
};

function ordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ordered);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(
    ([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0),
  );
  return Object.fromEntries(entries.map(([k, v]) => [k, ordered(v)]));
}

/**
 * The body sent for a stored payload. Payloads live in jsonb, which does not keep key order, so the
 * bytes are rebuilt in a fixed, readable order; every retry of a delivery sends the same bytes.
 */
export function bodyOf(payload: unknown): string {
  return JSON.stringify(ordered(payload));
}

type SignedInput = {
  deliveryId: string;
  eventType: string;
  timestamp: number;
  rawBody: string;
  secret: string | null;
};

/** Both surfaces sign the same way: X-Service-Signature over the timestamp and the body (interface 6.3). */
export function gatewayHeaders(input: SignedInput): Record<string, string> {
  return {
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
    "X-Service-Signature": input.secret ? signatureOf(input.secret, input.timestamp, input.rawBody) : "unsigned",
    "X-Service-Timestamp": String(input.timestamp),
    "X-Service-Event-Id": input.deliveryId,
    "X-Service-Event-Type": input.eventType,
  };
}

/**
 * Account surface: signed as the gateway's deliveries are (a configuration made before signing
 * has no secret: `unsigned`), and the configured authHeader comes back as Authorization.
 */
export function accountHeaders(input: SignedInput & { authHeader: string | null }): Record<string, string> {
  return {
    ...gatewayHeaders(input),
    ...(input.authHeader ? { Authorization: input.authHeader } : {}),
  };
}

/**
 * API Pix webhooks: the specification defines no signature (its callbacks rely on mutual TLS), so
 * the body goes plain, with the delivery's id and kind for the receiver's deduplication.
 */
export function apiPixHeaders(input: Pick<SignedInput, "deliveryId" | "eventType">): Record<string, string> {
  return {
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
    "X-Service-Event-Id": input.deliveryId,
    "X-Service-Event-Type": input.eventType,
  };
}
