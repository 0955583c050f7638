/** Money arriving from other institutions: PIX credits via key and returns of our payments. */

import { operableAccount } from "../accounts/programme";
import { assertActive, assertTransactionAmount } from "../accounts/rules";
import { ownedAccount } from "../accounts/service";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { inTransaction } from "../db/transaction";
import { AppError, notFound } from "../errors";
import type { Account, LedgerEntry } from "../generated/prisma/client";
import { newEndToEndId } from "../ledger/ids";
import { type Party, platformParty } from "../ledger/parties";
import { receive } from "../ledger/verbs";
import { coverOwedMeds } from "../meds/owed";
import { settledArrival } from "../pix/arrival-wait";
import { pixRail } from "../pix/current-rail";
import { parsePixKey } from "../pix/keys";
import type { PartialParty, PixRail, SimulatedIncoming } from "../pix/rail";
import { withFee } from "../pricing/settlement";

export async function creditIncomingPix(
  db: Db | Tx,
  input: { userId: string; accountId: string; amountCents: bigint; payer?: PartialParty | null },
): Promise<LedgerEntry> {
  assertTransactionAmount(input.amountCents);
  const overTheWire = pixRail().sendFromSimulatedInstitution;
  if (overTheWire) {
    const account = await ownedAccount(db, input.accountId, input.userId);
    assertActive(account);
    return awaitCredit(db, overTheWire, {
      kind: "payment",
      amountCents: input.amountCents,
      creditorKey: null,
      creditorAccount: account.id,
      creditorBranch: account.agency,
      initiation: "MANU",
      txId: null,
      payer: input.payer ?? null,
    });
  }
  return inTransaction(db, async (tx) => {
    const account = await ownedAccount(tx, input.accountId, input.userId);
    return creditAccount(tx, account, input.amountCents, input.payer ?? null, null);
  });
}

/**
 * On the simulated network: a simulated institution sends the PIX and the answer waits for it
 * to be settled here (docs/pix-network.md), like a payer's bank would.
 */
async function awaitCredit(
  db: Db | Tx,
  send: NonNullable<PixRail["sendFromSimulatedInstitution"]>,
  payment: SimulatedIncoming,
): Promise<LedgerEntry> {
  if (!("$transaction" in db)) throw new Error("a PIX over the simulated network cannot join a transaction");
  return settledArrival(db as Db, await send(payment));
}

/**
 * An outside PIX to a key registered here credits the key's account. The caller (the sandbox's
 * simulated payer) may only aim at keys of accounts it operates: its own or its programme's.
 */
export async function creditIncomingPixToKey(
  db: Db | Tx,
  input: { callerId: string; pixKey: string; amountCents: bigint; payer?: PartialParty | null },
): Promise<LedgerEntry> {
  assertTransactionAmount(input.amountCents);
  const overTheWire = pixRail().sendFromSimulatedInstitution;
  if (overTheWire) {
    const { account, key } = await inTransaction(db, (tx) => keyOfCaller(tx, input.callerId, input.pixKey));
    assertActive(account);
    return awaitCredit(db, overTheWire, {
      kind: "payment",
      amountCents: input.amountCents,
      creditorKey: key,
      creditorAccount: null,
      creditorBranch: null,
      initiation: "DICT",
      txId: null,
      payer: input.payer ?? null,
    });
  }
  return inTransaction(db, async (tx) => {
    const { account, key } = await keyOfCaller(tx, input.callerId, input.pixKey);
    return creditAccount(tx, account, input.amountCents, input.payer ?? null, key);
  });
}

/** The account of a key the caller operates (its own, or its programme's); 404 otherwise. */
async function keyOfCaller(tx: Tx, callerId: string, pixKey: string) {
  const { key } = parsePixKey(pixKey);
  const registered = await tx.pixKey.findUnique({ where: { key } });
  if (!registered) throw notFound("no account of yours has this PIX key", "pixKey");
  const account = await operableAccount(tx, callerId, registered.accountId).catch((error: unknown) => {
    throw error instanceof AppError ? notFound("no account of yours has this PIX key", "pixKey") : error;
  });
  return { account, key };
}

async function creditAccount(
  tx: Tx,
  account: Account,
  amountCents: bigint,
  known: PartialParty | null,
  pixKey: string | null,
): Promise<LedgerEntry> {
  assertActive(account);
  // The rail completes what the caller left out, the same way for the same statement; the
  // payer's institution issues the end-to-end id.
  const payer = pixRail().counterparty(`payer-of-${account.id}:${known?.cpfCnpj ?? ""}:${known?.name ?? ""}`, known);
  return creditReceivedPix(tx, account, { endToEndId: newEndToEndId("E", payer.ispb), amountCents, payer, pixKey });
}

