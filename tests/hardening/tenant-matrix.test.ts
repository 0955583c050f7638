/**
 * Tenant isolation matrix: merchant A asks for merchant B's records through every
 * operation of both REST surfaces that takes an id (read from their OpenAPI documents) and every
 * tRPC procedure whose input has an id (read from the router). Each answer is a refusal (403/404,
 * or 400 for an id of another kind), at least one of B's ids of the right kind reaches the
 * lookup and is refused with 403/404, no answer carries anything of B, and nothing changes.
 * (Dashboard lists filtered by B's account answer an empty page: see isEmptyPage.)
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { accountApi } from "../../server/account-api/app";
import { createApiKey } from "../../server/apikeys/service";
import { plusDays, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { createDueDateCharge } from "../../server/charges/due-date/service";
import { newTxId } from "../../server/charges/ids";
import { createCharge } from "../../server/charges/service";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { gatewayApi } from "../../server/gateway/app";
import { createPaymentLink } from "../../server/payment-links/service";
import { createPixKey } from "../../server/pix/keys/service";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { createWebhookConfig } from "../../server/webhooks/account-configs";
import { registerGatewayWebhook } from "../../server/webhooks/gateway";
import { call, fundedMerchant } from "../support/fixtures";
import { allowPrivateTargets, awaitDeliveries, relayUntil } from "../webhooks/support";
import { type Operation, operationsOf, type Schema, valid } from "./support/openapi";
import { allowManyRequests, type Merchant, type Surface, send } from "./support/requests";
import { stateFingerprint } from "./support/state";

/** Parameter and input names that carry a record's id (receiverBankAccount is a payee, not a lookup). */
const ID_NAME =
  /^(id|txId|accountId|endToEnd|endToEndId|end_to_end_id|configId|event_id|eventId|webhookId|clientId|keyId)$/;
const SAMPLES = 8;
/**
 * Body ids that name the record a request creates, not one it looks up: merchant B's value there
 * is "already in use" (409, nothing of B revealed; tests/account-api/due-date-charges.test.ts).
 */
const NEW_RECORD_IDS: Record<string, string[]> = { "POST /v4/i/charges/due-date": ["txId"] };

let a: Merchant;
let b: Merchant;
/** B's ids of every kind, and everything else of B an answer must not reveal. */
let bIds: string[] = [];
let aIds: string[] = [];
let bSecrets: string[] = [];
/** Plausible values for the fields that services check before the account, so the lookup is reached. */
let hints: Record<string, unknown> = {};

beforeAll(async () => {
  allowManyRequests();
  allowPrivateTargets();
  resetConfigForTests();
  a = await fundedMerchant(1_000_000n);
  b = await fundedMerchant(1_000_000n);
  const payee = await fundedMerchant(0n);
  const aCharge = await createCharge(db(), { userId: payee.userId, accountId: payee.accountId, amountCents: 100n });
  hints = {
    amount: 1,
    pixKey: "ana@example.invalid",
    pix_key: "ana@example.invalid",
    pix_key_type: "email",
    emv: aCharge.emv,
    receiverBankAccount: payee.accountId,
    receiverAccountId: payee.accountId,
    // a due-date charge the rules accept, so that its accountId lookup is reached
    dueDate: plusDays(todayInSaoPaulo(), 10),
    debtor: { name: "Pagador", cpf: "12345678909" },
    // a period the rules accept (epoch ms), for routes whose query requires one
    startDate: 0,
    endDate: 1,
  };

  const charge = await createCharge(db(), { userId: b.userId, accountId: b.accountId, amountCents: 777n });
  const payout = await call(accountApi(), "POST", `/v4/i/bank-accounts/${b.accountId}/transfer/external`, {
    auth: b.auth,
    body: { amount: 1.23, pixKey: "bia@example.invalid", externalId: "b-payout-1" },
  });
  expect(payout.status).toBe(200);
  const credit = await db().ledgerEntry.findFirstOrThrow({ where: { accountId: b.accountId, type: "credit" } });
  const refund = await call(accountApi(), "POST", `/v4/i/pix/in/refund/${credit.endToEndId}`, {
    auth: b.auth,
    body: { amount: 0.5 },
  });
  expect(refund.status).toBe(200);
  const { config } = await createWebhookConfig(db(), b.userId, { event: ["*"], targetUrl: "http://127.0.0.1:9/b" });
  const { webhook } = await registerGatewayWebhook(db(), b.userId, {
    url: "http://127.0.0.1:9/b",
    events: ["pix.charge.created"],
    allowInsecure: true,
  });
  await createCharge(db(), { userId: b.userId, accountId: b.accountId, amountCents: 100n });
  const [delivery] = await awaitDeliveries(b.userId, 1);
  const extraKey = await createApiKey(db(), { userId: b.userId, name: "b-second", ipWhitelist: ["127.0.0.1"] });
  const entries = await db().ledgerEntry.findMany({ where: { accountId: b.accountId } });
  const bKey = await createPixKey(db(), { callerId: b.userId, accountId: b.accountId }, { type: "EVP" });
  const bBill = await createDueDateCharge(db(), {
    userId: b.userId,
    txId: newTxId(),
    accountId: b.accountId,
    dueDate: plusDays(todayInSaoPaulo(), 10),
    debtor: { name: "Devedora de B", cpf: "52998224725" },
    valor: { original: "7.77" },
  });
  // B's events fanned out before the matrix starts, so the state it compares stands still
  await relayUntil(
    async () =>
      (await db().outboxEvent.count({
        where: { userId: b.userId, publishedAt: null, availableAt: { lte: new Date() } },
      })) === 0,
  );

  const bLink = await createPaymentLink(db(), b.userId, {
    accountId: b.accountId,
    description: "B's link",
    amount: 100n,
    payerFields: [],
  });
  const aEntries = await db().ledgerEntry.findMany({ where: { accountId: a.accountId } });
  const aKey = await createPixKey(db(), { callerId: a.userId, accountId: a.accountId }, { type: "EVP" });
  aIds = unique([a.accountId, aKey.id, ...aEntries.flatMap((e) => [e.endToEndId, e.id])]);
  bIds = unique([
    b.accountId,
    charge.txId,
    bBill.txId,
    config.id,
    webhook.id,
    delivery?.id,
    b.clientId,
    extraKey.clientId,
    bKey.id,
    bLink.id,
    ...entries.flatMap((e) => [e.id, e.endToEndId, e.externalId]),
  ]);
  const user = await db().user.findUniqueOrThrow({ where: { id: b.userId } });
  const account = await db().account.findUniqueOrThrow({ where: { id: b.accountId } });
  bSecrets = unique([
    ...bIds,
    charge.publicId,
    user.name,
    user.email,
    account.document,
    b.clientSecret,
    extraKey.clientSecret,
  ]);
});

