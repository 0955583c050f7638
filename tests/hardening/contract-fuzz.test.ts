/**
 * Contract fuzz: every operation of the three REST surfaces, read from the OpenAPI
 * documents the apps serve, gets valid and spoilt requests generated from its schemas. No
 * answer may be a 5xx; every answer has a documented status and the surface's shape (on API Pix:
 * the Central Bank specification's schemas, errors its `Problema`); a refused request changes
 * nothing; the ledger verifies at the end. API Pix routes are covered as they land (the walk
 * reads its document); until then its door is fuzzed with arbitrary paths under /api/pix/v2. `FUZZ_RUNS` (default 25) is the
 * number of valid and of spoilt requests per operation; `FUZZ_DEBUG=1` prints every answer.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { accountApi } from "../../server/account-api/app";
import { API_PIX_BASE, createApiPix } from "../../server/api-pix/app";
import { plusDays, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { db } from "../../server/db/client";
import { gatewayApi } from "../../server/gateway/app";
import { verifyLedger } from "../../server/ledger/verify";
import { call, fundedMerchant, randomCpf } from "../support/fixtures";
import { isHostileInput, knownDefect } from "./known-defects";
import { apiPixAnswerErrors, seedApiPixRecords } from "./support/api-pix";
import {
  encodeSegment,
  NASTY_BODIES,
  NASTY_STRINGS,
  type Operation,
  operationsOf,
  type Schema,
  spoilt,
  valid,
} from "./support/openapi";
import {
  allowManyRequests,
  type Merchant,
  type Sent,
  type Surface,
  send as sendAs,
  withBearer,
} from "./support/requests";
import { stateFingerprint } from "./support/state";

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

const allowances = { serverErrorOnHostileInput: 0 };
const statuses: Record<string, number> = {};
let me: Merchant;
let other: Merchant;
let knownIds: string[] = [];
/** Plausible values for fields business rules check, so that some valid requests succeed. */
let hints: Record<string, unknown> = {};

beforeAll(async () => {
  allowManyRequests();
  me = await withBearer(await fundedMerchant(10_000_000n));
  other = await withBearer(await fundedMerchant(1_000n));
  knownIds = await seedIds(me);
  const otherCharge = await call(accountApi(), "POST", "/v4/i/pix/in/dynamic-qrcode", {
    auth: other.auth,
    body: { accountId: other.accountId, amount: 0.5 },
  });
  const credit = await db().ledgerEntry.findFirst({ where: { accountId: me.accountId, type: "credit" } });
  const pix = await seedApiPixRecords(me as Merchant & { bearer: string }, credit?.endToEndId ?? undefined);
  knownIds.push(pix.chave, ...pix.txids, ...pix.locIds, ...pix.refundIds);
  if (pix.notes.length) console.warn(`API Pix seeding refused: ${pix.notes.join("; ")}`);
  const dueDate = plusDays(todayInSaoPaulo(), 10);
  const debtor = { name: "Pagadora", cpf: randomCpf() };
  const bill = await call(accountApi(), "POST", "/v4/i/charges/due-date", {
    auth: me.auth,
    body: { accountId: me.accountId, dueDate, debtor, amount: 10, fine: { mode: 2, value: 2 } },
  });
  if (bill.status === 200) knownIds.push(bill.json.data.txId);
  else console.warn(`due-date charge seeding refused: ${bill.text}`);
  hints = {
    chave: pix.chave,
    amount: 1.5,
    pixKey: "ana@example.invalid",
    pix_key: "ana@example.invalid",
    pix_key_type: "email",
    emv: otherCharge.json?.data?.emv,
    receiverBankAccount: other.accountId,
    end_to_end_id: credit?.endToEndId,
    cpf: randomCpf(),
    events: ["pix.charge.paid"],
    dueDate,
    debtor,
    event: ["*"],
  };
});

afterAll(() => {
  console.info(`contract fuzz answers by status: ${JSON.stringify(statuses)}`);
  const d = knownDefect("server-error-on-hostile-input");
  if (d && allowances.serverErrorOnHostileInput > 0) {
    console.warn(`known defect "${d.summary}" (${d.owner}) allowed ${allowances.serverErrorOnHostileInput} times`);
  }
});

/** Ids of this merchant's own records, so that valid requests reach the handlers, not only 404. */
async function seedIds(m: Merchant): Promise<string[]> {
  const charge = await call(accountApi(), "POST", "/v4/i/pix/in/dynamic-qrcode", {
    auth: m.auth,
    body: { accountId: m.accountId, amount: 12.34 },
  });
  const payout = await call(accountApi(), "POST", `/v4/i/bank-accounts/${m.accountId}/transfer/external`, {
    auth: m.auth,
    body: { amount: 1, pixKey: "ana@example.invalid", externalId: "fuzz-seed" },
  });
  const config = await call(accountApi(), "POST", "/v4/i/webhooks/config", {
    auth: m.auth,
    body: { event: ["*"], targetUrl: "https://127.0.0.1/hook" },
  });
  const entries = await db().ledgerEntry.findMany({ where: { accountId: m.accountId }, take: 5 });
  const events = await db().outboxEvent.findMany({ take: 3, orderBy: { createdAt: "desc" } });
  const ids = [
    m.accountId,
    charge.json?.data?.txId,
    payout.json?.data?.endToEndId,
    config.json?.data?.id,
    ...entries.flatMap((e) => [e.id, e.endToEndId, e.externalId]),
    ...events.map((e) => e.id),
  ];
  return ids.filter((id): id is string => typeof id === "string" && id.length > 0);
}