/** A PIX from another institution credited to the account less its fee (pix_in_key), once per end-to-end id. */
export async function creditReceivedPix(
  tx: Tx,
  account: Account,
  pix: { endToEndId: string; amountCents: bigint; payer: Party; pixKey: string | null; description?: string | null },
): Promise<LedgerEntry> {
  const { endToEndId, amountCents, payer, pixKey } = pix;
  const gross = {
    endToEndId,
    accountId: account.id,
    userId: account.userId,
    reason: "pix_in:credited" as const,
    grossCents: amountCents,
    payer,
    receiver: platformParty(account),
    pixKey,
    description: pix.description ?? null,
  };
  const credit = await receive(tx, await withFee(tx, gross, "pix_in_key"));
  await coverOwedMeds(tx, account.id);
  return credit;
}

/** A PIX this platform sent to another institution, and what of it may still come back. */
async function lockSentPix(tx: Tx, endToEndId: string, userId: string | null) {
  const [original] = await tx.$queryRaw<{ seq: bigint }[]>`
    SELECT ledger_lock_entry(sent.seq) AS seq FROM (
      SELECT e.seq FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
       WHERE e.end_to_end_id = ${endToEndId} AND e.type = 'debit'
         AND (${userId}::uuid IS NULL OR a.user_id = ${userId}::uuid)
         AND e.reason IN ('pix_out:processing', 'pix_out:emv_pay')
       OFFSET 0) sent`;
  if (!original) return null;
  const entry = await tx.ledgerEntry.findUniqueOrThrow({ where: { seq: original.seq } });
  const returned = await tx.ledgerEntry.aggregate({
    where: { parentEndToEndId: entry.endToEndId, reason: "pix_out:refunded_processing", accountId: entry.accountId },
    _sum: { grossCents: true },
  });
  return { entry, remaining: entry.grossCents - (returned._sum.grossCents ?? 0n) };
}

/** What of a settled PIX sent from here may still be returned, and its account; null when none was sent. */
export async function remainingToReturn(tx: Tx, endToEndId: string) {
  const sent = await lockSentPix(tx, endToEndId, null);
  if (sent?.entry.status !== "succeeded") return null;
  return { accountId: sent.entry.accountId, cents: sent.remaining };
}

/**
 * A return (pacs.004) of a PIX sent from here, credited to the account that sent it, once per
 * return id. Never more than is left of the original: the original is locked.
 */
export async function creditReturnOfPix(
  tx: Tx,
  account: Account,
  pix: { returnId: string; originalEndToEndId: string; amountCents: bigint; userId?: string | null },
): Promise<LedgerEntry> {
  const sent = await lockSentPix(tx, pix.originalEndToEndId, pix.userId ?? null);
  if (!sent || sent.entry.accountId !== account.id) throw notFound("outgoing PIX not found");
  const { entry, remaining } = sent;
  if (entry.status !== "succeeded") throw new AppError("NOT_REFUNDABLE", "only a settled payment can be returned");
  if (pix.amountCents <= 0n || pix.amountCents > remaining) {
    throw new AppError(
      "NOT_REFUNDABLE",
      `at most ${remaining} centavos of this payment can still be returned`,
      "amount",
    );
  }
  const credit = await receive(tx, {
    endToEndId: pix.returnId,
    parentEndToEndId: entry.endToEndId,
    accountId: account.id,
    userId: account.userId,
    reason: "pix_out:refunded_processing",
    grossCents: pix.amountCents,
    payer: entry.receiver as Party | null,
    receiver: platformParty(account),
  });
  await coverOwedMeds(tx, account.id);
  return credit;
}

/**
 * Sandbox: the receiver of one of our payments sends it back (all or part).
 */
export async function returnOutgoingPix(
  db: Db | Tx,
  input: { userId: string; endToEndId: string; amountCents?: bigint | null },
): Promise<LedgerEntry> {
  const overTheWire = pixRail().sendFromSimulatedInstitution;
  if (overTheWire) {
    const remaining = await inTransaction(db, async (tx) => {
      const sent = await lockSentPix(tx, input.endToEndId, input.userId);
      if (!sent) throw notFound("outgoing PIX not found");
      if (sent.entry.status !== "succeeded")
        throw new AppError("NOT_REFUNDABLE", "only a settled payment can be returned");
      return sent.remaining;
    });
    return awaitCredit(db, overTheWire, {
      kind: "return",
      amountCents: input.amountCents ?? remaining,
      originalEndToEndId: input.endToEndId,
    });
  }
  return inTransaction(db, async (tx) => {
    const sent = await lockSentPix(tx, input.endToEndId, input.userId);
    if (!sent) throw notFound("outgoing PIX not found");
    const account = await ownedAccount(tx, sent.entry.accountId, input.userId);
    const receiverIspb = (sent.entry.receiver as Party | null)?.ispb ?? config().PLATFORM_ISPB;
    return creditReturnOfPix(tx, account, {
      returnId: newEndToEndId("D", receiverIspb),
      originalEndToEndId: input.endToEndId,
      amountCents: input.amountCents ?? sent.remaining,
      userId: input.userId,
    });
  });
}
