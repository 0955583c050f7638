/**
 * Tenant isolation matrix, API Pix entry (the other surfaces are in tenant-matrix.test.ts).
 * Merchant A, with its own bearer token, asks for merchant B's records through every operation
 * of the surface's OpenAPI document that takes an id (path parameters, and `chave` in a body),
 * each of B's ids in turn,
 * so routes are covered as they land, without editing this file. A 400 counts as the lookup's
 * refusal only when the id passes the field's own schema and the problem's violations name it. B's records are made through
 * the specification's operations the surface serves (support/api-pix.ts), plus a charge of the
 * one charge model and B's received PIX. Every answer is a refusal that is the specification's
 * `Problema` (403/404, or 400 naming the field), nothing of B shows, and nothing of B changes.
 *
 * A path parameter that names the record a PUT creates (the last one of a PUT answering 201:
 * `PUT /cob/{txid}`, `PUT /pix/{e2eid}/devolucao/{id}`) is the caller's choice, not a lookup:
 * txids are unique per receiver, so A may create its own record under B's txid, but B's stays
 * as it was.
 */
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { API_PIX_BASE, createApiPix } from "../../server/api-pix/app";
import { plusDays, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { createCharge } from "../../server/charges/service";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { IN_SCOPE, splitOperation } from "../api-pix/spec/document";
import { fundedMerchant } from "../support/fixtures";
import { allowPrivateTargets } from "../webhooks/support";
import { apiPixAnswerErrors, type Bearing, cobrTerms, cobvTerms, newTxid, seedApiPixRecords } from "./support/api-pix";
import { type Operation, operationsOf, type Schema, valid } from "./support/openapi";
import { allowManyRequests, send, withBearer } from "./support/requests";
import { stateFingerprint } from "./support/state";

const SAMPLES = 4;
const BODY_IDS = /^chave$/;

let a: Bearing;
let b: Bearing;
let aIds: string[] = [];
let bIds: string[] = [];
let bSecrets: string[] = [];
let hints: { chave?: string } = {};
let cobrHints: Record<string, unknown> = {};
/** B's ids A has since created a record under (a txid is the creator's choice): A's own now. */
const takenByA = new Set<string>();
const idsOfB = () => bIds.filter((id) => !takenByA.has(id));

const unique = (values: (string | null | undefined)[]) => [
  ...new Set(values.filter((v): v is string => typeof v === "string" && v.length > 0)),
];
const fingerprint = (m: Bearing) => stateFingerprint({ userIds: [m.userId], accountIds: [m.accountId] });

beforeAll(async () => {
  allowManyRequests();
  allowPrivateTargets();
  resetConfigForTests();
  a = await withBearer(await fundedMerchant(1_000_000n));
  b = await withBearer(await fundedMerchant(1_000_000n));
  const credit = (m: Bearing) =>
    db().ledgerEntry.findFirstOrThrow({ where: { accountId: m.accountId, type: "credit" } });
  const [aCredit, bCredit] = [await credit(a), await credit(b)];
  const aRecords = await seedApiPixRecords(a, aCredit.endToEndId ?? undefined);
  const bRecords = await seedApiPixRecords(b, bCredit.endToEndId ?? undefined);
  for (const note of [...aRecords.notes, ...bRecords.notes]) console.warn(`API Pix seeding refused: ${note}`);
  const bCharge = await createCharge(db(), { userId: b.userId, accountId: b.accountId, amountCents: 777n });
  hints = { chave: aRecords.chave };
  cobrHints = cobrTerms(a.accountId, aRecords.recIds[0]);
  aIds = unique([
    aRecords.chave,
    ...aRecords.txids,
    ...aRecords.locIds,
    ...aRecords.refundIds,
    ...aRecords.batchIds,
    ...aRecords.recIds,
    ...aRecords.solicRecIds,
    aCredit.endToEndId,
  ]);
  bIds = unique([
    bRecords.chave,
    ...bRecords.txids,
    ...bRecords.locIds,
    ...bRecords.refundIds,
    ...bRecords.batchIds,
    ...bRecords.recIds,
    ...bRecords.solicRecIds,
    bCharge.txId,
    bCredit.endToEndId,
    b.accountId,
  ]);
  const user = await db().user.findUniqueOrThrow({ where: { id: b.userId } });
  const account = await db().account.findUniqueOrThrow({ where: { id: b.accountId } });
  bSecrets = unique([...bIds, user.name, user.email, account.document, b.clientSecret]);
});

function expectNothingOfB(text: string, asked: string, where: string) {
  const leaked = bSecrets.filter((s) => s !== asked && s.length >= 6 && text.includes(s));
  expect(leaked, `${where} revealed B's data`).toEqual([]);
}

type Target = { name: string; where: "path" | "body"; creates: boolean };

/** A PUT that creates the record its last path parameter names (201, or 202 for a batch taken to process). */
const createsRecord = (op: Operation) => op.method === "PUT" && ("201" in op.responses || "202" in op.responses);

/** The path parameter naming the record a creating PUT creates (the last one), if any. */
function creatingParam(op: Operation): string | undefined {
  return createsRecord(op) ? op.parameters.filter((p) => p.in === "path").at(-1)?.name : undefined;
}

function targetsOf(op: Operation): Target[] {
  const pathParams = op.parameters.filter((p) => p.in === "path").map((p) => p.name);
  const creates = createsRecord(op);
  return [
    ...pathParams.map((name, i) => ({
      name,
      where: "path" as const,
      creates: creates && i === pathParams.length - 1,
    })),
    ...Object.keys(op.body?.properties ?? {})
      .filter((k) => BODY_IDS.test(k))
      .map((name) => ({ name, where: "body" as const, creates: false })),
  ];
}

/** A's own id shaped as the parameter asks, so that only the target slot is B's. */
function ownIdFor(op: Operation, name: string): string {
  const schema = op.parameters.find((p) => p.in === "path" && p.name === name)?.schema;
  // a day (POST /cobr/{txid}/retentativa/{data}): one the schema takes, so only the other slot is B's
  if (schema?.format === "date") return plusDays(todayInSaoPaulo(), 8);
  const pattern = schema?.pattern;
  const fits = pattern ? aIds.filter((id) => new RegExp(pattern).test(id)) : aIds;
  return fits[0] ?? aIds[0] ?? "x";
}

/** A's hints for an operation's body: a cobv's also get terms the rules accept, so its txid is reached. */
const hintsFor = (op: Operation) =>
  op.path.includes("/lotecobv")
    ? { ...hints, descricao: "Lote", cobsv: [{ txid: newTxid(), ...cobvTerms(), chave: hints.chave }] }
    : op.path.includes("/cobv")
      ? { ...hints, ...cobvTerms() }
      : op.path.includes("/cobr")
        ? { ...hints, ...cobrHints }
        : hints;

/** Bodies for the operation: the required fields with A's hints first, then generated ones. */
function bodiesFor(schema: Schema, seed: number, hints: Record<string, unknown>): unknown[] {
  if (!schema) return [undefined];
  const generated = fc.sample(valid(schema), { numRuns: SAMPLES, seed });
  const first = generated[0];
  if (!first || typeof first !== "object" || Array.isArray(first)) return generated;
  const minimal = minimalOf(schema, first) as Record<string, unknown>;
  const hinted = Object.fromEntries(
    Object.keys(schema.properties ?? {}).flatMap((k) => (k in hints ? [[k, hints[k]]] : [])),
  );
  return [{ ...minimal, ...hinted }, ...generated.map((g) => (g && typeof g === "object" ? { ...g, ...hinted } : g))];
}

/** The value with only what the schema requires, at every depth (optional parts may be refused by rules). */
function minimalOf(schema: Schema, value: unknown): unknown {
  if (!schema || value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const required = new Set<string>(schema.required ?? []);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => required.has(k))
      .map(([k, v]) => [k, minimalOf(schema.properties?.[k], v)]),
  );
}

