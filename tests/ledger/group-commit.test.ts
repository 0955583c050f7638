/**
 * Group commit (docs/decisions/0022-group-commit.md): concurrent changes share one
 * ledger_post_many call and one commit, yet each is accepted or refused on its own.
 */
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "../../server/db/client";
import { pool } from "../../server/db/pool";
import { changeArgument, jsonArgument } from "../../server/ledger/apply";
import { groupedChange, postGrouped } from "../../server/ledger/group-commit";
import { legs } from "../../server/ledger/movements";
import { InsufficientFunds, type NewEntry } from "../../server/ledger/types";
import { post } from "../../server/ledger/verbs";
import { verifyLedger } from "../../server/ledger/verify";
import { inBatch, inCallerTransaction } from "../../server/ledger/write-path";
import { transferInternal } from "../../server/transfers/internal";
import { availableCents, fundedMerchant, newMerchant, rivalTransaction } from "../support/fixtures";
import { holdFirstBatch } from "../support/held-batches";
import { genericPlanOf } from "../support/plans";

type Merchant = { accountId: string; userId: string };

function transfer(from: Merchant, to: Merchant, amountCents: bigint, externalId: string | null = null) {
  const debitId = randomUUID();
  const entries: NewEntry[] = [
    {
      id: debitId,
      accountId: from.accountId,
      userId: from.userId,
      type: "debit",
      reason: "internal:transfer_out",
      status: "succeeded",
      grossCents: amountCents,
      externalId,
    },
    {
      id: randomUUID(),
      accountId: to.accountId,
      userId: to.userId,
      type: "credit",
      reason: "internal:transfer_in",
      status: "succeeded",
      grossCents: amountCents,
      counterpartEntryId: debitId,
    },
  ];
  return { entries, legs: legs.transfer(from.accountId, to.accountId, amountCents) };
}

async function callMany(changes: ReturnType<typeof transfer>[]) {
  const argument = jsonArgument(changes.map((change) => changeArgument(groupedChange(change))));
  const { rows } = await pool().query("SELECT ledger_post_many($1::jsonb) AS outcomes", [argument]);
  return rows[0].outcomes as ({ entries: { seq: string; created_at: string }[] } | { error: string })[];
}

