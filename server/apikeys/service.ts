import { randomUUID } from "node:crypto";
import { config, databaseUrl } from "../config";
import { batchedLookup } from "../db/batched";
import type { Tx } from "../db/client";
import { probePool } from "../db/pool";
import { AppError, invalid, notFound } from "../errors";
import type { ApiKey } from "../generated/prisma/client";
import { whitelistEntryError } from "../http/ip";
import { isScope, SCOPES, type Scope } from "./scopes";
import {
  clientSecretMatches,
  decryptSecret,
  encryptSecret,
  hashClientSecret,
  newClientId,
  newClientSecret,
} from "./secrets";
import { announceKeyChange, listenForKeyChanges, VerifiedKeyCache } from "./verified-cache";

export type CreateApiKeyInput = {
  userId: string;
  name?: string;
  scopes?: readonly string[];
  ipWhitelist?: readonly string[];
  expiresAt?: Date | null;
  /** Without a signing secret, the gateway's signed routes answer 403. */
  withHmacSecret?: boolean;
};

export type CreatedApiKey = { key: ApiKey; clientId: string; clientSecret: string };

/** At least one entry (a key without one answers 403 everywhere), each read as the request pipeline reads it. */
export function validateWhitelist(entries: readonly string[]): string[] {
  if (entries.length === 0) {
    throw invalid("ipWhitelist: at least one IP or IPv4 CIDR is required", "ipWhitelist", "IP_WHITELIST_REQUIRED");
  }
  for (const entry of entries) {
    const error = whitelistEntryError(entry);
    if (error) throw invalid(error, "ipWhitelist");
  }
  return [...new Set(entries)];
}

export function validateScopes(scopes: readonly string[]): Scope[] {
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length) throw invalid(`unknown scopes: ${unknown.join(", ")}`, "scopes");
  return [...new Set(scopes)] as Scope[];
}

/** The secret is returned here and never again. */
export async function createApiKey(tx: Tx, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const clientId = newClientId();
  const clientSecret = newClientSecret();
  const key = await tx.apiKey.create({
    data: {
      id: randomUUID(),
      userId: input.userId,
      name: input.name ?? "API key",
      clientId,
      secretHash: hashClientSecret(clientSecret),
      // Interface 2.9: the signing secret equals the client secret.
      hmacSecretCiphertext: input.withHmacSecret === false ? null : encryptSecret(clientSecret),
      scopes: validateScopes(input.scopes ?? SCOPES),
      ipWhitelist: validateWhitelist(input.ipWhitelist ?? []),
      expiresAt: input.expiresAt ?? null,
    },
  });
  return { key, clientId, clientSecret };
}

export async function listApiKeys(tx: Tx, userId?: string): Promise<ApiKey[]> {
  return tx.apiKey.findMany({ where: userId ? { userId } : {}, orderBy: { createdAt: "desc" } });
}

export async function revokeApiKey(tx: Tx, clientId: string, userId?: string): Promise<ApiKey> {
  const key = await tx.apiKey.findFirst({ where: { clientId, ...(userId ? { userId } : {}) } });
  if (!key) throw notFound("API key not found");
  const revoked = await tx.apiKey.update({
    where: { id: key.id },
    data: { active: false, revokedAt: key.revokedAt ?? new Date() },
  });
  await announceKeyChange(tx, key.clientId);
  return revoked;
}

export async function updateApiKey(
  tx: Tx,
  clientId: string,
  userId: string,
  changes: { name?: string; scopes?: readonly string[]; ipWhitelist?: readonly string[]; expiresAt?: Date | null },
): Promise<ApiKey> {
  const key = await tx.apiKey.findFirst({ where: { clientId, userId } });
  if (!key) throw notFound("API key not found");
  const updated = await tx.apiKey.update({
    where: { id: key.id },
    data: {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.scopes ? { scopes: validateScopes(changes.scopes) } : {}),
      ...(changes.ipWhitelist ? { ipWhitelist: validateWhitelist(changes.ipWhitelist) } : {}),
      ...(changes.expiresAt !== undefined ? { expiresAt: changes.expiresAt } : {}),
    },
  });
  await announceKeyChange(tx, key.clientId);
  return updated;
}

/**
 * The key's merchant as the gateway asks on every request: whether any account is active, and
 * the first one (by creation), which the gateway speaks for — a merchant, not an account.
 */
export type KeyMerchant = { primaryAccountId: string | null; anyAccountActive: boolean };

export type Authentication =
  | { ok: true; key: ApiKey; merchant: KeyMerchant }
  | { ok: false; reason: "invalid" | "inactive" | "expired" };

type ApiKeyRow = {
  id: string;
  user_id: string;
  name: string;
  client_id: string;
  secret_hash: string;
  hmac_secret_ciphertext: string | null;
  scopes: string[];
  ip_whitelist: string[];
  expires_at: Date | null;
  active: boolean;
  revoked_at: Date | null;
  last_used_at: Date | null;
  created_at: Date;
  primary_account_id: string | null;
  any_account_active: boolean | null;
};

const CLIENT_ID_MAX_LENGTH = 200;

