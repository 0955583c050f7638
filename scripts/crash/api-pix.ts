/**
 * The API Pix surface in the crash test: OAuth client-credentials tokens taken under load (a
 * token answered before a kill -9 must still be accepted after every restart), and, once the
 * route lands, `PUT /api/pix/v2/cob/{txid}` charges (a PUT whose answer was lost is sent again,
 * as a client would, with the same txid; each must leave exactly one charge, of its amount, on
 * its merchant's account).
 */
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../server/generated/prisma/client";
import type { Client, Merchant, Operation } from "./wire";
import { request } from "./wire";

export const API_PIX_KINDS = ["pix-token", "pix-cob"] as const;

const TOKEN_PATH = "/api/pix/oauth/token";
const bearers = new Map<string, string>();

/** POST /api/pix/oauth/token with the merchant's key: the answer, and the token when 200. */
export async function takeToken(client: Client, m: Merchant) {
  const answer = await request(client, "POST", TOKEN_PATH, {
    auth: m.basic,
    form: "grant_type=client_credentials",
  });
  const token = answer === "lost" ? undefined : (answer.json as { access_token?: string } | null)?.access_token;
  if (token) bearers.set(m.accountId, token);
  return { answer, token };
}

async function bearerOf(client: Client, m: Merchant): Promise<string | undefined> {
  return bearers.get(m.accountId) ?? (await takeToken(client, m)).token;
}

export const cobBody = (m: Merchant, cents: number) => ({
  calendario: { expiracao: 3600 },
  valor: { original: (cents / 100).toFixed(2) },
  chave: m.pixKey,
  solicitacaoPagador: "Crash test",
});

/** PUT /api/pix/v2/cob/{txid}: the first send, or the retry of a lost one (same txid, same body). */
export async function putCob(client: Client, m: Merchant, txid: string, cents: number) {
  const bearer = await bearerOf(client, m);
  if (!bearer) return "lost" as const;
  const send = (token: string) =>
    request(client, "PUT", `/api/pix/v2/cob/${txid}`, { auth: `Bearer ${token}`, body: cobBody(m, cents) });
  const answer = await send(bearer);
  if (answer !== "lost" && answer.status === 401) {
    bearers.delete(m.accountId);
    const fresh = await bearerOf(client, m);
    return fresh ? send(fresh) : answer;
  }
  return answer;
}

/** One API Pix operation of the load, recorded like the others. */
export async function apiPixOperation(client: Client, op: Operation): Promise<void> {
  if (op.kind === "pix-token") {
    const { answer, token } = await takeToken(client, op.merchant);
    op.outcome = answer === "lost" ? "lost" : answer.status;
    op.token = token;
    return;
  }
  op.txId = randomBytes(16).toString("hex");
  const answer = await putCob(client, op.merchant, op.txId, op.amountCents);
  op.outcome = answer === "lost" ? "lost" : answer.status;
}

const ok = (status: number | "lost" | undefined) => typeof status === "number" && status >= 200 && status < 300;
const unknown = (status: number | "lost" | undefined) =>
  status === "lost" || (typeof status === "number" && status >= 500);

/**
 * The auditor's part for API Pix: tokens answered before the kills are still accepted, and each
 * cob PUT (lost answers retried) left exactly one charge of its amount on its merchant's account.
 */
export async function auditApiPix(
  client: Client,
  db: PrismaClient,
  ops: Operation[],
  problems: string[],
): Promise<string> {
  const tokens = ops.filter((op) => op.kind === "pix-token" && op.token).slice(-20);
  for (const op of tokens) {
    const check = await request(client, "GET", "/api/pix/v2/webhook", { auth: `Bearer ${op.token}` });
    if (check === "lost" || check.status === 401 || check.status >= 500)
      problems.push(`pix-token ${op.ref}: a token answered 200 is refused after the restarts (${statusText(check)})`);
  }
  for (const op of ops.filter((o) => o.kind === "pix-token" && ok(o.outcome) && !o.token))
    problems.push(`pix-token ${op.ref}: answered ${op.outcome} without an access_token`);

  for (const op of ops.filter((o) => o.kind === "pix-cob" && o.txId)) {
    const txid = op.txId as string;
    let retried = false;
    if (unknown(op.outcome)) {
      const retry = await putCob(client, op.merchant, txid, op.amountCents);
      if (retry === "lost" || retry.status >= 500) {
        problems.push(`pix-cob ${txid}: the retry failed too (${statusText(retry)})`);
        continue;
      }
      // a retry may find the cob the lost PUT made: "already there" is an answer too
      op.outcome = retry.status;
      retried = true;
    }
    const charges = await db.charge.findMany({ where: { txId: txid } });
    const mine = charges.filter((c) => c.accountId === op.merchant.accountId);
    if (ok(op.outcome) || (retried && mine.length > 0)) {
      if (mine.length !== 1 || charges.length !== 1)
        problems.push(`pix-cob ${txid}: answered ${op.outcome}, ${charges.length} charges with the txid`);
      else if (mine[0]?.amountCents !== BigInt(op.amountCents))
        problems.push(`pix-cob ${txid}: charge of ${mine[0]?.amountCents} cents, PUT asked ${op.amountCents}`);
    } else if (charges.length !== 0) {
      problems.push(`pix-cob ${txid}: refused with ${op.outcome} yet ${charges.length} charges`);
    }
  }
  const cobs = ops.filter((o) => o.kind === "pix-cob").length;
  return `API Pix: ${tokens.length} tokens checked after the restarts; ${cobs} cob PUTs`;
}

const statusText = (answer: { status: number } | "lost") => (answer === "lost" ? "no answer" : String(answer.status));
