import { createHash } from "node:crypto";
import { type Context, Hono } from "hono";
import type { NetworkContext } from "./context";
import {
  type DictAnswer,
  type EntryCounts,
  entryElement,
  signedProblem,
  signedResponse,
  statisticsElement,
  tampered,
} from "./dict-documents";
import { mountInfractionRoutes } from "./dict-infractions";
import type { DirectoryEntry } from "./directory-entry";
import { decideCreateEntry, fingerprintOf, readCreateEntryRequest, readDeleteEntryRequest } from "./entry-requests";
import { END_TO_END_ID_PATTERN, ISPB_PATTERN } from "./ids";
import { FRAUD_DOMAIN } from "./institutions";
import { keyTypeOf, MAX_KEY_LENGTH } from "./pix-keys";
import { signatureRefused, verifyXml } from "./signing";
import { at, type ParsedXml, parseXml, UnreadableXml } from "./xml";

const MAX_BODY_BYTES = 200_000;
/** How long a payer's PSP may keep a getEntry answer. */
export const ENTRY_CACHE_CONTROL = "private, max-age=60";

/** The DICT API 1.8.0 operations this simulator offers, mounted at /dict/api/v1. */
export function dictRoutes(context: NetworkContext): Hono {
  const app = new Hono();
  const { identity, directory, budgets, faults } = context;

  /** Every answer leaves signed; the tamper fault changes a field of it afterwards. */
  const send = (c: Context, answer: DictAnswer) => {
    const body = faults.takeTamper() ? tampered(answer.body) : answer.body;
    return c.body(body, answer.status as 200, {
      "Content-Type": `${answer.contentType}; charset=utf-8`,
      ...(answer.headers ?? {}),
    });
  };
  const problem = (...args: Parameters<typeof signedProblem> extends [unknown, ...infer Rest] ? Rest : never) =>
    signedProblem(identity, ...args);

  /** Reads a signed request body: 400 BadRequest when unreadable, 400 RequestSignatureInvalid when it does not verify. */
  async function signedRequest(c: Context, rootName: string): Promise<{ parsed: ParsedXml } | { refusal: DictAnswer }> {
    if (!/^application\/xml\b/i.test(c.req.header("content-type") ?? "")) {
      return { refusal: problem(400, "BadRequest", "Content-Type must be application/xml") };
    }
    const encoding = c.req.header("content-encoding");
    if (encoding && encoding.toLowerCase() !== "identity") {
      return { refusal: problem(400, "BadRequest", "compressed requests are not supported") };
    }
    const text = await c.req.text();
    if (Buffer.byteLength(text) > MAX_BODY_BYTES)
      return { refusal: problem(400, "BadRequest", "the body is too large") };
    let parsed: ParsedXml;
    try {
      parsed = parseXml(text);
    } catch (error) {
      if (error instanceof UnreadableXml)
        return { refusal: problem(400, "BadRequest", `Could not parse request body: ${error.message}`) };
      throw error;
    }
    if (parsed.rootName !== rootName)
      return { refusal: problem(400, "BadRequest", `the root element must be ${rootName}`) };
    const signature = verifyXml(text, "dict-document", context.participantCertificatePem);
    if (signatureRefused(signature, context.participantCertificatePem)) {
      const reason = signature.status === "invalid" ? signature.reason : "the request is not signed";
      return { refusal: problem(400, "RequestSignatureInvalid", reason) };
    }
    return { parsed };
  }

  const createEntry = async (c: Context) => {
    const read = await signedRequest(c, "CreateEntryRequest");
    if ("refusal" in read) return send(c, read.refusal);
    const request = readCreateEntryRequest(read.parsed.root);
    if (!request.ok) return send(c, problem(400, "EntryInvalid", "Entry has invalid fields", request.violations));
    const participant = request.value.entry.account.participant;
    const earlier = directory.createAnswer(participant, request.value.requestId);
    if (earlier) {
      if (earlier.fingerprint !== fingerprintOf(request.value)) {
        return send(c, problem(400, "RequestIdAlreadyUsed", "this RequestId was used for another entry"));
      }
      return send(c, {
        status: earlier.status,
        body: earlier.body,
        contentType: earlier.status === 201 ? "application/xml" : "application/problem+xml",
      });
    }
    const decision = decideCreateEntry(directory, request.value);
    const answer =
      decision.kind === "created"
        ? signedResponse(identity, "CreateEntryResponse", decision.content, 201)
        : problem(400, decision.type, decision.detail);
    directory.keepCreateAnswer({
      participant,
      requestId: request.value.requestId,
      fingerprint: fingerprintOf(request.value),
      status: answer.status,
      body: answer.body,
    });
    return send(c, answer);
  };
  app.post("/entries", createEntry);
  app.post("/entries/", createEntry);

  app.get("/entries/:key", (c) => {
    const key = c.req.param("key");
    const requester = c.req.header("PI-RequestingParticipant");
    const payerId = c.req.header("PI-PayerId");
    const endToEndId = c.req.header("PI-EndToEndId");
    const violations = [
      !requester || !ISPB_PATTERN.test(requester)
        ? { reason: "8 digits, required", value: requester ?? "", property: "PI-RequestingParticipant" }
        : undefined,
      !payerId || !/^([0-9]{11}|[0-9]{14})$/.test(payerId)
        ? { reason: "CPF or CNPJ digits, required", value: payerId ?? "", property: "PI-PayerId" }
        : undefined,
      !endToEndId || !END_TO_END_ID_PATTERN.test(endToEndId)
        ? { reason: "an EndToEndId, required", value: endToEndId ?? "", property: "PI-EndToEndId" }
        : undefined,
    ].filter((violation) => violation !== undefined);
    if (violations.length > 0) return send(c, problem(400, "BadRequest", "missing or malformed headers", violations));
    const keyType = keyTypeOf(key);
    if (!keyType || key.length > MAX_KEY_LENGTH) {
      return send(
        c,
        problem(400, "BadRequest", "the key matches no key type", [
          { reason: "not a key", value: key, property: "Key" },
        ]),
      );
    }
    const [participant, payer, endToEnd] = [requester as string, payerId as string, endToEndId as string];
    if (!budgets.allows(participant, payer, keyType)) {
      return send(c, problem(429, "RateLimited", "too many look-ups for this payer", [], { "Retry-After": "30" }));
    }
    const entry = directory.resolve(key);
    budgets.charge(participant, payer, keyType, entry !== undefined, endToEnd);
    if (!entry) {
      return send(
        c,
        problem(404, "NotFound", "Entry associated with given key does not exist", [], { "Cache-Control": "no-store" }),
      );
    }
    if (entry.origin === "participant" && entry.account.participant === participant) {
      return send(
        c,
        problem(400, "EntryCannotBeQueriedForBookTransfer", "the payer and the key are at the same participant"),
      );
    }
    const content = { Entry: entryElement(entry), Statistics: statisticsElement(countsOf(context, entry)) };
    return send(
      c,
      signedResponse(identity, "GetEntryResponse", content, 200, { "Cache-Control": ENTRY_CACHE_CONTROL }),
    );
  });

  // checkKeys: which keys have an entry held by a participant (registered here, or a simulated
  // institution's); a well-formed key nobody registered has none, whatever getEntry would make up.
  app.post("/keys/check", async (c) => {
    const read = await signedRequest(c, "CheckKeysRequest");
    if ("refusal" in read) return send(c, read.refusal);
    const listed = at(read.parsed.root, "Keys");
    const raw = typeof listed === "object" && !Array.isArray(listed) ? listed.Key : undefined;
    const keys = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map((key) =>
      typeof key === "string" ? key : "",
    );
    if (keys.length < 1 || keys.length > 200 || keys.some((key) => !keyTypeOf(key) || key.length > MAX_KEY_LENGTH)) {
      return send(
        c,
        problem(400, "BadRequest", "Keys must hold 1 to 200 keys", [{ reason: "1 to 200 keys", property: "Keys" }]),
      );
    }
    const checked = keys.map((key) => ({ "@_hasEntry": String(directory.holder(key) !== undefined), "#text": key }));
    return send(c, signedResponse(identity, "CheckKeysResponse", { Keys: { Key: checked } }));
  });

  app.post("/entries/:key/delete", async (c) => {
    const read = await signedRequest(c, "DeleteEntryRequest");
    if ("refusal" in read) return send(c, read.refusal);
    const request = readDeleteEntryRequest(read.parsed.root, c.req.param("key"));
    if (!request.ok) return send(c, problem(400, "BadRequest", "the request has invalid fields", request.violations));
    const entry = directory.registered(request.value.key);
    if (!entry) return send(c, problem(404, "NotFound", "Entry associated with given key does not exist"));
    if (entry.account.participant !== request.value.participant) {
      return send(c, problem(403, "Forbidden", "the entry is held by another participant"));
    }
    directory.remove(entry.key);
    return send(c, signedResponse(identity, "DeleteEntryResponse", { Key: entry.key }));
  });

  const emptyList = (rootName: string, listName: string) => (c: Context) => {
    const participant = c.req.query("Participant");
    if (!participant || !/^[0-9]{8}$/.test(participant)) {
      return send(
        c,
        problem(400, "BadRequest", "Participant must be 8 digits", [{ reason: "required", property: "Participant" }]),
      );
    }
    const limit = c.req.query("Limit");
    if (limit !== undefined && !(/^[0-9]+$/.test(limit) && Number(limit) >= 1 && Number(limit) <= 200)) {
      return send(
        c,
        problem(400, "BadRequest", "Limit must be 1 to 200", [{ reason: "1 to 200", value: limit, property: "Limit" }]),
      );
    }
    return send(c, signedResponse(identity, rootName, { HasMoreElements: "false", [listName]: "" }));
  };
  for (const path of ["/claims", "/claims/"]) app.get(path, emptyList("ListClaimsResponse", "Claims"));
  mountInfractionRoutes(app, context, { send, problem, signedRequest });

  app.all("*", (c) => send(c, problem(404, "NotFound", "the simulator does not offer this operation")));
  return app;
}

/**
 * An entry's counters: payments settled through the simulator to its key, plus, for a simulated customer, a history
 * derived from the key; keys under fraud.sandbox carry reported and confirmed frauds.
 */
function countsOf(context: NetworkContext, entry: DirectoryEntry): EntryCounts {
  let settledHere = 0;
  for (const tx of context.records.transactions.values()) {
    if (tx.kind === "payment" && tx.state === "settled" && tx.creditorKey === entry.key) settledHere++;
  }
  const history =
    entry.origin === "simulated" ? (createHash("sha256").update(`history:${entry.key}`).digest()[0] as number) : 0;
  const fraud = entry.key.endsWith(`@${FRAUD_DOMAIN}`);
  return {
    settlements: { d3: settledHere + (history % 3), d30: settledHere + (history % 40), m6: settledHere + history },
    reportedFrauds: fraud ? { d3: 1, d30: 4, m6: 9 } : { d3: 0, d30: 0, m6: 0 },
    confirmedFrauds: fraud ? { d3: 0, d30: 2, m6: 5 } : { d3: 0, d30: 0, m6: 0 },
    rejected: { d3: 0, d30: 0, m6: 0 },
  };
}