function unique(values: (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => typeof v === "string" && v.length > 0))];
}

/** Fails when an answer carries anything of B other than the id that was asked for. */
function expectNothingOfB(text: string, asked: string, where: string) {
  const leaked = bSecrets.filter((s) => s !== asked && s.length >= 6 && text.includes(s));
  expect(leaked, `${where} revealed B's data`).toEqual([]);
}

/** Inputs for a schema: the first with the hints applied, then generated ones. */
function inputsFor(schema: Schema, seed: number): unknown[] {
  const generated = fc.sample(valid(schema), { numRuns: SAMPLES, seed });
  const keys = Object.keys(schema?.properties ?? {});
  const hinted = Object.fromEntries(keys.filter((k) => k in hints).map((k) => [k, hints[k]]));
  const first = generated[0];
  if (!first || typeof first !== "object" || Array.isArray(first)) return generated;
  const required = new Set<string>(schema.required ?? []);
  const minimal = Object.fromEntries(Object.entries(first).filter(([k]) => required.has(k)));
  return [{ ...minimal, ...hinted }, ...generated];
}

/** The JavaScript type a query parameter's schema takes (its first type other than null). */
function jsonType(schema: Schema): string | undefined {
  const types = [schema?.type].flat().filter((t): t is string => typeof t === "string" && t !== "null");
  return types.map((t) => (t === "integer" ? "number" : t))[0];
}

function restTargets(op: Operation): { name: string; where: "path" | "body" }[] {
  const fromPath = op.parameters.filter((p) => p.in === "path").map((p) => ({ name: p.name, where: "path" as const }));
  const created = NEW_RECORD_IDS[`${op.method} ${op.path}`] ?? [];
  const fromBody = Object.keys(op.body?.properties ?? {})
    .filter((k) => ID_NAME.test(k) && !created.includes(k))
    .map((name) => ({ name, where: "body" as const }));
  return [...fromPath, ...fromBody];
}

/** One of A's own ids shaped as the path parameter asks, so only the target slot is B's. */
function ownIdFor(op: Operation, name: string): string {
  const pattern = op.parameters.find((p) => p.in === "path" && p.name === name)?.schema?.pattern;
  if (!pattern) return a.accountId;
  const re = new RegExp(pattern);
  return aIds.find((id) => re.test(id)) ?? a.accountId;
}

async function restRequest(
  surface: Surface,
  op: Operation,
  target: { name: string; where: string },
  id: string,
  body: unknown,
) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name) =>
    encodeURIComponent(target.where === "path" && name === target.name ? id : ownIdFor(op, name)),
  );
  let payload = body;
  if (payload && typeof payload === "object" && !Array.isArray(payload)) {
    payload = { ...payload, ...(target.where === "body" ? { [target.name]: id } : {}) };
    if ("accountId" in (payload as object) && target.name !== "accountId")
      (payload as { accountId: string }).accountId = a.accountId;
  }
  // a query parameter with a hint gets it (a period the route requires), so that the lookup answers
  const query = Object.fromEntries(
    op.parameters
      .filter((p) => p.in === "query" && p.name in hints && typeof hints[p.name] === jsonType(p.schema))
      .map((p) => [p.name, hints[p.name]]),
  );
  return send(surface, a, op.method, path, query, payload === undefined ? undefined : JSON.stringify(payload));
}

