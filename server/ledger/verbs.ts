/**
 * The ledger's write API (docs/decisions/0004-ledger.md). Each verb writes its entries, their
 * status and their legs in one `ledger_post` call, inside the caller's transaction — a status
 * never changes without the money that goes with it.
 *
 *   post     new entries and the legs that move their money (transfers, payments inside
 *            the platform)
 *   receive  a PIX from another institution: a settled credit, its money in through SPI
 *   receiveMany  several of them in one `ledger_post_many` call (a batch of recurring charges)
 *   hold     a new `processing` debit whose money moves available → held until it settles
 *   settle   processing → succeeded, the held money leaves (or, given legs, goes elsewhere)
 *   release  processing → failed, the held money comes back
 *   block    available → blocked on an existing entry, up to an amount (MEDs)
 *   unblock  blocked → available on an existing entry
 *
 * The batches (group-commit.ts, cash-out-batch.ts) post the same changes with concurrent ones;
 * a caller chooses between them and these by a WritePath (write-path.ts). annotations.ts holds
 * the few entry columns other capabilities set.
 */
import type { Tx } from "../db/client";
import { AppError } from "../errors";
import { applyLedgerChange, changeArgument, jsonArgument, type LedgerWriter, prismaWriter, translate } from "./apply";
import { legs } from "./movements";
import type { Entry, Leg, NewEntry } from "./types";

export type Target = Tx | LedgerWriter;

const writerOf = (target: Target): LedgerWriter => ("query" in target ? target : prismaWriter(target as Tx));
const onEntry = (movement: Leg[], entry = 0) => movement.map((leg) => ({ ...leg, entry }));
const onSeq = (movement: Leg[], entrySeq: bigint) => movement.map((leg) => ({ ...leg, entrySeq }));

/** New entries with the legs that move their money (legs belong to the first entry). */
export async function post(target: Target, change: { entries: NewEntry[]; legs: Leg[] }): Promise<Entry[]> {
  const result = await applyLedgerChange(writerOf(target), {
    entries: change.entries,
    legs: onEntry(change.legs),
  });
  return result.entries;
}

export type Received = Omit<NewEntry, "id" | "type" | "status" | "endToEndId"> & { endToEndId: string };

/**
 * A PIX from another institution: a `succeeded` credit whose id is its end-to-end id. Its
 * `feeCents` (the caller's, server/pricing) goes to the platform; the account gets the net.
 */
export async function receive(target: Target, credit: Received): Promise<Entry> {
  const [entry] = await post(target, {
    entries: [{ ...credit, id: credit.endToEndId, type: "credit", status: "succeeded" }],
    legs: legs.payIn(credit.accountId, credit.grossCents, credit.feeCents ?? 0n),
  });
  return entry as Entry;
}

/**
 * Several PIX received at once, in the caller's transaction: one `ledger_post_many` statement,
 * each credit its own change (its own ledger transaction and `entry.created` event). A credit
 * cannot lack funds, so a refusal (an unknown account) fails the caller's transaction.
 */
export async function receiveMany(tx: Tx, credits: Received[]): Promise<void> {
  if (!credits.length) return;
  const changes = credits.map((credit) =>
    changeArgument({
      entries: [{ ...credit, id: credit.endToEndId, type: "credit", status: "succeeded" }],
      legs: onEntry(legs.payIn(credit.accountId, credit.grossCents, credit.feeCents ?? 0n)),
    }),
  );
  const [row] = await tx.$queryRawUnsafe<{ outcomes: ({ error: string } | object)[] }[]>(
    "SELECT ledger_post_many($1::jsonb) AS outcomes",
    jsonArgument(changes),
  );
  const refused = row?.outcomes.find((outcome) => "error" in outcome) as { error: string } | undefined;
  if (refused) throw translate(refused.error);
}

/** A new `processing` debit; `amountCents` (what will leave, fee included) moves to held. */
export async function hold(target: Target, entry: Omit<NewEntry, "status" | "type">): Promise<Entry> {
  const [held] = await post(target, holdChange(entry));
  return held as Entry;
}

/** What `hold` posts: the processing debit, and its gross plus fee moved from available to held. */
export function holdChange(entry: Omit<NewEntry, "status" | "type">): { entries: NewEntry[]; legs: Leg[] } {
  return {
    entries: [{ ...entry, type: "debit", status: "processing" }],
    legs: legs.hold(entry.accountId, entry.grossCents + (entry.feeCents ?? 0n)),
  };
}

/**
 * A held debit succeeded. By default its money leaves through SPI (gross) and the fee stays
 * with the platform; a payment that lands inside the platform passes its own legs and the
 * receiving entry. Returns null when the entry was no longer processing (nothing written).
 */
export async function settle(
  target: Target,
  entry: Entry,
  inside?: { legs: Leg[]; entries: NewEntry[] },
): Promise<Entry | null> {
  const movement = inside?.legs ?? legs.payOut(entry.accountId, entry.grossCents, entry.feeCents);
  const result = await applyLedgerChange(writerOf(target), {
    transition: { entry, status: "succeeded" },
    entries: inside?.entries ?? [],
    legs: onSeq(movement, entry.seq),
  });
  return result.changed;
}

/** A held debit failed: its money goes back to available. Null when no longer processing. */
export async function release(target: Target, entry: Entry, errorMessage: string): Promise<Entry | null> {
  const result = await applyLedgerChange(writerOf(target), {
    transition: { entry, status: "failed", errorMessage },
    legs: onSeq(legs.release(entry.accountId, entry.netCents), entry.seq),
  });
  return result.changed;
}

/**
 * Blocks up to `upToCents` of the entry's account's available money, on the entry (a MED blocks
 * the disputed amount, or what is left of it). Locks the account row first, so the amount
 * blocked is exactly what was available at that moment; returns it (0 when nothing was).
 */
export async function block(target: Target, entry: Entry, upToCents: bigint): Promise<bigint> {
  if (upToCents <= 0n) throw new AppError("VALIDATION_ERROR", "amount to block must be positive", "amount");
  const writer = writerOf(target);
  const [row] = await writer.query("SELECT available_cents FROM accounts WHERE id = $1 FOR UPDATE", [entry.accountId]);
  const available = BigInt((row?.available_cents as string | number | bigint | undefined) ?? 0);
  const amount = available < upToCents ? available : upToCents;
  if (amount <= 0n) return 0n;
  await applyLedgerChange(writer, {
    legs: onSeq(legs.block(entry.accountId, amount), entry.seq),
    events: [blockEvent("entry.blocked", entry, amount)],
  });
  return amount;
}

/** Gives back `amountCents` of what was blocked on the account (422 if less is blocked). */
export async function unblock(target: Target, entry: Entry, amountCents: bigint): Promise<void> {
  if (amountCents <= 0n) throw new AppError("VALIDATION_ERROR", "amount to unblock must be positive", "amount");
  await applyLedgerChange(writerOf(target), {
    legs: onSeq(legs.unblock(entry.accountId, amountCents), entry.seq),
    events: [blockEvent("entry.unblocked", entry, amountCents)],
  });
}

function blockEvent(topic: "entry.blocked" | "entry.unblocked", entry: Entry, amount: bigint) {
  return {
    topic,
    accountId: entry.accountId,
    userId: entry.userId,
    entryId: entry.id,
    payload: { entryId: entry.id, accountId: entry.accountId, amountCents: amount.toString() },
  };
}