const entriesOf = async (accountId: string) => db().ledgerEntry.count({ where: { accountId } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("ledger_post_many", () => {
  it("takes the changes in order: a refused one does not fail the others", async () => {
    const payer = await fundedMerchant(1100n);
    const other = await fundedMerchant(500n);
    const receiver = await newMerchant();
    await post(db(), transfer(other, receiver, 1n, "already-used"));

    const outcomes = await callMany([
      transfer(payer, receiver, 600n),
      transfer(payer, receiver, 600n), // only 5.00 left after the first
      transfer(payer, receiver, 400n, "once"),
      transfer(payer, other, 1n, "once"), // same account and externalId, earlier in the batch
      transfer(other, receiver, 1n, "already-used"), // used before the batch
      transfer(other, payer, 100n),
    ]);

    expect(outcomes.map((o) => ("error" in o ? o.error : "ok"))).toEqual([
      "ok",
      `insufficient_funds:${payer.accountId}`,
      "ok",
      "outgoing_external_id",
      "outgoing_external_id",
      "ok",
    ]);
    const first = outcomes[0] as { entries: { seq: string }[] };
    expect(first.entries).toHaveLength(2);
    expect(BigInt(first.entries[1]?.seq as string)).toBeGreaterThan(BigInt(first.entries[0]?.seq as string));
    expect(await availableCents(payer.accountId)).toBe(1100n - 600n - 400n + 100n);
    expect(await availableCents(other.accountId)).toBe(500n - 1n - 100n);
    expect(await availableCents(receiver.accountId)).toBe(1n + 600n + 400n);
    // one ledger transaction per accepted change
    const transactions = await db().$queryRaw<{ n: bigint }[]>`
      SELECT COUNT(DISTINCT p.transaction_id) AS n FROM ledger_postings p
        JOIN ledger_entries e ON e.seq = p.entry_seq WHERE e.account_id = ${payer.accountId}`;
    expect(transactions[0]?.n).toBe(3n);
    expect((await verifyLedger(db())).ok).toBe(true);
  });

  it("accepts a batch at once when each running balance stays at or above zero, credits first", async () => {
    const payer = await newMerchant();
    const other = await fundedMerchant(500n);
    const receiver = await newMerchant();
    const outcomes = await callMany([transfer(other, payer, 500n), transfer(payer, receiver, 500n)]);
    expect(outcomes.map((o) => ("error" in o ? o.error : "ok"))).toEqual(["ok", "ok"]);
    expect(await availableCents(payer.accountId)).toBe(0n);
    expect(await availableCents(receiver.accountId)).toBe(500n);
  });

  it("walks the changes in order when a running balance dips below zero, even if the batch ends above it", async () => {
    const payer = await fundedMerchant(100n);
    const other = await fundedMerchant(100n);
    const receiver = await newMerchant();
    // All accepted, the payer would end at 50 but pass through -50: the first change is refused.
    const outcomes = await callMany([transfer(payer, receiver, 150n), transfer(other, payer, 100n)]);
    expect(outcomes.map((o) => ("error" in o ? o.error : "ok"))).toEqual([
      `insufficient_funds:${payer.accountId}`,
      "ok",
    ]);
    expect(await availableCents(payer.accountId)).toBe(200n);
    expect(await availableCents(receiver.accountId)).toBe(0n);
    expect((await verifyLedger(db())).ok).toBe(true);
  });

  it("walks the changes in order when only an outgoing external id is repeated or already used", async () => {
    const payer = await fundedMerchant(1000n);
    const receiver = await newMerchant();
    await post(db(), transfer(payer, receiver, 1n, "used"));
    const repeated = await callMany([transfer(payer, receiver, 10n, "twice"), transfer(payer, receiver, 20n, "twice")]);
    expect(repeated.map((o) => ("error" in o ? o.error : "ok"))).toEqual(["ok", "outgoing_external_id"]);
    const usedBefore = await callMany([transfer(payer, receiver, 30n, "used"), transfer(payer, receiver, 40n)]);
    expect(usedBefore.map((o) => ("error" in o ? o.error : "ok"))).toEqual(["outgoing_external_id", "ok"]);
    expect(await availableCents(payer.accountId)).toBe(1000n - 1n - 10n - 40n);
  });

  it("checks a batch with index probes, in the generic plan it keeps, without sequential scans", async () => {
    const { rows } = await pool().query(
      `SELECT pg_get_functiondef(oid) AS source, proconfig FROM pg_proc WHERE oid = 'ledger_post_many(jsonb)'::regprocedure`,
    );
    expect(rows[0].proconfig).toEqual(
      expect.arrayContaining(["plan_cache_mode=force_generic_plan", "enable_seqscan=off", "enable_bitmapscan=off"]),
    );
    // The batch check as the function runs it, its `changes` argument made a parameter.
    const check = /(WITH moves AS[\s\S]*?)\s+INTO all_fit;/.exec(rows[0].source)?.[1] as string;
    expect(check).toBeDefined();
    const plan = await genericPlanOf(check.replaceAll(/\bchanges\b/g, "$1"), ["jsonb"], "'[]'::jsonb", [
      "accounts",
      "ledger_entries",
    ]);
    expect(plan).not.toMatch(/Seq Scan on (accounts|ledger_entries)|Bitmap/);
    expect(plan).toMatch(/Index (Only )?Scan using accounts_pkey/);
    expect(plan).toMatch(/Index (Only )?Scan using ledger_entries_account_id_outgoing_external_id_key/);
  });

  it("writes nothing when a concurrent change spent the money after the balances were read", async () => {
    const payer = await fundedMerchant(1000n);
    const receiver = await newMerchant();
    const before = await entriesOf(payer.accountId);
    // The rival spends the whole balance and holds the account's row lock until it commits.
    const rival = await rivalTransaction(groupedChange(transfer(payer, receiver, 1000n)));
    try {
      // The expectation is attached at once: the batch may fail before the rival's COMMIT returns.
      const refused = expect(callMany([transfer(payer, receiver, 600n)])).rejects.toThrow(
        `insufficient_funds:${payer.accountId}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await rival.commit();
      await refused;
      expect(await entriesOf(payer.accountId)).toBe(before + 1);
      expect(await entriesOf(receiver.accountId)).toBe(1);
      expect(await availableCents(payer.accountId)).toBe(0n);
    } finally {
      await rival.end();
    }
    expect((await verifyLedger(db())).ok).toBe(true);
  });

  it("still refuses an entry for an account that does not exist: the check moved to the commit", async () => {
    const payer = await fundedMerchant(1000n);
    const receiver = await newMerchant();
    const ghost = { accountId: "000000000001", userId: receiver.userId };
    const change = transfer(payer, receiver, 100n);
    // The credit entry names an account that does not exist; the legs alone would balance.
    change.entries[1] = { ...(change.entries[1] as NewEntry), accountId: ghost.accountId };
    await expect(callMany([change])).rejects.toMatchObject({ code: "23503" });
    expect(await entriesOf(payer.accountId)).toBe(1);
    expect(await availableCents(payer.accountId)).toBe(1000n);
    expect(await availableCents(receiver.accountId)).toBe(0n);
  });
});

describe("postGrouped", () => {
  it("answers each caller of one batch with its own entries or its own error", async () => {
    const payer = await fundedMerchant(1001n);
    const receiver = await newMerchant();
    const results = await Promise.allSettled([
      postGrouped(transfer(payer, receiver, 700n)),
      postGrouped(transfer(payer, receiver, 700n)),
      postGrouped(transfer(payer, receiver, 300n, "invoice-9")),
      postGrouped(transfer(payer, receiver, 1n, "invoice-9")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected"]);
    const [first, second, third, fourth] = results;
    if (first?.status !== "fulfilled" || third?.status !== "fulfilled") throw new Error("unexpected");
    expect(first.value.map((e) => [e.type, e.accountId, e.grossCents])).toEqual([
      ["debit", payer.accountId, 700n],
      ["credit", receiver.accountId, 700n],
    ]);
    expect(third.value[0]?.externalId).toBe("invoice-9");
    const stored = await db().ledgerEntry.findUniqueOrThrow({ where: { seq: first.value[0]?.seq as bigint } });
    expect(stored.createdAt.getTime()).toBe(first.value[0]?.createdAt.getTime());
    expect(stored.id).toBe(first.value[0]?.id);
    expect(second?.status === "rejected" && second.reason).toBeInstanceOf(InsufficientFunds);
    expect(fourth?.status === "rejected" && fourth.reason).toMatchObject({ code: "IDEMPOTENCY_CONFLICT" });
    expect(await availableCents(payer.accountId)).toBe(1n);
    expect(await availableCents(receiver.accountId)).toBe(1000n);
  });

  it("keeps one batch in the database at a time: what arrives meanwhile goes in the next one", async () => {
    const payer = await fundedMerchant(1000n);
    const receiver = await newMerchant();
    const statement = holdFirstBatch("ledger_post_many");
    const first = postGrouped(transfer(payer, receiver, 100n));
    await vi.waitFor(() => expect(statement.sizes).toEqual([1]));
    const later = [1, 2, 3].map(() => postGrouped(transfer(payer, receiver, 100n)));
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(statement.sizes).toEqual([1]);
    } finally {
      statement.release();
    }
    await Promise.all([first, ...later]);
    expect(statement.sizes).toEqual([1, 3]);
    expect(statement.mostAtOnce()).toBe(1);
    expect(await availableCents(payer.accountId)).toBe(600n);
  });

  it("posts each change on its own when the batch fails as a whole", async () => {
    const payer = await fundedMerchant(1000n);
    const receiver = await newMerchant();
    const duplicate = transfer(payer, receiver, 100n);
    await post(db(), duplicate); // the same entry ids again: a unique index fails the statement
    const results = await Promise.allSettled([
      postGrouped(transfer(payer, receiver, 200n)),
      postGrouped(duplicate),
      postGrouped(transfer(payer, receiver, 300n)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await availableCents(payer.accountId)).toBe(1000n - 100n - 200n - 300n);
    expect((await verifyLedger(db())).ok).toBe(true);
  });

  it("an internal transfer announces nothing: entries and postings, no outbox event, on either path", async () => {
    const payer = await fundedMerchant(1000n);
    const receiver = await newMerchant();
    const input = { userId: payer.userId, accountId: payer.accountId, receiverAccountId: receiver.accountId };
    const grouped = await transferInternal(inBatch(db()), { ...input, amountCents: 100n });
    const alone = await db().$transaction((tx) =>
      transferInternal(inCallerTransaction(tx), { ...input, amountCents: 200n }),
    );
    const entries = await db().ledgerEntry.findMany({
      where: { accountId: { in: [payer.accountId, receiver.accountId] } },
    });
    expect(entries.map((e) => e.reason).sort()).toEqual([
      "internal:transfer_in",
      "internal:transfer_in",
      "internal:transfer_out",
      "internal:transfer_out",
      "pix_in:credited",
    ]);
    expect(await db().ledgerPosting.count({ where: { entrySeq: { in: [grouped.seq, alone.seq] } } })).toBe(4);
    const events = await db().outboxEvent.findMany({
      where: { accountId: { in: [payer.accountId, receiver.accountId] }, topic: "entry.created" },
    });
    // only the funding PIX, which both surfaces announce (interface 6)
    expect(events.map((e) => e.entryId)).toEqual([entries.find((e) => e.reason === "pix_in:credited")?.id]);
  });

  it("keeps balances exact under concurrent transfers racing both write paths", async () => {
    const merchants = await Promise.all(Array.from({ length: 5 }, () => fundedMerchant(1000n)));
    const pick = () => merchants[Math.floor(Math.random() * merchants.length)] as (typeof merchants)[number];
    const attempts = Array.from({ length: 300 }, (_, i) => {
      const from = pick();
      let to = pick();
      while (to === from) to = pick();
      const input = {
        userId: from.userId,
        accountId: from.accountId,
        receiverAccountId: to.accountId,
        amountCents: BigInt(50 + (i % 7) * 60),
      };
      // every fifth inside a Prisma transaction: ledger_post, racing the batches
      return i % 5 === 0
        ? db().$transaction((tx) => transferInternal(inCallerTransaction(tx), input))
        : transferInternal(inBatch(db()), input);
    });
    const results = await Promise.allSettled(attempts);
    const refused = results.filter((r) => r.status === "rejected");
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFunds);
    expect(results.length - refused.length).toBeGreaterThan(0);
    const balances = await Promise.all(merchants.map((m) => availableCents(m.accountId)));
    expect(balances.every((b) => b >= 0n)).toBe(true);
    expect(balances.reduce((sum, b) => sum + b, 0n)).toBe(5000n);
    expect((await verifyLedger(db())).ok).toBe(true);
  });
});
