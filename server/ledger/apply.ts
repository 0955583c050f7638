/**
 * Every ledger write goes through `ledger_post` or `ledger_post_many` (server/ledger/sql/): a
 * status transition, balances, entries, status events, postings and outbox events in one round
 * trip. This module builds their argument and reads their answer; services call the verbs of
 * verbs.ts and batches.ts, not this.
 */
import type { Pool } from "pg";
import type { Tx } from "../db/client";
import { AppError } from "../errors";
import { idempotencyKeyOf } from "./ids";
import { assertBalanced } from "./movements";
import { entryFromRow, entrySnapshot } from "./rows";
import { type Entry, type EntryStatus, InsufficientFunds, type Leg, type NewEntry, UNANNOUNCED_REASONS } from "./types";

export type LedgerWriter = { query: (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]> };

export const prismaWriter = (tx: Tx): LedgerWriter => ({
  query: (sql, params) => tx.$queryRawUnsafe(sql, ...params),
});

export const poolWriter = (pool: Pool): LedgerWriter => ({
  query: async (sql, params) => (await pool.query(sql, params)).rows,
});

/** A leg bound to a new entry of the same change (by index) or to an existing one (by seq). */
export type ChangeLeg = Leg & ({ entry: number } | { entrySeq: bigint });

/** An existing `processing` entry moving to its final status with the change. */
export type Transition = { entry: Entry; status: Exclude<EntryStatus, "processing">; errorMessage?: string | null };

export type OutboxExtra = { topic: string; accountId: string; userId: string; entryId: string; payload: object };

export type LedgerChange = {
  entries?: NewEntry[];
  legs?: ChangeLeg[];
  transition?: Transition;
  events?: OutboxExtra[];
};

export type LedgerResult = { applied: boolean; entries: Entry[]; changed: Entry | null };

function entryRow(input: NewEntry) {
  const fee = input.feeCents ?? 0n;
  const net = input.netCents ?? (input.type === "credit" ? input.grossCents - fee : input.grossCents + fee);
  return {
    id: input.id,
    account_id: input.accountId,
    user_id: input.userId,
    type: input.type,
    reason: input.reason,
    status: input.status,
    gross: input.grossCents,
    fee,
    net,
    idempotency_key: idempotencyKeyOf(input.type, input.reason, input.id),
    end_to_end_id: input.endToEndId ?? null,
    parent_end_to_end_id: input.parentEndToEndId ?? null,
    entry_ref: input.entryRef ?? null,
    external_id: input.externalId ?? null,
    outgoing_external_id: input.type === "debit" ? (input.externalId ?? null) : null,
    request_id: input.requestId ?? null,
    pix_key: input.pixKey ?? null,
    payer: input.payer ?? null,
    receiver: input.receiver ?? null,
    obs: input.obs ?? null,
    description: input.description ?? null,
    metadata: input.metadata ?? null,
    error_message: input.errorMessage ?? null,
    counterpart_entry_id: input.counterpartEntryId ?? null,
  };
}

function outboxRow(event: OutboxExtra) {
  return {
    topic: event.topic,
    account_id: event.accountId,
    user_id: event.userId,
    entry_id: event.entryId,
    payload: event.payload,
  };
}

function events(change: LedgerChange) {
  const announced = (change.entries ?? []).filter((input) => !UNANNOUNCED_REASONS.has(input.reason));
  const created = announced.map((input) => {
    const row = entryRow(input);
    return outboxRow({
      topic: "entry.created",
      accountId: input.accountId,
      userId: input.userId,
      entryId: input.id,
      payload: entrySnapshot({ ...input, feeCents: row.fee, netCents: row.net, ...nulls(input) }),
    });
  });
  const moved = change.transition
    ? [
        outboxRow({
          topic: "entry.status_changed",
          accountId: change.transition.entry.accountId,
          userId: change.transition.entry.userId,
          entryId: change.transition.entry.id,
          payload: {
            ...entrySnapshot({ ...change.transition.entry, status: change.transition.status }),
            previousStatus: "processing",
          },
        }),
      ]
    : [];
  return [...created, ...moved, ...(change.events ?? []).map(outboxRow)];
}

const nulls = (input: NewEntry) => ({
  endToEndId: input.endToEndId ?? null,
  externalId: input.externalId ?? null,
  entryRef: input.entryRef ?? null,
});

const bigintAsString = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);

/** The service error for what `ledger_post` refused (its exception text, or a group-commit item's reason). */
export function translate(error: unknown): unknown {
  const text = error instanceof Error ? error.message : String(error);
  const funds = /insufficient_funds:(\d{12})/.exec(text);
  if (funds?.[1]) return new InsufficientFunds(funds[1]);
  if (text.includes("outgoing_external_id")) {
    return new AppError("IDEMPOTENCY_CONFLICT", "externalId was already used", "externalId");
  }
  return error;
}

/** `ledger_post`'s argument for a change (also one item of `ledger_post_many`'s, group-commit.ts). */
export function changeArgument(change: LedgerChange) {
  const legs = change.legs ?? [];
  assertBalanced(legs);
  const transition = change.transition
    ? [
        {
          seq: change.transition.entry.seq,
          status: change.transition.status,
          error_message: change.transition.errorMessage ?? null,
        },
      ]
    : [];
  return {
    entries: (change.entries ?? []).map(entryRow),
    legs: legs.map((leg) => ({
      ...("entry" in leg ? { entry: leg.entry } : { entry_seq: leg.entrySeq }),
      account_id: leg.accountId,
      bucket: leg.bucket,
      amount: leg.amountCents,
    })),
    transitions: transition,
    events: events(change),
  };
}

export const jsonArgument = (value: unknown) => JSON.stringify(value, bigintAsString);

/** What the database chose for each new entry of an accepted change. */
export type Placed = { entries: { seq: string; created_at: string }[] };

/** An accepted change's entries: its own rows with the database's seq and timestamps. */
export function postedEntries(argument: ReturnType<typeof changeArgument>, outcome: Placed): Entry[] {
  return argument.entries.map((row, index) => {
    const stored = outcome.entries[index] as { seq: string; created_at: string };
    return entryFromRow({
      ...row,
      gross_cents: row.gross,
      fee_cents: row.fee,
      net_cents: row.net,
      seq: stored.seq,
      created_at: stored.created_at,
      updated_at: stored.created_at,
    });
  });
}

export async function applyLedgerChange(writer: LedgerWriter, change: LedgerChange): Promise<LedgerResult> {
  const argument = changeArgument(change);
  try {
    const [result] = await writer.query("SELECT ledger_post($1::jsonb) AS result", [jsonArgument(argument)]);
    const answer = result?.result as Placed & { applied: boolean; changed: object[] };
    const changed = answer.changed[0];
    return {
      applied: answer.applied,
      entries: answer.applied ? postedEntries(argument, answer) : [],
      changed: changed ? entryFromRow(changed as Record<string, unknown>) : null,
    };
  } catch (error) {
    throw translate(error);
  }
}
