/**
 * Group commit of gateway cash-outs (server/ledger/cash-out-batch.ts, docs/decisions/0023): concurrent
 * cash-outs share one gateway_cash_out_many statement, yet each commits with its own recovery
 * point or not at all, and a refused one does not fail the others.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "../../server/db/client";
import { pool } from "../../server/db/pool";
import { claimIdempotencyKey, requestHash } from "../../server/idempotency/claim";
import { EffectSink } from "../../server/idempotency/sink";
import { groupedChange } from "../../server/ledger/group-commit";
import { legs } from "../../server/ledger/movements";
import { verifyLedger } from "../../server/ledger/verify";
import { cashOutOnPool } from "../../server/payouts/fast";
import { availableCents, fundedMerchant, rivalTransaction, sqlOf } from "../support/fixtures";
import { holdFirstBatch } from "../support/held-batches";
import { genericPlanOf } from "../support/plans";
import { post } from "./support";

type Merchant = Awaited<ReturnType<typeof fundedMerchant>>;

const input = (m: Merchant, amountCents: bigint, externalId: string) => ({
  userId: m.userId,
  accountId: m.accountId,
  amountCents,
  pixKey: `${externalId}@example.invalid`,
  pixKeyType: "EMAIL" as const,
  externalId,
});

async function claim(m: Merchant, key: string, at = new Date()): Promise<EffectSink> {
  const apiKey = await db().apiKey.findUniqueOrThrow({ where: { clientId: m.clientId } });
  const scope = { apiKeyId: apiKey.id, method: "POST", path: "/api/external/pix/cash-out", key };
  const claimed = await claimIdempotencyKey(scope, requestHash(key), at);
  if (claimed.kind !== "new") throw new Error(`expected a new claim, got ${claimed.kind}`);
  return new EffectSink({ recordId: claimed.recordId, token: claimed.token });
}

const settled = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: Error) => ({ ok: false as const, error }),
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe("cash-out group commit", () => {
  it("one statement for a mixed batch: each item accepted or refused on its own", async () => {
    const payer = await fundedMerchant(1000n);
    const other = await fundedMerchant(500n);
    const fee = (await db().account.findUniqueOrThrow({ where: { id: payer.accountId } })).externalFeeCents;
    const [k1, k2, k3, k4, k5] = (await Promise.all(
      ["gb-1", "gb-2", "gb-3", "gb-4", "gb-5"].map((key) => claim(key === "gb-5" ? other : payer, key)),
    )) as [EffectSink, EffectSink, EffectSink, EffectSink, EffectSink];
    const stale = await claim(payer, "gb-stale", new Date(Date.now() - 60_000));
    await claim(payer, "gb-stale"); // taken over: the stale holder may not commit
    const statement = vi.spyOn(pool(), "query");

    const outcomes = await Promise.all([
      settled(cashOutOnPool(input(payer, 600n - fee, "gb-a"), k1)),
      settled(cashOutOnPool(input(payer, 600n, "gb-b"), k2)), // only 4.00 left after the first
      settled(cashOutOnPool(input(payer, 100n, "gb-c"), k3)),
      settled(cashOutOnPool(input(payer, 100n, "gb-c"), k4)), // same externalId, earlier in the batch
      settled(cashOutOnPool(input(other, 200n, "gb-d"), k5)),
      settled(cashOutOnPool(input(payer, 1n, "gb-e"), stale)),
    ]);

    const batches = statement.mock.calls.filter(([sql]) => sqlOf(sql).includes("gateway_cash_out_many"));
    expect(batches).toHaveLength(1);
    expect(outcomes.map((o) => (o.ok ? "ok" : o.error.message))).toEqual([
      "ok",
      "insufficient balance",
      "ok",
      "externalId was already used",
      "ok",
      "A request with this Idempotency-Key is still in progress",
    ]);
    expect(await availableCents(payer.accountId)).toBe(1000n - 600n - (100n + fee));
    expect(await availableCents(other.accountId)).toBe(500n - (200n + fee));

    for (const [index, sink] of [
      [0, k1],
      [2, k3],
      [4, k5],
    ] as [number, EffectSink][]) {
      const outcome = outcomes[index];
      if (!outcome?.ok || !outcome.value) throw new Error("expected an entry");
      const entry = outcome.value;
      const record = await db().idempotencyRecord.findUniqueOrThrow({ where: { id: sink.lease.recordId } });
      expect(record.effect).toEqual({
        kind: "payout",
        entryId: entry.id,
        accountId: entry.accountId,
        keyCase: "snake",
      });
      expect(record).toMatchObject({ state: "completed", responseStatus: 201, responseBody: null, leaseToken: null });
      const submitted = await db().outboxEvent.findFirstOrThrow({
        where: { entryId: entry.id, topic: "rail.payment_submitted" },
      });
      expect(submitted.payload).toEqual(
        expect.objectContaining({ entrySeq: entry.seq.toString(), endToEndId: entry.endToEndId }),
      );
      expect(submitted.availableAt.getTime()).toBeGreaterThan(Date.now());
    }
    for (const sink of [k2, k4, stale]) {
      expect(
        (await db().idempotencyRecord.findUniqueOrThrow({ where: { id: sink.lease.recordId } })).effect,
      ).toBeNull();
    }
    expect(await db().ledgerEntry.count({ where: { externalId: { in: ["gb-b", "gb-e"] } } })).toBe(0);
    expect(await db().ledgerEntry.count({ where: { externalId: "gb-c" } })).toBe(1);
    expect((await verifyLedger(db())).ok).toBe(true);
  });

  it.each([
    // Every seventh claim's lease ran out and a later request took it over: its holder may not commit.
    { claims: "five taken over (the posting items picked one by one)", takenOver: [6, 13, 20, 27, 34] },
    { claims: "all held (the changes taken by a path)", takenOver: [] },
  ])("a batch of forty, $claims: each answer, event and recovery point lands on its own cash-out", async (batch) => {
    const payer = await fundedMerchant(100_000n);
    const takenOver = new Set(batch.takenOver);
    const past = new Date(Date.now() - 60_000);
    const claims = await Promise.all(
      Array.from({ length: 40 }, (_, i) => claim(payer, `gl-${i}`, takenOver.has(i) ? past : new Date())),
    );
    await Promise.all([...takenOver].map((i) => claim(payer, `gl-${i}`)));
    const statement = vi.spyOn(pool(), "query");

    const outcomes = await Promise.all(
      claims.map((sink, i) => settled(cashOutOnPool(input(payer, BigInt(10 + i), `gl-ext-${i}`), sink))),
    );

    expect(statement.mock.calls.filter(([sql]) => sqlOf(sql).includes("gateway_cash_out_many"))).toHaveLength(1);
    for (const [i, outcome] of outcomes.entries()) {
      const sink = claims[i] as EffectSink;
      const record = await db().idempotencyRecord.findUniqueOrThrow({ where: { id: sink.lease.recordId } });
      if (takenOver.has(i)) {
        expect(outcome.ok ? "ok" : outcome.error.message).toBe(
          "A request with this Idempotency-Key is still in progress",
        );
        expect(record.effect).toBeNull();
        continue;
      }
      if (!outcome.ok || !outcome.value) throw new Error(`cash-out ${i} refused`);
      const entry = outcome.value;
      expect(entry).toMatchObject({ externalId: `gl-ext-${i}`, grossCents: BigInt(10 + i) });
      expect(await db().ledgerEntry.findUniqueOrThrow({ where: { seq: entry.seq } })).toMatchObject({
        id: entry.id,
        externalId: `gl-ext-${i}`,
        grossCents: BigInt(10 + i),
      });
      expect(record).toMatchObject({ state: "completed", effect: expect.objectContaining({ entryId: entry.id }) });
      const submitted = await db().outboxEvent.findFirstOrThrow({
        where: { entryId: entry.id, topic: "rail.payment_submitted" },
      });
      expect(submitted.payload).toEqual(expect.objectContaining({ entrySeq: entry.seq.toString() }));
    }
    expect(await db().ledgerEntry.count({ where: { accountId: payer.accountId, reason: "pix_out:processing" } })).toBe(
      40 - takenOver.size,
    );
    expect((await verifyLedger(db())).ok).toBe(true);
  });

  it("reads the claims and writes the recovery points by primary key, in the generic plans it keeps", async () => {
    const { rows } = await pool().query(
      `SELECT pg_get_functiondef(oid) AS source, proconfig FROM pg_proc WHERE oid = 'gateway_cash_out_many(jsonb)'::regprocedure`,
    );
    expect(rows[0].proconfig).toEqual(
      expect.arrayContaining(["plan_cache_mode=force_generic_plan", "enable_seqscan=off", "enable_bitmapscan=off"]),
    );
    const source = rows[0].source as string;
    // Each statement as the function runs it, its variables made parameters.
    const held =
      /(SELECT COALESCE\(array_agg[\s\S]*?)\s+INTO posting\s[\s\S]*?(FROM jsonb_array_elements[\s\S]*?);/.exec(source);
    const written = /(WITH outcome AS[\s\S]*?)\s+INTO answers, expected, bound;/.exec(source)?.[1];
    if (!held || !written) throw new Error("statements not found in gateway_cash_out_many");
    const tables = ["idempotency_records"];
    const readPlan = await genericPlanOf(
      `${held[1]} ${held[2]}`.replaceAll(/\bitems\b/g, "$1"),
      ["jsonb"],
      "'[]'",
      tables,
    );
    const parameters = (sql: string) =>
      sql
        .replaceAll(/\bitems\b/g, "$1")
        .replaceAll(/\bposting\b/g, "$2")
        .replaceAll(/\bposted\b/g, "$3");
    const writePlan = await genericPlanOf(parameters(written), ["jsonb", "int[]", "jsonb"], "'[]', '{}', '[]'", tables);
    for (const plan of [readPlan, writePlan]) {
      expect(plan).not.toMatch(/Seq Scan on idempotency_records|Bitmap/);
      expect(plan).toMatch(/Index Scan using idempotency_records_pkey/);
    }
  });

  it("keeps one batch in the database at a time: cash-outs arriving meanwhile go in the next one", async () => {
    const payer = await fundedMerchant(1000n);
    const statement = holdFirstBatch("gateway_cash_out_many");
    const first = cashOutOnPool(input(payer, 100n, "gh-0"));
    await vi.waitFor(() => expect(statement.sizes).toEqual([1]));
    const later = ["gh-1", "gh-2", "gh-3"].map((ref) => cashOutOnPool(input(payer, 100n, ref)));
    try {
      // each reads its source first, then waits for the batch in the database
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(statement.sizes).toEqual([1]);
    } finally {
      statement.release();
    }
    expect((await Promise.all([first, ...later])).map((entry) => entry?.externalId)).toEqual([
      "gh-0",
      "gh-1",
      "gh-2",
      "gh-3",
    ]);
    expect(statement.sizes).toEqual([1, 3]);
    expect(statement.mostAtOnce()).toBe(1);
  });

  it("a batch that fails as a whole is posted again one cash-out at a time", async () => {
    const payer = await fundedMerchant(1000n);
    const other = await fundedMerchant(1000n);
    const [kPayer, kOther] = await Promise.all([claim(payer, "gf-1"), claim(other, "gf-2")]);
    // The rival spends the payer's whole balance and holds the row lock until it commits:
    // the batch read the balances before, so its final conditional UPDATE fails the statement.
    const rival = await rivalTransaction(
      groupedChange({
        entries: [
          {
            id: "gf-rival",
            accountId: payer.accountId,
            userId: payer.userId,
            type: "debit",
            reason: "internal:transfer_out",
            status: "succeeded",
            grossCents: 1000n,
          },
        ],
        legs: legs.transfer(payer.accountId, other.accountId, 1000n),
      }),
    );
    try {
      const batch = Promise.all([
        settled(cashOutOnPool(input(payer, 500n, "gf-a"), kPayer)),
        settled(cashOutOnPool(input(other, 300n, "gf-b"), kOther)),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await rival.commit();
      const [payerOutcome, otherOutcome] = await batch;
      expect(payerOutcome?.ok ? "ok" : payerOutcome?.error.message).toBe("insufficient balance");
      expect(otherOutcome?.ok).toBe(true);
    } finally {
      await rival.end();
    }
    const fee = (await db().account.findUniqueOrThrow({ where: { id: other.accountId } })).externalFeeCents;
    expect(await availableCents(payer.accountId)).toBe(0n);
    expect(await availableCents(other.accountId)).toBe(2000n - (300n + fee));
    expect(
      (await db().idempotencyRecord.findUniqueOrThrow({ where: { id: kPayer.lease.recordId } })).effect,
    ).toBeNull();
    // Posted alone, it still completes its record in its own transaction.
    expect(await db().idempotencyRecord.findUniqueOrThrow({ where: { id: kOther.lease.recordId } })).toMatchObject({
      state: "completed",
      responseStatus: 201,
      effect: expect.objectContaining({ kind: "payout", accountId: other.accountId }),
    });
    expect((await verifyLedger(db())).ok).toBe(true);
  });

  it("concurrent requests with one Idempotency-Key: one cash-out, the others 409 or its replay", async () => {
    const m = await fundedMerchant(10_000n);
    const body = { amount: 1, pix_key: "same-key@example.invalid", pix_key_type: "email", external_id: "gk-1" };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(m, "/pix/cash-out", body, { "idempotency-key": "gk-same" })),
    );
    const created = answers.filter((a) => a.status === 201 && !a.headers.get("idempotent-replayed"));
    expect(created).toHaveLength(1);
    for (const answer of answers.filter((a) => a !== created[0])) {
      if (answer.status === 201) expect(answer.json).toEqual(created[0]?.json);
      else {
        expect(answer.status).toBe(409);
        expect(answer.json).toEqual({
          error: { status: 409, message: "A request with this Idempotency-Key is still in progress" },
        });
      }
    }
    expect(await db().ledgerEntry.count({ where: { accountId: m.accountId, externalId: "gk-1" } })).toBe(1);
    const replay = await post(m, "/pix/cash-out", body, { "idempotency-key": "gk-same" });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json).toEqual(created[0]?.json);
    const other = await post(m, "/pix/cash-out", { ...body, amount: 2 }, { "idempotency-key": "gk-same" });
    expect(other.status).toBe(422);
    expect((await verifyLedger(db())).ok).toBe(true);
  });
});
