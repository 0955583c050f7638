/**
 * Every ledger write goes through `ledger_post` (the SQL function of migration
 * 20261122010000): balances, entries, status events, postings and outbox events in one round
 * trip, inside the caller's transaction. This module builds its argument and reads its answer.
 */
import type { Pool } from "pg";
import type { Tx } from "../db/client";
import { AppError } from "../errors";
import type { LedgerEntry } from "../generated/prisma/client";
import { idempotencyKeyOf } from "./ids";
import { InsufficientFunds, type Leg } from "./movements";
import type { Party } from "./parties";

export type LedgerWriter = { query: (sql: string, params: unknown[]) => Promise<{ rows: unknown }[]> };

export const prismaWriter = (tx: Tx): LedgerWriter => ({
  query: (sql, params) => tx.$queryRawUnsafe(sql, ...params),
});

export const poolWriter = (pool: Pool): LedgerWriter => ({
  query: async (sql, params) => (await pool.query(sql, params)).rows,
});

export type NewEntry = {
  id: string;
  accountId: string;
  userId: string;
  type: "debit" | "credit";
  reason: string;
  status: "processing" | "succeeded" | "failed";
  grossCents: bigint;
  feeCents?: bigint;
  /** defaults: credit gross − fee, debit gross + fee (what left the account) */
  netCents?: bigint;
  endToEndId?: string | null;
  parentEndToEndId?: string | null;
  entryRef?: string | null;
  externalId?: string | null;
  requestId?: string | null;
  pixKey?: string | null;
  payer?: Party | null;
  receiver?: Party | null;
  obs?: string | null;
  description?: string | null;
  metadata?: Record<string, unknown> | null;
  errorMessage?: string | null;
  counterpartEntryId?: string | null;
};

/** A leg bound to a new entry of the same change (by index) or to an existing one (by seq). */
export type ChangeLeg = Leg & ({ entry: number } | { entrySeq: bigint });

export type LedgerChange = { entries?: NewEntry[]; legs?: ChangeLeg[] };

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

/** The outbox payload of an entry (same as entrySnapshot, from the row being written). */
function createdEvent(row: ReturnType<typeof entryRow>) {
  return {
    topic: "entry.created",
    account_id: row.account_id,
    user_id: row.user_id,
    entry_id: row.id,
    payload: {
      entryId: row.id,
      accountId: row.account_id,
      type: row.type,
      reason: row.reason,
      status: row.status,
      grossCents: row.gross.toString(),
      feeCents: row.fee.toString(),
      netCents: row.net.toString(),
      endToEndId: row.end_to_end_id,
      externalId: row.external_id,
      entryRef: row.entry_ref,
    },
  };
}

const bigintAsString = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);

type Row = Record<string, unknown>;

function toEntry(row: Row): LedgerEntry {
  const big = (v: unknown) => BigInt(v as number | string);
  const date = (v: unknown) => new Date(v as string);
  return {
    seq: big(row.seq),
    id: row.id as string,
    accountId: row.account_id as string,
    userId: row.user_id as string,
    type: row.type as LedgerEntry["type"],
    reason: row.reason as string,
    status: row.status as LedgerEntry["status"],
    grossCents: big(row.gross_cents),
    feeCents: big(row.fee_cents),
    netCents: big(row.net_cents),
    idempotencyKey: row.idempotency_key as string,
    endToEndId: (row.end_to_end_id as string | null) ?? null,
    parentEndToEndId: (row.parent_end_to_end_id as string | null) ?? null,
    entryRef: (row.entry_ref as string | null) ?? null,
    externalId: (row.external_id as string | null) ?? null,
    outgoingExternalId: (row.outgoing_external_id as string | null) ?? null,
    requestId: (row.request_id as string | null) ?? null,
    pixKey: (row.pix_key as string | null) ?? null,
    payer: (row.payer as LedgerEntry["payer"]) ?? null,
    receiver: (row.receiver as LedgerEntry["receiver"]) ?? null,
    obs: (row.obs as string | null) ?? null,
    description: (row.description as string | null) ?? null,
    metadata: (row.metadata as LedgerEntry["metadata"]) ?? null,
    errorMessage: (row.error_message as string | null) ?? null,
    refundedEndToEndId: (row.refunded_end_to_end_id as string | null) ?? null,
    counterpartEntryId: (row.counterpart_entry_id as string | null) ?? null,
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

function translate(error: unknown): unknown {
  const text = error instanceof Error ? error.message : String(error);
  const funds = /insufficient_funds:(\d{12})/.exec(text);
  if (funds?.[1]) return new InsufficientFunds(funds[1]);
  if (text.includes("outgoing_external_id")) {
    return new AppError("IDEMPOTENCY_CONFLICT", "externalId was already used", "externalId");
  }
  return error;
}

export async function applyLedgerChange(writer: LedgerWriter, change: LedgerChange): Promise<LedgerEntry[]> {
  const rows = (change.entries ?? []).map(entryRow);
  const legs = (change.legs ?? []).map((leg) => ({
    ...("entry" in leg ? { entry: leg.entry } : { entry_seq: leg.entrySeq }),
    account_id: leg.accountId,
    bucket: leg.bucket,
    amount: leg.amountCents,
  }));
  const argument = JSON.stringify({ entries: rows, legs, events: rows.map(createdEvent) }, bigintAsString);
  try {
    const [result] = await writer.query("SELECT ledger_post($1::jsonb) AS rows", [argument]);
    return ((result?.rows as Row[] | undefined) ?? []).map(toEntry);
  } catch (error) {
    throw translate(error);
  }
}
