/**
 * The DICT API 1.8.0 as the connector uses it (docs/pix-network.md §3): getEntry before a payment
 * to a key outside this platform, checkKeys before a customer is asked to prove a key, createEntry
 * and deleteEntry for the keys its customers hold.
 * Requests that change the directory are signed; every answer's signature is checked when
 * PIX_NETWORK_CERT is set, and one that does not verify is a failed call.
 */
import { randomUUID } from "node:crypto";
import { AppError, notFound } from "../../errors";
import type { PixKeyType } from "../../generated/prisma/client";
import { logger } from "../../logger";
import type { KeyLookup } from "../rail";
import { signatureProblem, signedDictRequest } from "../spi/signature";
import { attributeOf, buildXml, elementAt, parseXml, textOf, type XmlNode } from "../spi/xml";
import { backoffMs } from "./backoff";
import { networkSettings } from "./settings";
import { header, send, type TransportAnswer, TransportError } from "./transport";

export type DictEntry = {
  key: string;
  keyType: PixKeyType;
  participant: string;
  branch: string | null;
  accountNumber: string;
  accountType: string;
  ownerType: "NATURAL_PERSON" | "LEGAL_PERSON";
  taxIdNumber: string;
  name: string;
  /** Statistics: frauds confirmed against the key in the last 30 days */
  confirmedFrauds30d: number;
};

const unavailable = (why: string) =>
  new AppError("SERVICE_UNAVAILABLE", `the PIX directory cannot answer now (${why})`, "pixKey", undefined, 5);

/** The problem+xml's type name (…/error/EntryKeyOwnedByDifferentPerson), or null. */
export function problemType(body: string): string | null {
  try {
    const { rootName, root } = parseXml(body);
    if (rootName !== "problem") return null;
    const type = textOf(elementAt(root, "type", "problem"), "problem/type") ?? "";
    return type.split("/").pop() || null;
  } catch {
    return null;
  }
}

async function call(url: string, options: Parameters<typeof send>[1]): Promise<TransportAnswer> {
  try {
    return await send(url, { timeoutMs: 5000, ...options });
  } catch (error) {
    if (error instanceof TransportError) throw unavailable(error.kind);
    throw error;
  }
}

/** The answer, if its signature holds (or nothing is checked); a failed call otherwise. */
function verified(answer: TransportAnswer): TransportAnswer {
  const problem = signatureProblem(answer.body, "dict-document");
  if (problem) {
    logger().warn({ status: answer.status, problem }, "a DICT answer's signature does not verify");
    throw unavailable("its answer's signature does not verify");
  }
  return answer;
}

const text = (root: XmlNode, path: string) => textOf(elementAt(root, path, "GetEntryResponse"), path) ?? "";

function entryOf(body: string): DictEntry {
  const { rootName, root } = parseXml(body);
  if (rootName !== "GetEntryResponse") throw unavailable(`an unexpected ${rootName}`);
  const counters = elementAt(root, "Statistics/Counters", "GetEntryResponse");
  const list = counters && typeof counters !== "string" ? counters.Counter : undefined;
  const confirmed = (Array.isArray(list) ? list : list ? [list] : []).find(
    (counter) => typeof counter !== "string" && counter["@_type"] === "CONFIRMED_FRAUDS" && counter["@_by"] === "KEY",
  );
  return {
    key: text(root, "Entry/Key"),
    keyType: text(root, "Entry/KeyType") as PixKeyType,
    participant: text(root, "Entry/Account/Participant"),
    branch: text(root, "Entry/Account/Branch") || null,
    accountNumber: text(root, "Entry/Account/AccountNumber"),
    accountType: text(root, "Entry/Account/AccountType"),
    ownerType: text(root, "Entry/Owner/Type") === "LEGAL_PERSON" ? "LEGAL_PERSON" : "NATURAL_PERSON",
    taxIdNumber: text(root, "Entry/Owner/TaxIdNumber"),
    name: text(root, "Entry/Owner/Name"),
    confirmedFrauds30d: confirmed && typeof confirmed !== "string" ? Number(confirmed["@_d30"] ?? 0) || 0 : 0,
  };
}

const cache = new Map<string, { entry: DictEntry; until: number }>();
const CACHE_SIZE = 1000;

/** Tests: forget what the directory said. */
export function clearDictCache(): void {
  cache.clear();
}

function maxAgeSeconds(answer: TransportAnswer): number {
  const control = header(answer, "Cache-Control") ?? "";
  if (/no-store|no-cache/i.test(control)) return 0;
  return Number(/max-age=(\d+)/i.exec(control)?.[1] ?? 0);
}