// Named, on the pool that plans once per connection (server/db/pool.ts, probePool): the key
// and the merchant's two facts are each a LATERAL … LIMIT 1 probe of an index, so its one plan
// suits any table size (docs/decisions/0023, item 6).
export const KEYS_BY_CLIENT_ID = `
  SELECT k.id, k.user_id, k.name, k.client_id, k.secret_hash, k.hmac_secret_ciphertext, k.scopes,
         k.ip_whitelist, k.expires_at, k.active, k.revoked_at, k.last_used_at, k.created_at,
         p.id AS primary_account_id, a.id IS NOT NULL AS any_account_active
    FROM unnest($1::text[]) AS c(client_id)
    CROSS JOIN LATERAL (SELECT * FROM api_keys k WHERE k.client_id = c.client_id LIMIT 1) k
    LEFT JOIN LATERAL (
      SELECT p.id FROM accounts p WHERE p.user_id = k.user_id ORDER BY p.created_at ASC, p.id ASC LIMIT 1) p ON true
    LEFT JOIN LATERAL (
      SELECT a.id FROM accounts a WHERE a.user_id = k.user_id AND a.status = 'active' LIMIT 1) a ON true`;

/**
 * Runs on every API request, so it reads through a plain `pg` pool, the keys of concurrent requests
 * in one statement (docs/decisions/0022-group-commit.md); the account surface also keeps what it
 * read for a few seconds (verified-cache.ts: a revoked key is dropped from it at once). With the key, its merchant's accounts (the gateway's step 4 needs them on
 * every request): one statement and one round trip fewer per request than reading them after.
 */
const findKeyByClientId = batchedLookup<string, FoundKey>(async (clientIds) => {
  const { rows } = await probePool().query<ApiKeyRow>({
    name: "api_keys_by_client_id",
    text: KEYS_BY_CLIENT_ID,
    values: [clientIds],
  });
  return new Map(
    rows.map((row) => [
      row.client_id,
      {
        key: apiKeyFromRow(row),
        merchant: { primaryAccountId: row.primary_account_id, anyAccountActive: row.any_account_active === true },
      },
    ]),
  );
});

function apiKeyFromRow(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    clientId: row.client_id,
    secretHash: row.secret_hash,
    hmacSecretCiphertext: row.hmac_secret_ciphertext,
    scopes: row.scopes,
    ipWhitelist: row.ip_whitelist,
    expiresAt: row.expires_at,
    active: row.active,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
    createdAt: row.created_at,
  };
}

type FoundKey = { key: ApiKey; merchant: KeyMerchant };

let verifiedKeys: VerifiedKeyCache<FoundKey> | null | undefined;

/** The process's cache of keys read (API_KEY_CACHE_MS; none at 0), listening for changes from its first use. */
function keyCache(): VerifiedKeyCache<FoundKey> | null {
  if (verifiedKeys === undefined) {
    const ttlMs = config().API_KEY_CACHE_MS;
    verifiedKeys = ttlMs > 0 ? new VerifiedKeyCache<FoundKey>(ttlMs) : null;
    if (verifiedKeys) keyListener = listenForKeyChanges(databaseUrl(), verifiedKeys);
  }
  return verifiedKeys;
}
let keyListener: ReturnType<typeof listenForKeyChanges> | undefined;

/** Settles once the process's key cache listens for changes (started now if it was not). */
export async function keyCacheListening(): Promise<void> {
  keyCache();
  await keyListener?.listening;
}

/** Tests change API_KEY_CACHE_MS between cases: the next look-up builds the cache anew. */
export async function resetKeyCacheForTests(): Promise<void> {
  await keyListener?.stop();
  keyListener = undefined;
  verifiedKeys = undefined;
}

async function lookUpKey(clientId: string, cached: boolean): Promise<FoundKey | null> {
  const cache = cached ? keyCache() : null;
  const hit = cache?.get(clientId);
  if (hit) return hit;
  const ticket = cache?.ticket() ?? 0;
  const found = await findKeyByClientId(clientId);
  if (found && cache) cache.set(clientId, found, ticket);
  return found;
}

/**
 * `cached`: the caller may take the key as read up to API_KEY_CACHE_MS ago (changes announced
 * drop it at once); the secret, the state and the expiry are checked on every call either way.
 * The gateway does not: it reads the merchant's accounts' state with the key.
 */
export async function authenticateApiKey(
  clientId: string,
  clientSecret: string,
  now = new Date(),
  options: { cached?: boolean } = {},
): Promise<Authentication> {
  // Concurrent look-ups share one statement: what PostgreSQL cannot take never joins it.
  if (clientId.length > CLIENT_ID_MAX_LENGTH || clientId.includes("\u0000")) return { ok: false, reason: "invalid" };
  const found = await lookUpKey(clientId, options.cached === true);
  const key = found?.key;
  if (!found || !key || !clientSecretMatches(clientSecret, key.secretHash)) return { ok: false, reason: "invalid" };
  if (!key.active) return { ok: false, reason: "inactive" };
  if (key.expiresAt && key.expiresAt <= now) return { ok: false, reason: "expired" };
  return { ok: true, key, merchant: found.merchant };
}

const LAST_USED_RESOLUTION_MS = 60_000;

/** At most one write a minute per key: last use is for people, not for auditing. */
export async function touchApiKey(tx: Tx, key: ApiKey, now = new Date()): Promise<void> {
  if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
  key.lastUsedAt = now; // a cached copy of the key is the same object: the next minute's requests skip the write
  await tx.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now } });
}

export function signingSecretOf(key: ApiKey): string {
  if (!key.hmacSecretCiphertext) {
    throw new AppError("FORBIDDEN", "HMAC secret not configured for this API key");
  }
  return decryptSecret(key.hmacSecretCiphertext);
}
