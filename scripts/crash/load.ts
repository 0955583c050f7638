/**
 * Mixed load over HTTP, as merchants' systems send it: internal transfers (account surface,
 * with externalId), charges created and paid (sandbox), cash-outs with an Idempotency-Key and
 * external_id (gateway, signed). Every operation is recorded with what the client learnt: the
 * answer's status, or "lost" when the connection failed (the outcome is then unknown to it).
 */
import { createHmac, randomBytes } from "node:crypto";

export type Merchant = {
  userId: string;
  accountId: string;
  clientId: string;
  clientSecret: string;
  basic: string;
};

export type Kind = "transfer" | "charge" | "cashout";

export type Operation = {
  kind: Kind;
  merchant: Merchant;
  /** externalId / external_id; also the Idempotency-Key of a cash-out. */
  ref: string;
  amountCents: number;
  receiver?: Merchant;
  txId?: string;
  /** The last answer's status, or "lost". */
  outcome: number | "lost";
  /** For a charge: whether the payment's answer was 2xx. */
  paid?: boolean | "lost";
  feeCents?: number;
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
  options: { auth?: string; body?: unknown; hmacSecret?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: unknown } | "lost"> {
  const text = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.auth) headers.authorization = options.auth;
  if (text !== undefined) headers["content-type"] = "application/json";
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

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const amount = () => 100 + Math.floor(Math.random() * 9_900);
const statusOf = (r: { status: number } | "lost") => (r === "lost" ? "lost" : r.status);

export async function transfer(client: Client, from: Merchant, to: Merchant, ref: string, cents: number) {
  return request(client, "POST", `/v4/i/bank-accounts/${from.accountId}/transfer/internal`, {
    auth: from.basic,
    body: { amount: cents / 100, receiverBankAccount: to.accountId, externalId: ref },
  });
}

export async function cashOut(client: Client, m: Merchant, ref: string, cents: number) {
  return request(client, "POST", "/api/external/pix/cash-out", {
    auth: `ApiKey ${m.clientId}:${m.clientSecret}`,
    hmacSecret: m.clientSecret,
    headers: { "idempotency-key": ref },
    body: { amount: cents / 100, pix_key: `${ref}@example.invalid`, pix_key_type: "email", external_id: ref },
  });
}

export async function createChargeFor(client: Client, m: Merchant, ref: string, cents: number) {
  return request(client, "POST", "/v4/i/pix/in/dynamic-qrcode", {
    auth: m.basic,
    body: { accountId: m.accountId, amount: cents / 100, externalId: ref },
  });
}

export async function payCharge(client: Client, m: Merchant, txId: string) {
  return request(client, "POST", `/v4/i/sandbox/pix/in/dynamic-qrcode/${txId}/pay`, { auth: m.basic, body: {} });
}

/** One random operation, recorded. */
export async function oneOperation(client: Client, merchants: Merchant[]): Promise<Operation> {
  const kind = pick<Kind>(["transfer", "charge", "cashout"]);
  const merchant = pick(merchants);
  const ref = `${kind}-${randomBytes(8).toString("hex")}`;
  const cents = amount();
  const started = performance.now();
  const op: Operation = { kind, merchant, ref, amountCents: cents, outcome: "lost", at: Date.now(), latencyMs: 0 };
  if (kind === "transfer") {
    op.receiver = pick(merchants.filter((m) => m !== merchant));
    op.outcome = statusOf(await transfer(client, merchant, op.receiver, ref, cents));
  } else if (kind === "cashout") {
    const res = await cashOut(client, merchant, ref, cents);
    op.outcome = statusOf(res);
    if (res !== "lost") op.feeCents = Math.round(Number((res.json as { fee?: number })?.fee ?? 0) * 100);
  } else {
    const created = await createChargeFor(client, merchant, ref, cents);
    op.outcome = statusOf(created);
    const txId = created === "lost" ? undefined : (created.json as { data?: { txId?: string } })?.data?.txId;
    if (txId) {
      op.txId = txId;
      const paid = await payCharge(client, merchant, txId);
      op.paid = paid === "lost" ? "lost" : paid.status < 300;
    }
  }
  op.latencyMs = performance.now() - started;
  return op;
}

/** `concurrency` loops of operations until `stop()`; every finished operation goes to `onDone`. */
export function runLoad(client: Client, merchants: Merchant[], concurrency: number, onDone: (op: Operation) => void) {
  let stopped = false;
  const loops = Array.from({ length: concurrency }, async () => {
    while (!stopped) {
      const op = await oneOperation(client, merchants);
      onDone(op);
      // a refused connection returns at once: do not spin while the web process is down
      if (op.outcome === "lost") await new Promise((r) => setTimeout(r, 500));
    }
  });
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}
