/**
 * The two write paths post the same way: one change at a time in a caller's transaction
 * (ledger_post) and a batch of concurrent changes (group commit, ledger_post_many) leave the same
 * entries, status events, postings, outbox events and balances, and refuse the same changes.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import type { AppError } from "../../server/errors";
import { postGrouped } from "../../server/ledger/group-commit";
import { newEndToEndId } from "../../server/ledger/ids";
import { legs } from "../../server/ledger/movements";
import type { Leg, NewEntry } from "../../server/ledger/types";
import { holdChange, post } from "../../server/ledger/verbs";
import { fundedMerchant } from "../support/fixtures";

type Merchant = { accountId: string; userId: string };
type World = { payer: Merchant; receiver: Merchant; third: Merchant };
type Change = { entries: NewEntry[]; legs: Leg[] };
type Operation = (world: World) => Change;

const transfer =
  (from: keyof World, to: keyof World, amountCents: bigint, externalId: string | null = null): Operation =>
  (world) => {
    const debitId = randomUUID();
    const shared = { status: "succeeded" as const, grossCents: amountCents };
    return {
      entries: [
        {
          ...shared,
          id: debitId,
          accountId: world[from].accountId,
          userId: world[from].userId,
          type: "debit",
          reason: "internal:transfer_out",
          externalId,
        },
        {
          ...shared,
          id: randomUUID(),
          accountId: world[to].accountId,
          userId: world[to].userId,
          type: "credit",
          reason: "internal:transfer_in",
          counterpartEntryId: debitId,
        },
      ],
      legs: legs.transfer(world[from].accountId, world[to].accountId, amountCents),
    };
  };

const held =
  (who: keyof World, amountCents: bigint, feeCents: bigint, externalId: string): Operation =>
  (world) => {
    const endToEndId = newEndToEndId("E", "12345678");
    return holdChange({
      id: endToEndId,
      endToEndId,
      accountId: world[who].accountId,
      userId: world[who].userId,
      reason: "pix_out:processing",
      grossCents: amountCents,
      feeCents,
      externalId,
    });
  };

const received =
  (who: keyof World, amountCents: bigint): Operation =>
  (world) => {
    const endToEndId = newEndToEndId("E", "87654321");
    return {
      entries: [
        {
          id: endToEndId,
          endToEndId,
          accountId: world[who].accountId,
          userId: world[who].userId,
          type: "credit",
          reason: "pix_in:credited",
          status: "succeeded",
          grossCents: amountCents,
        },
      ],
      legs: legs.payIn(world[who].accountId, amountCents),
    };
  };

async function newWorld(): Promise<World> {
  return { payer: await fundedMerchant(1000n), receiver: await fundedMerchant(0n), third: await fundedMerchant(300n) };
}

const refusal = (error: unknown) => (error as AppError).code ?? String(error);

async function oneByOne(world: World, operations: Operation[]) {
  const answers: string[] = [];
  for (const operation of operations) {
    const change = operation(world);
    answers.push(
      await db()
        .$transaction((tx) => post(tx, change))
        .then(
          () => "posted",
          (error: unknown) => refusal(error),
        ),
    );
  }
  return answers;
}

async function batched(world: World, operations: Operation[]) {
  const changes = operations.map((operation) => operation(world));
  const settled = await Promise.allSettled(changes.map((change) => postGrouped(change)));
  return settled.map((outcome) => (outcome.status === "fulfilled" ? "posted" : refusal(outcome.reason)));
}

/** Everything the world's accounts hold, with ids replaced by roles and positions. */
async function snapshot(world: World) {
  const roles = new Map(Object.entries(world).map(([role, merchant]) => [merchant.accountId, role]));
  const accountIds = [...roles.keys()];
  const entries = await db().ledgerEntry.findMany({
    where: { accountId: { in: accountIds } },
    orderBy: { seq: "asc" },
  });
  const position = new Map<string, string>(entries.map((entry, index) => [entry.id, `entry${index}`]));
  const seqPosition = new Map(entries.map((entry, index) => [entry.seq, index]));
  const named = (text: string) => {
    let out = text;
    for (const [id, name] of [...position, ...roles]) out = out.replaceAll(id, name);
    return out;
  };
  const accounts = await db().account.findMany({ where: { id: { in: accountIds } } });
  const postings = await db().ledgerPosting.findMany({
    where: { entrySeq: { in: entries.map((entry) => entry.seq) } },
    orderBy: { id: "asc" },
  });
  const transactions = [...new Set(postings.map((posting) => posting.transactionId))];
  const events = await db().entryEvent.findMany({
    where: { entrySeq: { in: entries.map((entry) => entry.seq) } },
    orderBy: { id: "asc" },
  });
  const outbox = await db().outboxEvent.findMany({
    where: { accountId: { in: accountIds }, topic: { startsWith: "entry." } },
    orderBy: { createdAt: "asc" },
  });
  return {
    balances: Object.fromEntries(
      accounts.map((a) => [roles.get(a.id), [a.availableCents, a.heldCents, a.blockedCents].map(String)]),
    ),
    entries: entries.map((entry) => ({
      account: roles.get(entry.accountId),
      type: entry.type,
      reason: entry.reason,
      status: entry.status,
      cents: [entry.grossCents, entry.feeCents, entry.netCents].map(String),
      externalId: entry.externalId,
      outgoingExternalId: entry.outgoingExternalId,
      counterpart: entry.counterpartEntryId ? position.get(entry.counterpartEntryId) : null,
      endToEnd: entry.endToEndId === null ? null : entry.endToEndId === entry.id,
    })),
    postings: postings
      .map((posting) => ({
        transaction: transactions.indexOf(posting.transactionId),
        entry: seqPosition.get(posting.entrySeq),
        account: posting.accountId ? roles.get(posting.accountId) : null,
        bucket: posting.bucket,
        cents: String(posting.amountCents),
      }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    statusEvents: events
      .map((event) => [seqPosition.get(event.entrySeq) ?? -1, event.status, event.errorMessage] as const)
      .sort((a, b) => a[0] - b[0]),
    outbox: outbox
      .map((event) => named(JSON.stringify([event.topic, event.accountId, event.entryId, event.payload])))
      .sort(),
  };
}

async function bothPaths(operations: Operation[]) {
  const single = await newWorld();
  const batch = await newWorld();
  const answers = { single: await oneByOne(single, operations), batch: await batched(batch, operations) };
  expect(answers.batch).toEqual(answers.single);
  expect(await snapshot(batch)).toEqual(await snapshot(single));
  return answers.single;
}

describe("the single and the batched write path", () => {
  it("leave the same rows and balances when every change fits", async () => {
    const answers = await bothPaths([
      transfer("payer", "receiver", 400n, "invoice-1"),
      held("payer", 100n, 5n, "invoice-2"),
      transfer("third", "payer", 50n, "invoice-1"),
      received("receiver", 250n),
      transfer("receiver", "payer", 650n),
    ]);
    expect(answers).toEqual(["posted", "posted", "posted", "posted", "posted"]);
  });

  it("refuse the same changes and leave the same rows and balances when some do not fit", async () => {
    const answers = await bothPaths([
      transfer("payer", "receiver", 400n, "invoice-1"),
      transfer("payer", "receiver", 700n), // only 6.00 left
      held("payer", 100n, 5n, "invoice-2"),
      transfer("third", "payer", 50n, "invoice-1"), // another account's external id: free
      transfer("payer", "third", 1n, "invoice-1"), // the payer's, already used
      received("receiver", 250n),
      transfer("receiver", "payer", 651n), // one centavo more than it has
      transfer("receiver", "payer", 650n),
    ]);
    expect(answers).toEqual([
      "posted",
      "INSUFFICIENT_BALANCE",
      "posted",
      "posted",
      "IDEMPOTENCY_CONFLICT",
      "posted",
      "INSUFFICIENT_BALANCE",
      "posted",
    ]);
  });
});