/** getEntry: who a key of another institution pays. 404 → "PIX key not found"; 429 → try later. */
export async function getEntry(key: string, lookup: KeyLookup, now = Date.now()): Promise<DictEntry> {
  const cached = cache.get(key);
  if (cached && cached.until > now) return cached.entry;
  const { dictUrl, ispb } = networkSettings();
  const answer = await call(`${dictUrl}/entries/${encodeURIComponent(key)}`, {
    headers: {
      Accept: "application/xml",
      "PI-RequestingParticipant": ispb,
      "PI-PayerId": lookup.payerDocument,
      "PI-EndToEndId": lookup.endToEndId,
    },
  });
  if (answer.status === 404) {
    verified(answer);
    throw notFound("PIX key not found", "pixKey");
  }
  if (answer.status === 429) {
    const retryAfter = Number(header(answer, "Retry-After") ?? 60) || 60;
    throw new AppError(
      "RATE_LIMIT_EXCEEDED",
      "too many PIX key look-ups for this payer; try again later",
      "pixKey",
      undefined,
      retryAfter,
    );
  }
  if (answer.status !== 200) throw unavailable(`${answer.status} ${problemType(answer.body) ?? ""}`.trim());
  const entry = entryOf(verified(answer).body);
  const maxAge = maxAgeSeconds(answer);
  if (maxAge > 0) {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(key, { entry, until: now + maxAge * 1000 });
  }
  return entry;
}

export type NewEntry = {
  key: string;
  keyType: PixKeyType;
  branch: string;
  accountNumber: string;
  openingDate: Date;
  ownerType: "NATURAL_PERSON" | "LEGAL_PERSON";
  taxIdNumber: string;
  name: string;
};

/**
 * checkKeys for one key: whether the directory holds an entry for it, signed like every request
 * with a body; null when the directory cannot say now (createEntry then decides).
 */
export async function keyHasEntry(key: string): Promise<boolean | null> {
  const { dictUrl } = networkSettings();
  const body = signedDictRequest(buildXml({ CheckKeysRequest: { Keys: { Key: key } } }));
  try {
    const answer = verified(await call(`${dictUrl}/keys/check`, { method: "POST", body }));
    if (answer.status !== 200) return null;
    const { rootName, root } = parseXml(answer.body);
    if (rootName !== "CheckKeysResponse") return null;
    const keys = typeof root === "string" ? undefined : elementAt(root, "Keys", rootName);
    const listed = keys && typeof keys !== "string" ? keys.Key : undefined;
    const found = (Array.isArray(listed) ? listed : listed ? [listed] : []).find(
      (item) => textOf(item, "CheckKeysResponse/Keys/Key") === key,
    );
    const hasEntry = attributeOf(found, "hasEntry", "CheckKeysResponse/Keys/Key");
    return hasEntry === "true" ? true : hasEntry === "false" ? false : null;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

export type CreateEntryOutcome =
  | { status: "created"; key: string | null }
  | { status: "refused"; problem: string | null; detail: string };

/** The key the directory answered (an EVP is made by the DICT). */
function createdKey(body: string): string | null {
  try {
    const { root } = parseXml(body);
    return textOf(elementAt(root, "Entry/Key", "CreateEntryResponse"), "Entry/Key") ?? null;
  } catch {
    return null;
  }
}

/** createEntry, signed; a 5xx or no answer is tried again with the same RequestId. */
export async function createEntry(entry: NewEntry, attempts = 3): Promise<CreateEntryOutcome> {
  const { dictUrl, ispb } = networkSettings();
  const requestId = randomUUID();
  const body = signedDictRequest(
    buildXml({
      CreateEntryRequest: {
        Entry: {
          ...(entry.keyType === "EVP" && !entry.key ? {} : { Key: entry.key }),
          KeyType: entry.keyType,
          Account: {
            Participant: ispb,
            Branch: entry.branch,
            AccountNumber: entry.accountNumber,
            AccountType: "TRAN",
            OpeningDate: entry.openingDate.toISOString(),
          },
          Owner: { Type: entry.ownerType, TaxIdNumber: entry.taxIdNumber, Name: entry.name },
        },
        Reason: "USER_REQUESTED",
        RequestId: requestId,
      },
    }),
  );
  for (let attempt = 1; ; attempt++) {
    let answer: TransportAnswer | null = null;
    try {
      answer = await call(`${dictUrl}/entries`, { method: "POST", body });
    } catch (error) {
      if (!(error instanceof AppError) || attempt >= attempts) throw error;
    }
    if (answer && answer.status < 500) {
      verified(answer);
      if (answer.status === 201) return { status: "created", key: createdKey(answer.body) };
      return { status: "refused", problem: problemType(answer.body), detail: answer.body.slice(0, 500) };
    }
    if (attempt >= attempts) throw unavailable(`createEntry answered ${answer?.status ?? "nothing"}`);
    await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt, { baseMs: 200, maxMs: 2000 })));
  }
}

/** deleteEntry, signed; a key the directory no longer holds is gone already. */
export async function deleteEntry(key: string): Promise<void> {
  const { dictUrl, ispb } = networkSettings();
  const body = signedDictRequest(
    buildXml({ DeleteEntryRequest: { Key: key, Participant: ispb, Reason: "USER_REQUESTED" } }),
  );
  const answer = await call(`${dictUrl}/entries/${encodeURIComponent(key)}/delete`, { method: "POST", body });
  cache.delete(key);
  if (answer.status === 200 || answer.status === 404) return;
  throw unavailable(`deleteEntry answered ${answer.status} ${problemType(answer.body) ?? ""}`.trim());
}
