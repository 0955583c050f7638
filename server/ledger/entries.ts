/** Ledger entries: inserted once with their status event and outbox event; status moves by appending. */
import type { Tx } from "../db/client";
import { AppError } from "../errors";
import type { EntryStatus, EntryType, LedgerEntry } from "../generated/prisma/client";
import { recordEvent } from "../outbox/record";
import { idempotencyKeyOf } from "./ids";
import type { Party } from "./parties";

export type NewEntry = {
  id: string;
  accountId: string;
  userId: string;
  type: EntryType;
  reason: string;
  status: EntryStatus;
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

export function entrySnapshot(entry: LedgerEntry) {
  return {
    entryId: entry.id,
    accountId: entry.accountId,
    type: entry.type,
    reason: entry.reason,
    status: entry.status,
    grossCents: entry.grossCents.toString(),
    feeCents: entry.feeCents.toString(),
    netCents: entry.netCents.toString(),
    endToEndId: entry.endToEndId,
    externalId: entry.externalId,
    entryRef: entry.entryRef,
  };
}

/** 409 when the account already used this externalId for an outgoing movement. */
export async function assertExternalIdFree(tx: Tx, accountId: string, externalId: string | null | undefined) {
  if (!externalId) return;
  const taken = await tx.ledgerEntry.findFirst({
    where: { accountId, outgoingExternalId: externalId },
    select: { id: true },
  });
  if (taken) throw new AppError("IDEMPOTENCY_CONFLICT", `externalId ${externalId} was already used`, "externalId");
}

export async function insertEntry(tx: Tx, input: NewEntry): Promise<LedgerEntry> {
  const fee = input.feeCents ?? 0n;
  const net = input.netCents ?? (input.type === "credit" ? input.grossCents - fee : input.grossCents + fee);
  const entry = await tx.ledgerEntry.create({
    data: {
      id: input.id,
      accountId: input.accountId,
      userId: input.userId,
      type: input.type,
      reason: input.reason,
      status: input.status,
      grossCents: input.grossCents,
      feeCents: fee,
      netCents: net,
      idempotencyKey: idempotencyKeyOf(input.type, input.reason, input.id),
      endToEndId: input.endToEndId ?? null,
      parentEndToEndId: input.parentEndToEndId ?? null,
      entryRef: input.entryRef ?? null,
      externalId: input.externalId ?? null,
      outgoingExternalId: input.type === "debit" ? (input.externalId ?? null) : null,
      requestId: input.requestId ?? null,
      pixKey: input.pixKey ?? null,
      payer: (input.payer ?? undefined) as object | undefined,
      receiver: (input.receiver ?? undefined) as object | undefined,
      obs: input.obs ?? null,
      description: input.description ?? null,
      metadata: (input.metadata ?? undefined) as object | undefined,
      errorMessage: input.errorMessage ?? null,
      counterpartEntryId: input.counterpartEntryId ?? null,
    },
  });
  await tx.entryEvent.create({ data: { entrySeq: entry.seq, status: entry.status, errorMessage: entry.errorMessage } });
  await recordEvent(tx, {
    topic: "entry.created",
    accountId: entry.accountId,
    userId: entry.userId,
    entryId: entry.id,
    payload: entrySnapshot(entry),
  });
  return entry;
}

/**
 * Moves a `processing` entry to its final status. Returns null when it is no longer
 * processing (another settlement got there first): callers treat that as done.
 */
export async function finishEntry(
  tx: Tx,
  seq: bigint,
  status: "succeeded" | "failed",
  errorMessage: string | null = null,
): Promise<LedgerEntry | null> {
  const changed = await tx.$executeRaw`
    UPDATE ledger_entries SET status = ${status}::"EntryStatus", error_message = ${errorMessage}, updated_at = now()
     WHERE seq = ${seq} AND status = 'processing'`;
  if (changed === 0) return null;
  const entry = await tx.ledgerEntry.findUniqueOrThrow({ where: { seq } });
  await tx.entryEvent.create({ data: { entrySeq: seq, status, errorMessage } });
  await recordEvent(tx, {
    topic: "entry.status_changed",
    accountId: entry.accountId,
    userId: entry.userId,
    entryId: entry.id,
    payload: { ...entrySnapshot(entry), previousStatus: "processing" },
  });
  return entry;
}
