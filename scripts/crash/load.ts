/**
 * Mixed load over HTTP, as merchants' systems send it: internal transfers (account surface,
 * with externalId), charges created and paid (sandbox), and every signed POST of the gateway
 * with an Idempotency-Key: cash-outs, cash-ins, refunds of the merchant's funding PIX, webhook
 * registrations (removed at once), replays of delivered webhook deliveries and CPF checks. Every operation is recorded with what the
 * client learnt: the answer's status, or "lost" when the connection failed (the outcome is then
 * unknown to it).
 */
import { randomBytes } from "node:crypto";
import { isValidCpf } from "../../server/documents/cpf-cnpj";
import { API_PIX_KINDS, apiPixOperation } from "./api-pix";
import {
  type Client,
  GATEWAY_KINDS,
  type GatewayKind,
  type Kind,
  type Merchant,
  type Operation,
  request,
} from "./wire";

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const amount = () => 100 + Math.floor(Math.random() * 9_900);
const statusOf = (r: { status: number } | "lost") => (r === "lost" ? "lost" : r.status);

export async function transfer(client: Client, from: Merchant, to: Merchant, ref: string, cents: number) {
  return request(client, "POST", `/v4/i/bank-accounts/${from.accountId}/transfer/internal`, {
    auth: from.basic,
    body: { amount: cents / 100, receiverBankAccount: to.accountId, externalId: ref },
  });
}

/** A signed gateway POST with the operation's Idempotency-Key (the first send, or a retry). */
export async function sendGateway(client: Client, m: Merchant, ref: string, gateway: { path: string; body: unknown }) {
  return request(client, "POST", `/api/external${gateway.path}`, {
    auth: `ApiKey ${m.clientId}:${m.clientSecret}`,
    hmacSecret: m.clientSecret,
    headers: { "idempotency-key": ref },
    body: gateway.body,
  });
}

/** Eleven random digits; with `valid`, drawn until their check digits are right (about one in a hundred). */
function cpf(valid: boolean): string {
  for (;;) {
    const digits = Array.from({ length: 11 }, () => Math.floor(Math.random() * 10)).join("");
    if (!valid || isValidCpf(digits)) return digits;
  }
}

/** A delivery of the merchant's registration that was delivered: one a replay can send again. */
async function deliveredEventId(client: Client, m: Merchant): Promise<string | undefined> {
  const page = await request(client, "GET", `/api/external/webhooks/${m.webhookId}/deliveries?status=delivered`, {
    auth: `ApiKey ${m.clientId}:${m.clientSecret}`,
  });
  return page === "lost" ? undefined : pick((page.json as { data?: { event_id: string }[] })?.data ?? [])?.event_id;
}

/** What each gateway operation sends; null when there is nothing for it to act on yet. */
async function gatewayRequest(
  client: Client,
  kind: GatewayKind,
  m: Merchant,
  ref: string,
  cents: number,
  receiverUrl: string,
) {
  switch (kind) {
    case "cashout":
      return {
        path: "/pix/cash-out",
        body: { amount: cents / 100, pix_key: `${ref}@example.invalid`, pix_key_type: "email", external_id: ref },
      };
    case "cashin":
      return { path: "/pix/cash-in", body: { amount: cents / 100, external_id: ref } };
    case "refund":
      return {
        path: "/pix/refund",
        body: { end_to_end_id: m.fundingEndToEndId, amount: cents / 100, description: ref },
      };
    case "webhook":
      // an event the load never causes: the registration receives nothing before it is removed
      return {
        path: "/webhooks",
        body: { url: `${receiverUrl}?ref=${ref}`, events: ["pix.infraction.resolved"], allow_insecure: true },
      };
    case "replay": {
      const eventId = await deliveredEventId(client, m);
      return eventId ? { path: `/webhooks/deliveries/${eventId}/replay`, body: {} } : null;
    }
    case "cpf":
      return { path: "/cpf/validate", body: { cpf: cpf(Math.random() < 0.5) } };
  }
}

/** What a gateway answer taught the client. */
export function learn(op: Operation, answer: { status: number; json: unknown }) {
  op.outcome = answer.status;
  const json = answer.json as { fee?: number; valid?: boolean } | null;
  if (op.kind === "cashout") op.feeCents = Math.round(Number(json?.fee ?? 0) * 100);
  if (op.kind === "cpf" && op.cpfValid) op.cpfValid.answered = json?.valid;
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
export async function oneOperation(
  client: Client,
  merchants: Merchant[],
  receiverUrl: string,
): Promise<Operation | null> {
  const kind = pick<Kind>(["transfer", "charge", ...GATEWAY_KINDS, ...API_PIX_KINDS]);
  const merchant = pick(merchants);
  const ref = `${kind}-${randomBytes(8).toString("hex")}`;
  const cents = amount();
  const started = performance.now();
  const op: Operation = { kind, merchant, ref, amountCents: cents, outcome: "lost", at: Date.now(), latencyMs: 0 };
  if (kind === "pix-token" || kind === "pix-cob") {
    await apiPixOperation(client, op);
  } else if (kind === "transfer") {
    op.receiver = pick(merchants.filter((m) => m !== merchant));
    op.outcome = statusOf(await transfer(client, merchant, op.receiver, ref, cents));
  } else if (kind === "charge") {
    const created = await createChargeFor(client, merchant, ref, cents);
    op.outcome = statusOf(created);
    const txId = created === "lost" ? undefined : (created.json as { data?: { txId?: string } })?.data?.txId;
    if (txId) {
      op.txId = txId;
      const paid = await payCharge(client, merchant, txId);
      op.paid = paid === "lost" ? "lost" : paid.status < 300;
    }
  } else {
    const sent = await gatewayRequest(client, kind, merchant, ref, cents, receiverUrl);
    if (!sent) return null;
    op.gateway = sent;
    if (kind === "cpf") {
      op.cpfValid = { answered: undefined, expected: isValidCpf((sent.body as { cpf: string }).cpf) };
    }
    const res = await sendGateway(client, merchant, ref, op.gateway);
    if (res !== "lost") learn(op, res);
    const id = res === "lost" ? undefined : (res.json as { id?: string } | null)?.id;
    if (kind === "webhook" && id) await removeWebhook(client, merchant, id);
  }
  op.latencyMs = performance.now() - started;
  return op;
}

/** A registration made by the load is removed at once (DELETE is unsigned), so registrations never pile up. */
export async function removeWebhook(client: Client, m: Merchant, id: string) {
  await request(client, "DELETE", `/api/external/webhooks/${id}`, { auth: `ApiKey ${m.clientId}:${m.clientSecret}` });
}

/** `concurrency` loops of operations until `stop()`; every finished operation goes to `onDone`. */
export function runLoad(
  client: Client,
  merchants: Merchant[],
  receiverUrl: string,
  concurrency: number,
  onDone: (op: Operation) => void,
) {
  let stopped = false;
  const loops = Array.from({ length: concurrency }, async () => {
    while (!stopped) {
      const op = await oneOperation(client, merchants, receiverUrl);
      if (op) onDone(op);
      // a refused connection returns at once: do not spin while the web process is down (nor
      // while there is nothing to replay yet)
      if (op === null || op.outcome === "lost") await new Promise((r) => setTimeout(r, 500));
    }
  });
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}