type Request = { path: string; query: Record<string, unknown>; body: unknown; rawBody?: string };

function requestFor(op: Operation, mode: "valid" | "spoilt"): fc.Arbitrary<Request> {
  const own = fc.constantFrom(...knownIds);
  const pathArbs = Object.fromEntries(
    op.parameters
      .filter((p) => p.in === "path")
      .map((p) => [
        p.name,
        mode === "valid"
          ? p.name === "accountId"
            ? fc.oneof({ arbitrary: fc.constant(me.accountId), weight: 3 }, valid(p.schema, p.name).map(String))
            : fc.oneof(own, valid(p.schema, p.name).map(String))
          : fc.oneof(
              fc.constantFrom(...NASTY_STRINGS).filter((s) => s.length > 0 && s.length < 500),
              own,
            ),
      ]),
  );
  const queryArbs = Object.fromEntries(
    op.parameters
      .filter((p) => p.in === "query")
      .map((p) => [p.name, mode === "valid" ? valid(p.schema, p.name) : spoilt(p.schema)]),
  );
  const bodyArb: fc.Arbitrary<unknown> = op.body
    ? mode === "valid"
      ? fc
          .tuple(valid(op.body), fc.nat(2))
          .map(([body, how]) => (how === 0 ? body : withOwnAccount(how === 2 ? hinted(op.body, body) : body)))
      : spoilt(op.body)
    : fc.constant(undefined);
  return fc
    .record({ params: fc.record(pathArbs), query: fc.record(queryArbs, { requiredKeys: [] }), body: bodyArb })
    .map(({ params, query, body }) => ({
      path: op.path.replace(/\{(\w+)\}/g, (_, name) => encodeSegment(String(params[name]))),
      query,
      body,
    }));
}

/** The body's required fields, with the hints for every field the schema has. */
function hinted(schema: Schema, body: unknown): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
  const required = new Set<string>(schema.required ?? []);
  const kept = Object.entries(body).filter(([k]) => required.has(k));
  const hintedKeys = Object.keys(schema.properties ?? {}).filter((k) => hints[k] !== undefined);
  return { ...Object.fromEntries(kept), ...Object.fromEntries(hintedKeys.map((k) => [k, hints[k]])) };
}

function withOwnAccount(body: unknown): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
  const patched: Record<string, unknown> = { ...body };
  if ("accountId" in patched) patched.accountId = me.accountId;
  if ("receiverBankAccount" in patched) patched.receiverBankAccount = other.accountId;
  return patched;
}

function send(surface: Surface, op: Operation, request: Request): Promise<Sent> {
  const text = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  return sendAs(surface, me, op.method, request.path, request.query, text);
}

const gatewayErrorShape = z.union([
  z.object({ error: z.object({ status: z.number(), message: z.string() }) }),
  z.object({ worked: z.literal(false), detail: z.string() }),
  z.object({ error: z.literal("forbidden"), message: z.string() }),
  z.object({ errors: z.record(z.string(), z.string()) }),
]);

const schemaCache = new Map<unknown, z.ZodType>();
function zodOf(schema: object): z.ZodType {
  let parsed = schemaCache.get(schema);
  if (!parsed) {
    parsed = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
    schemaCache.set(schema, parsed);
  }
  return parsed;
}

/** The specification's general errors (RequisicaoInvalida, NaoEncontrado...) any API Pix operation may answer. */
const API_PIX_GENERAL_STATUSES = [400, 401, 403, 404, 410, 429, 503];

const owners = () => ({ userIds: [me.userId, other.userId], accountIds: [me.accountId, other.accountId] });