/** A 400 whose violations name the field: the id was looked at and refused. */
function namesTarget(json: unknown, target: Target): boolean {
  const violations = (json as { violacoes?: { propriedade?: string }[] } | null)?.violacoes ?? [];
  return violations.some((v) => v.propriedade === target.name || v.propriedade?.endsWith(`.${target.name}`));
}

/** Whether the id passes the field's own schema, so that a 400 naming it is the service's refusal. */
function fitsSchema(op: Operation, target: Target, id: string): boolean {
  const schema =
    target.where === "path"
      ? op.parameters.find((p) => p.in === "path" && p.name === target.name)?.schema
      : op.body?.properties?.[target.name];
  if (!schema) return true;
  if (schema.maxLength !== undefined && id.length > schema.maxLength) return false;
  if (schema.minLength !== undefined && id.length < schema.minLength) return false;
  return !schema.pattern || new RegExp(schema.pattern).test(id);
}

// The operations held to the specification (IN_SCOPE): the matrix builds B's records from its schemas.
// Creating PUTs run last: one may take an id of B for A (a batch id is each merchant's own), and
// the look-ups must have tried B's ids before.
const operations = operationsOf(createApiPix())
  .filter(
    (op) =>
      targetsOf(op).length > 0 &&
      (IN_SCOPE as readonly string[]).includes(`${op.method} ${op.path.slice(API_PIX_BASE.length)}`),
  )
  .sort((x, y) => Number(createsRecord(x)) - Number(createsRecord(y)));

