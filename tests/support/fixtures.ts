import { randomBytes } from "node:crypto";
import pg from "pg";
import { createMerchant } from "../../server/accounts/merchants";
import { databaseUrl } from "../../server/config";
import { type Db, db } from "../../server/db/client";
import { PEER_ADDRESS_HEADER, PEER_TOKEN_HEADER, peerToken } from "../../server/http/ip";
import { applyLedgerChange, type LedgerChange } from "../../server/ledger/apply";

/** Valid CPFs for fixtures (check digits computed). */
export function randomCpf(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const weightStart of [10, 11]) {
    const sum = digits.reduce((acc, d, i) => acc + d * (weightStart - i), 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join("");
}

/** A valid CNPJ (check digits computed). */
export function randomCnpj(): string {
  const digits = [...Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)), 0, 0, 0, 1];
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const rest = digits.reduce((acc, d, i) => acc + d * (weights[i] as number), 0) % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join("");
}

export const LOCAL_IP = "127.0.0.1";

/** A merchant with an account and a password, in the run's database or in `database` (a file's own). */
export async function newMerchant(options: { ipWhitelist?: string[]; name?: string; database?: Db } = {}) {
  const tag = randomBytes(4).toString("hex");
  return createMerchant(options.database ?? db(), {
    name: options.name ?? `Loja ${tag}`,
    document: randomCpf(),
    email: `merchant-${tag}@example.test`,
    password: "correct-horse-battery",
    ipWhitelist: options.ipWhitelist ?? [LOCAL_IP],
  });
}

export function basic(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
}

type Call = { auth?: string; body?: unknown; rawBody?: string; ip?: string; headers?: Record<string, string> };

/** A request to a Hono app as our HTTP server would hand it over (peer address set). */
export async function call(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  method: string,
  path: string,
  { auth, body, rawBody, ip = LOCAL_IP, headers = {} }: Call = {},
) {
  const response = await app.request(path, {
    method,
    headers: {
      [PEER_ADDRESS_HEADER]: ip,
      [PEER_TOKEN_HEADER]: peerToken(),
      ...(auth ? { authorization: auth } : {}),
      ...(body !== undefined || rawBody !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    ...(rawBody !== undefined ? { body: rawBody } : body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, headers: response.headers, json, text };
}

/** A merchant whose account received `amount` BRL through a sandbox PIX credit. */
export async function fundedMerchant(amountCents: bigint, options: { ipWhitelist?: string[] } = {}) {
  const { creditIncomingPix } = await import("../../server/transfers/incoming");
  const merchant = await newMerchant(options);
  if (amountCents > 0n) {
    await creditIncomingPix(db(), { userId: merchant.userId, accountId: merchant.accountId, amountCents });
  }
  return { ...merchant, auth: basic(merchant.clientId, merchant.clientSecret) };
}

export async function availableCents(accountId: string): Promise<bigint> {
  return (await db().account.findUniqueOrThrow({ where: { id: accountId } })).availableCents;
}

/** The SQL of a `pool().query` call as a spy saw it: a string or a `{ name?, text }` config. */
export const sqlOf = (argument: unknown): string =>
  typeof argument === "string" ? argument : String((argument as { text?: unknown } | null)?.text ?? "");

/**
 * A concurrent spender for race tests: a second connection posts `change` in a transaction it
 * leaves open, holding the row locks of the accounts it moved until `commit()`. Always `end()` it.
 */
export async function rivalTransaction(change: LedgerChange) {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query("BEGIN");
    await applyLedgerChange({ query: async (sql, params) => (await client.query(sql, params)).rows }, change);
  } catch (error) {
    await client.end();
    throw error;
  }
  return {
    commit: async () => {
      await client.query("COMMIT");
    },
    end: () => client.end(),
  };
}
