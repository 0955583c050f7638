/** Ledger entries: inserted once with their status event and outbox event; status moves by appending. */
import type { Tx } from "../db/client";
import { AppError } from "../errors";
import type { LedgerEntry } from "../generated/prisma/client";
import { recordEvent } from "../outbox/record";
import { applyLedgerChange, type NewEntry, prismaWriter } from "./apply";

export type { NewEntry };

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

/** One new entry with its status event and `entry.created` outbox event (through ledger_post). */
export async function insertEntry(tx: Tx, input: NewEntry): Promise<LedgerEntry> {
  const [entry] = await applyLedgerChange(prismaWriter(tx), { entries: [input] });
  return entry as LedgerEntry;
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
