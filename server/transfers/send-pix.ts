/**
 * One path for every outgoing PIX (to a key, to bank details, paying a BR Code): inside the
 * platform it settles at once (debit and credit in one transaction); to another institution
 * the money is held and the payment handed to the rail, to settle later.
 */
import { ownedAccount } from "../accounts/service";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { invalid } from "../errors";
import type { LedgerEntry } from "../generated/prisma/client";
import { applyLedgerChange, type NewEntry, prismaWriter } from "../ledger/apply";
import { assertExternalIdFree, finishEntry } from "../ledger/entries";
import { newEndToEndId } from "../ledger/ids";
import { type Leg, legs, postMovement } from "../ledger/movements";
import { type Party, platformParty } from "../ledger/parties";
import type { PixRail } from "../pix/rail";

export type OutgoingPix = {
  userId: string;
  accountId: string;
  amountCents: bigint;
  reason: "pix_out:processing" | "pix_out:emv_pay";
  receiver: Party;
  /** the receiving account when it is on this platform */
  platformAccountId: string | null;
  pixKey?: string | null;
  description?: string | null;
  externalId?: string | null;
  requestId?: string | null;
  metadata?: Record<string, unknown> | null;
  /** the credit's reason on the receiving side, for payments inside the platform */
  creditReason?: string;
  /** txId of the charge being paid, if any */
  entryRef?: string | null;
  /** metadata of the receiving side's entry (a charge's metadata) */
  creditMetadata?: Record<string, unknown> | null;
  /**
   * Runs inside the payment's transaction, before the money moves, for payments inside the
   * platform (paying one of its charges locks and marks the charge here).
   */
  withinTransaction?: (tx: Tx, payment: { endToEndId: string; payerDocument: string }) => Promise<void>;
};

export async function sendPix(db: Db, rail: PixRail, input: OutgoingPix): Promise<LedgerEntry> {
  return db.$transaction(async (tx) => {
    const source = await ownedAccount(tx, input.accountId, input.userId);
    if (input.platformAccountId === source.id) throw invalid("cannot send a PIX to the same account", "pixKey");
    await assertExternalIdFree(tx, source.id, input.externalId);
    const endToEndId = newEndToEndId("E", config().PLATFORM_ISPB);
    const fee = source.externalFeeCents;
    const common = {
      id: endToEndId,
      endToEndId,
      grossCents: input.amountCents,
      pixKey: input.pixKey ?? null,
      payer: platformParty(source),
      receiver: input.receiver,
      description: input.description ?? null,
      requestId: input.requestId ?? null,
      entryRef: input.entryRef ?? null,
    };

    const debitEntry = (status: "succeeded" | "processing"): NewEntry => ({
      ...common,
      accountId: source.id,
      userId: source.userId,
      type: "debit",
      reason: input.reason,
      status,
      feeCents: fee,
      externalId: input.externalId ?? null,
      metadata: input.metadata ?? null,
    });
    const writer = prismaWriter(tx);

    if (input.platformAccountId) {
      const target = await tx.account.findUniqueOrThrow({ where: { id: input.platformAccountId } });
      await input.withinTransaction?.(tx, { endToEndId, payerDocument: source.document });
      const movement: Leg[] = [
        { accountId: source.id, bucket: "available", amountCents: -(input.amountCents + fee) },
        { accountId: target.id, bucket: "available", amountCents: input.amountCents },
        ...(fee > 0n ? [{ accountId: null, bucket: "fees", amountCents: fee } as Leg] : []),
      ];
      const [debit] = await applyLedgerChange(writer, {
        entries: [
          debitEntry("succeeded"),
          {
            ...common,
            accountId: target.id,
            userId: target.userId,
            type: "credit",
            reason: input.creditReason ?? "pix_in:credited",
            status: "succeeded",
            counterpartEntryId: endToEndId,
            metadata: input.creditMetadata ?? null,
          },
        ],
        legs: movement.map((leg) => ({ ...leg, entry: 0 })),
      });
      return debit as LedgerEntry;
    }

    const [held] = await applyLedgerChange(writer, {
      entries: [debitEntry("processing")],
      legs: legs.hold(source.id, input.amountCents + fee).map((leg) => ({ ...leg, entry: 0 })),
    });
    const debit = held as LedgerEntry;
    await rail.submitPayment(tx, {
      entrySeq: debit.seq,
      endToEndId,
      accountId: source.id,
      amountCents: input.amountCents,
      receiver: input.receiver,
      pixKey: input.pixKey ?? null,
    });
    return debit;
  });
}

/** The rail's answer for a held payment: post it out or give the money back. Idempotent. */
export async function settleOutgoingPix(db: Db, rail: PixRail, entrySeq: bigint): Promise<LedgerEntry | null> {
  return db.$transaction(async (tx) => {
    const entry = await tx.ledgerEntry.findUnique({ where: { seq: entrySeq } });
    if (entry?.status !== "processing") return null;
    const outcome = rail.outcomeOf({ pixKey: entry.pixKey, receiver: entry.receiver as Party });
    if (outcome.status === "succeeded") {
      const settled = await finishEntry(tx, entrySeq, "succeeded");
      if (settled) await postMovement(tx, entrySeq, legs.payOut(entry.accountId, entry.grossCents, entry.feeCents));
      return settled;
    }
    const failed = await finishEntry(tx, entrySeq, "failed", `${outcome.reasonCode}: ${outcome.message}`);
    if (failed) await postMovement(tx, entrySeq, legs.release(entry.accountId, entry.netCents));
    return failed;
  });
}
