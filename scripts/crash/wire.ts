/**
 * What the crash test's load and its API Pix part both speak: the merchants and operations it
 * records, and one HTTP request that reports a lost connection as "lost".
 */
import { createHmac } from "node:crypto";

export type Merchant = {
  userId: string;
  accountId: string;
  clientId: string;
  clientSecret: string;
  basic: string;
  /** the PIX that funded the account: what its refunds refund */
  fundingEndToEndId: string;
  /** its gateway webhook registration, whose delivered deliveries the load replays */
  webhookId: string;
  /** an EVP key of its account: the `chave` of its API Pix cobs */
  pixKey?: string;
};

/** The signed POSTs of the gateway, each sent with an Idempotency-Key. */
export const GATEWAY_KINDS = ["cashout", "cashin", "refund", "webhook", "replay", "cpf"] as const;
export type GatewayKind = (typeof GATEWAY_KINDS)[number];
export type ApiPixKind = "pix-token" | "pix-cob";
export type Kind = "transfer" | "charge" | GatewayKind | ApiPixKind;

export type Operation = {
  kind: Kind;
  merchant: Merchant;
  /** externalId / external_id (a refund's description); also a gateway request's Idempotency-Key. */
  ref: string;
  /** a gateway request as sent, to be sent again with the same key */
  gateway?: { path: string; body: unknown };
  /** a CPF check's answer, and whether the CPF sent was valid */
  cpfValid?: { answered: boolean | undefined; expected: boolean };
  amountCents: number;
  receiver?: Merchant;
  txId?: string;
  /** The last answer's status, or "lost". */
  outcome: number | "lost";
  /** For a charge: whether the payment's answer was 2xx. */
  paid?: boolean | "lost";
  feeCents?: number;
  /** an API Pix access token the load was given */
  token?: string;
  /** Set by the auditor: a retry found the Idempotency-Key stuck "in progress". */
  stuck?: boolean;
  at: number;
  latencyMs: number;
};

export type Client = { baseUrl: string; timeoutMs?: number };

export const basicAuth = (clientId: string, secret: string) =>
  `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`;

const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(",")}]`
    : v && typeof v === "object"
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(",")}}`
      : JSON.stringify(v);

export async function request(
  client: Client,
  method: string,
  path: string,
  options: {
    auth?: string;
    body?: unknown;
    /** an application/x-www-form-urlencoded body, sent as is */
    form?: string;
    hmacSecret?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; json: unknown } | "lost"> {
  const text = options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.auth) headers.authorization = options.auth;
  if (text !== undefined)
    headers["content-type"] = options.form !== undefined ? "application/x-www-form-urlencoded" : "application/json";
  if (options.hmacSecret && options.body !== undefined) {
    headers.hmac = createHmac("sha512", options.hmacSecret).update(canonical(options.body)).digest("hex");
  }
  try {
    const res = await fetch(`${client.baseUrl}${path}`, {
      method,
      headers,
      body: text,
      signal: AbortSignal.timeout(client.timeoutMs ?? 15_000),
    });
    const body = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(body);
    } catch {}
    return { status: res.status, json };
  } catch {
    return "lost";
  }
}