const surfaces = [
  ["account", () => operationsOf(accountApi())],
  ["gateway", () => operationsOf(gatewayApi())],
] as const;

describe.each(surfaces)("tenant isolation: %s surface", (surface, operations) => {
  const ops = operations().filter((op) => restTargets(op).length > 0);

  it("has operations that take an id", () => expect(ops.length).toBeGreaterThan(3));

  it.each(ops.map((op) => [`${op.method} ${op.path}`, op] as const))("%s", async (_name, op) => {
    const before = await stateFingerprint({ userIds: [a.userId, b.userId], accountIds: [a.accountId, b.accountId] });
    for (const target of restTargets(op)) {
      let reachedLookup = false;
      for (const id of bIds) {
        const bodies = op.body ? inputsFor(op.body, id.length) : [undefined];
        for (const body of bodies) {
          const res = await restRequest(surface, op, target, id, body);
          const where = `${op.method} ${res.url} (${target.name}=${id}) → ${res.status} ${res.text.slice(0, 200)}`;
          expect([400, 403, 404, 422], where).toContain(res.status);
          expectNothingOfB(res.text, id, where);
          if (res.status === 403 || res.status === 404) {
            reachedLookup = true;
            break;
          }
        }
      }
      expect(reachedLookup, `${op.method} ${op.path}: no id of B reached the ${target.name} lookup`).toBe(true);
    }
    expect(await stateFingerprint({ userIds: [a.userId, b.userId], accountIds: [a.accountId, b.accountId] })).toBe(
      before,
    );
  });
});

type AnyProcedure = { _def: { type: string; inputs: z.ZodType[] } };

function procedures(): [string, AnyProcedure][] {
  return Object.entries(
    (appRouter as unknown as { _def: { procedures: Record<string, AnyProcedure> } })._def.procedures,
  );
}

function idKeysOf(procedure: AnyProcedure): string[] {
  const input = procedure._def.inputs[0];
  if (!(input instanceof z.ZodObject)) return [];
  return Object.keys(input.shape).filter((k) => ID_NAME.test(k));
}

/**
 * A list filtered by another merchant's account is an empty page of one's own records: the
 * filter narrows the caller's data and reveals nothing, not even that the account exists.
 */
function isEmptyPage(path: string, key: string, result: unknown): boolean {
  return path.endsWith(".list") && key === "accountId" && (result as { total?: unknown })?.total === 0;
}

describe("tenant isolation: tRPC procedures that take an id", () => {
  const withIds = procedures().filter(([, p]) => idKeysOf(p).length > 0);
  // Freshly checked, so a step-up (decision 0044) is not what answers before the ownership check.
  const secondFactor = { enrolled: false, mustEnrol: false, checkedAt: Date.now(), checkedWith: "password" as const };
  const caller = () =>
    createCallerFactory(appRouter)({
      user: { id: a.userId, role: "MERCHANT", name: "A", email: "a@example.test", secondFactor },
    });

  it("has procedures that take an id", () => expect(withIds.length).toBeGreaterThan(5));

  it.each(withIds.map(([path, p]) => [path, p] as const))("%s", async (path, procedure) => {
    const before = await stateFingerprint({ userIds: [a.userId, b.userId], accountIds: [a.accountId, b.accountId] });
    const input = procedure._def.inputs[0];
    if (!input) throw new Error(`${path} takes no input`);
    const schema = z.toJSONSchema(input, { io: "input", unrepresentable: "any" });
    const invoke = (path.split(".") as string[]).reduce<unknown>(
      (node, key) => (node as Record<string, unknown>)[key],
      caller(),
    ) as (input: unknown) => Promise<unknown>;
    for (const key of idKeysOf(procedure)) {
      let reachedLookup = false;
      for (const id of bIds) {
        for (const filler of inputsFor(schema, id.length)) {
          const input = { ...(filler as object), [key]: id };
          if (key !== "accountId" && "accountId" in input) input.accountId = a.accountId;
          const where = `${path}(${key}=${id})`;
          let code: string;
          try {
            const result = await invoke(input);
            if (isEmptyPage(path, key, result)) {
              expectNothingOfB(JSON.stringify(result), id, where);
              reachedLookup = true;
              break;
            }
            throw new Error(
              `${where} answered ${JSON.stringify(result, (_, v) => (typeof v === "bigint" ? String(v) : v)).slice(0, 300)}`,
            );
          } catch (error) {
            const e = error as { code?: string; message?: string };
            if (!e.code) throw error;
            code = e.code;
            expectNothingOfB(e.message ?? "", id, where);
          }
          expect(["BAD_REQUEST", "FORBIDDEN", "NOT_FOUND", "UNPROCESSABLE_CONTENT"], where).toContain(code);
          if (code === "FORBIDDEN" || code === "NOT_FOUND") {
            reachedLookup = true;
            break;
          }
        }
      }
      expect(reachedLookup, `${path}: no id of B reached the ${key} lookup`).toBe(true);
    }
    expect(await stateFingerprint({ userIds: [a.userId, b.userId], accountIds: [a.accountId, b.accountId] })).toBe(
      before,
    );
  });
});