describe("tenant isolation: API Pix surface", () => {
  it.skipIf(operations.length === 0).each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    "%s",
    async (_name, op) => {
      const beforeB = await fingerprint(b);
      const beforeA = await fingerprint(a);
      let aChanged = false;
      for (const target of targetsOf(op)) {
        let reached = false;
        const seen: string[] = [];
        for (const id of idsOfB()) {
          for (const body of bodiesFor(op.body, id.length, hintsFor(op))) {
            // the record a PUT creates gets a fresh id when another field is the target
            const path = op.path.replace(/\{(\w+)\}/g, (_, name) =>
              encodeURIComponent(
                target.where === "path" && name === target.name
                  ? id
                  : name === creatingParam(op)
                    ? randomBytes(16).toString("hex")
                    : ownIdFor(op, name),
              ),
            );
            const payload =
              target.where === "body" && body && typeof body === "object" ? { ...body, [target.name]: id } : body;
            const text = payload === undefined ? undefined : JSON.stringify(payload);
            const res = await send("api-pix", a, op.method, path, {}, text);
            const where = `${op.method} ${res.url} (${target.name}=${id}) → ${res.status} ${res.text.slice(0, 300)}`;
            const allowed = target.creates ? [200, 201, 202, 400, 403, 404, 409, 422] : [400, 403, 404, 422];
            expect(allowed, where).toContain(res.status);
            expect(apiPixAnswerErrors(op.method, res), where).toEqual([]);
            expectNothingOfB(res.text, id, where);
            if (res.status < 300) aChanged = true;
            if (res.status < 300 && target.creates) takenByA.add(id);
            // a refusal by the lookup; a 400 naming a body field is the service refusing B's key
            const refused =
              res.status === 403 ||
              res.status === 404 ||
              (res.status === 400 && fitsSchema(op, target, id) && namesTarget(res.json, target));
            const problem = res.json as { violacoes?: unknown; detail?: unknown } | null;
            seen.push(
              `${id} → ${res.status} ${JSON.stringify(problem?.violacoes ?? problem?.detail ?? res.text).slice(0, 200)}`,
            );
            if (refused || (target.creates && (res.status < 300 || res.status === 409))) reached = true;
            // every id of B is tried; the next body only while the answer says nothing about the id
            if (refused || res.status < 300 || res.status === 409) break;
          }
        }
        expect(
          reached,
          `${op.method} ${op.path}: no id of B reached the ${target.name} lookup; answers:\n${seen.join("\n")}`,
        ).toBe(true);
      }
      expect(await fingerprint(b), `${op.method} ${op.path} changed B's records`).toBe(beforeB);
      if (!aChanged)
        expect(await fingerprint(a), `${op.method} ${op.path}: a refusal changed A's records`).toBe(beforeA);
    },
  );

  it("refuses B's ids on every operation of the specification in scope, served or not", async () => {
    const beforeB = await fingerprint(b);
    for (const name of IN_SCOPE) {
      const { method, path } = splitOperation(name);
      for (const id of idsOfB()) {
        const url = `${API_PIX_BASE}${path.replace(/\{\w+\}/g, encodeURIComponent(id))}`;
        const verb = method.toUpperCase();
        const res = await send("api-pix", a, verb, url, {}, verb === "GET" || verb === "DELETE" ? undefined : "{}");
        const where = `${verb} ${url} → ${res.status} ${res.text.slice(0, 300)}`;
        if (!path.includes("{")) {
          // a list: A's own records only
          expect([200, 400, 403, 404], where).toContain(res.status);
        } else expect([400, 403, 404, 422], where).toContain(res.status);
        expect(apiPixAnswerErrors(verb, res), where).toEqual([]);
        expectNothingOfB(res.text, id, where);
      }
    }
    expect(await fingerprint(b)).toBe(beforeB);
  });
});