/** The contract's checks on one answer; throws (for fast-check to shrink) when one fails. */
async function check(surface: Surface, op: Operation, request: Request) {
  const before = await stateFingerprint(owners());
  const sent = await send(surface, op, request);
  statuses[sent.status] = (statuses[sent.status] ?? 0) + 1;
  if (process.env.FUZZ_DEBUG)
    console.log(`FZ ${op.method} ${op.path} ${sent.status} ${JSON.stringify(sent.json)?.slice(0, 160)}`);
  const where = `${op.method} ${sent.url} body=${sent.body?.slice(0, 300)} → ${sent.status} ${JSON.stringify(sent.json)?.slice(0, 300)}`;
  if (sent.status >= 500) {
    const allowed = sent.status === 500 && isHostileInput(sent.url, sent.body);
    if (allowed && knownDefect("server-error-on-hostile-input")) allowances.serverErrorOnHostileInput++;
    else throw new Error(`5xx: ${where}`);
  } else {
    // The surfaces document every status a route answers and the shape of each answer (API Pix: but
    // the general errors, which the specification allows everywhere and are checked as Problema below).
    const general = surface === "api-pix" && API_PIX_GENERAL_STATUSES.includes(sent.status);
    if (!(String(sent.status) in op.responses) && sent.status !== 413 && !general)
      throw new Error(`undocumented status: ${where}`);
    const schema = op.responses[String(sent.status)] ?? op.responses[sent.status < 300 ? "200" : "400"];
    if (schema) {
      const result = zodOf(schema).safeParse(sent.json);
      if (!result.success) throw new Error(`answer off its schema (${result.error.message.slice(0, 300)}): ${where}`);
    }
    if (surface === "gateway" && sent.status >= 300 && !gatewayErrorShape.safeParse(sent.json).success)
      throw new Error(`error off the surface's shape: ${where}`);
    if (surface === "api-pix") {
      const errors = apiPixAnswerErrors(op.method, sent);
      if (errors.length) throw new Error(`answer off the specification (${errors.join("; ").slice(0, 300)}): ${where}`);
    }
  }
  if (sent.status >= 300) {
    const after = await stateFingerprint(owners());
    if (after !== before) throw new Error(`refused request changed state (${before} → ${after}): ${where}`);
  }
}

/** The surfaces and how many operations each documents at least (API Pix: its routes are landing). */
const surfaces = [
  ["account", () => operationsOf(accountApi()), 5],
  ["gateway", () => operationsOf(gatewayApi()), 5],
  ["api-pix", () => operationsOf(createApiPix()), 0],
] as const;

describe.each(surfaces)("contract fuzz: %s surface", (surface, operations, atLeast) => {
  // The route table at collection time: sandbox routes follow PIX_RAIL like the app does.
  const ops = operations();

  it("documents operations to fuzz", () => {
    expect(ops.length).toBeGreaterThanOrEqual(atLeast);
  });

  it.skipIf(ops.length === 0).each(ops.map((op) => [`${op.method} ${op.path}`, op] as const))(
    "%s",
    async (_name, op) => {
      for (const mode of ["valid", "spoilt"] as const) {
        await fc.assert(
          fc.asyncProperty(requestFor(op, mode), (request) => check(surface, op, request)),
          { numRuns: RUNS, endOnFailure: true },
        );
      }
      if (op.body) {
        const path = op.path.replace(/\{(\w+)\}/g, () => encodeSegment(me.accountId));
        for (const rawBody of NASTY_BODIES) await check(surface, op, { path, query: {}, body: undefined, rawBody });
      }
    },
  );

  it("the ledger verifies after the fuzzing", async () => {
    const result = await verifyLedger(db());
    expect(result.violations).toEqual([]);
  });
});

/**
 * The API Pix door itself, whatever routes it has: arbitrary methods, paths under the base and
 * bodies, with and without a bearer token. Every answer is a 4xx the specification's `Problema`
 * describes (or a 2xx of a served operation, checked against the specification), never a 5xx.
 */
describe("contract fuzz: API Pix door", () => {
  const segment = fc.oneof(
    fc.constantFrom("cob", "cobv", "loc", "pix", "webhook", "devolucao", "txid", "lotecobv", "openapi.json"),
    fc.constantFrom(...NASTY_STRINGS).filter((s) => s.length > 0 && s.length < 300),
    fc.stringMatching(/^[a-zA-Z0-9]{1,40}$/),
  );
  const request = fc.record({
    method: fc.constantFrom("GET", "PUT", "POST", "PATCH", "DELETE"),
    segments: fc.array(segment, { minLength: 1, maxLength: 4 }),
    body: fc.oneof(fc.constant(undefined), fc.constantFrom(...NASTY_BODIES), fc.json({ maxDepth: 3 })),
    authenticated: fc.boolean(),
  });

  it("answers every request with a problem or a served operation's answer, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ method, segments, body, authenticated }) => {
        const path = `${API_PIX_BASE}/${segments.map(encodeSegment).join("/")}`;
        const as = authenticated ? me : { ...me, bearer: "Bearer not-a-token" };
        const sent = await sendAs("api-pix", as, method, path, {}, method === "GET" ? undefined : body);
        statuses[sent.status] = (statuses[sent.status] ?? 0) + 1;
        const where = `${method} ${path} body=${body?.slice(0, 200)} → ${sent.status} ${sent.text.slice(0, 300)}`;
        if (sent.status >= 500) {
          const allowed = sent.status === 500 && isHostileInput(sent.url, sent.body);
          if (allowed && knownDefect("server-error-on-hostile-input")) allowances.serverErrorOnHostileInput++;
          else throw new Error(`5xx: ${where}`);
        }
        if (!authenticated && sent.status !== 401 && !path.endsWith("/openapi.json"))
          throw new Error(`no token, yet not 401: ${where}`);
        if (sent.status < 300 && path.endsWith("/openapi.json")) return;
        const errors = apiPixAnswerErrors(method, sent);
        if (errors.length) throw new Error(`answer off the specification (${errors.join("; ")}): ${where}`);
      }),
      { numRuns: RUNS * 4, endOnFailure: true },
    );
  });
});
