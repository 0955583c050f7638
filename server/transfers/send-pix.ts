/**
 * One path for every outgoing PIX (to a key, to bank details, paying a BR Code): inside the
 * platform it settles at once (debit and credit in one transaction); to another institution
 * the money is held and the payment handed to the rail, to settle later.
 */
import { assertCanReceive, spendingAccount } from "../accounts/rules";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { inTransaction } from "../db/transaction";
import { invalid } from "../errors";
import type { LedgerEntry } from "../generated/prisma/client";
import { assertExternalIdFree } from "../ledger/entries";
import { newEndToEndId } from "../ledger/ids";
import { legs } from "../ledger/movements";
import { type Party, platformParty } from "../ledger/parties";
import type { Entry, EntryReason } from "../ledger/types";
import { hold, post } from "../ledger/verbs";
import { assertWithinLimits } from "../limits/limits";
import { coverOwedMeds } from "../meds/owed";
import { pixRail } from "../pix/current-rail";
import { transmitOutgoing } from "../pix/outgoing";
import type { PaymentInitiation } from "../pix/rail";
import { submissionOf } from "../pix/submission";
import { pixOutFeeFor } from "../pricing/service";

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
  creditReason?: Extract<EntryReason, "pix_in:credited" | "pix_in:qrcode_paid">;
  /** txId of the charge being paid, if any */
  entryRef?: string | null;
  /** externalId of the receiving side's entry (a charge's order number) */
  creditExternalId?: string | null;
  /** metadata of the receiving side's entry (a charge's metadata) */
  creditMetadata?: Record<string, unknown> | null;
  /** the end-to-end id the payment carries: the one its DICT look-up named (made here when absent) */
  endToEndId?: string;
  /** the receiver's CPF or CNPJ in digits, for the pacs.008 (the party's is masked) */
  receiverDocument?: string | null;
  /** how the payer gave the receiver: a key, typed details, a static or a dynamic BR Code */
  initiation?: PaymentInitiation;
  /**
   * Runs inside the payment's transaction, before the money moves, for payments inside the
   * platform (paying one of its charges locks and marks the charge here).
   */
  withinTransaction?: (tx: Tx, payment: { endToEndId: string; payerDocument: string }) => Promise<void>;
};

export async function sendPix(db: Db | Tx, input: OutgoingPix): Promise<LedgerEntry> {
  return inTransaction(db, async (tx) => {
    const source = await spendingAccount(tx, input.accountId, input.userId, input.amountCents);
    await assertWithinLimits(tx, source.id, input.amountCents);
    if (input.platformAccountId === source.id)
      throw invalid("cannot send a PIX to the same account", "pixKey", "SAME_ACCOUNT");
    await assertExternalIdFree(tx, source.id, input.externalId);
    const endToEndId = input.endToEndId ?? newEndToEndId("E", config().PLATFORM_ISPB);
    const fee = await pixOutFeeFor(tx, source, input.amountCents);
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
    const debit = {
      ...common,
      accountId: source.id,
      userId: source.userId,
      reason: input.reason,
      feeCents: fee,
      externalId: input.externalId ?? null,
      metadata: input.metadata ?? null,
    };

    if (input.platformAccountId) {
      const target = await tx.account.findUniqueOrThrow({ where: { id: input.platformAccountId } });
      assertCanReceive(target, input.reason === "pix_out:emv_pay" ? "emv" : "pixKey");
      await input.withinTransaction?.(tx, { endToEndId, payerDocument: source.document });
      const [paid] = await post(tx, {
        entries: [
          { ...debit, type: "debit", status: "succeeded" },
          {
            ...common,
            accountId: target.id,
            userId: target.userId,
            type: "credit",
            reason: input.creditReason ?? "pix_in:credited",
            status: "succeeded",
            counterpartEntryId: endToEndId,
            externalId: input.creditExternalId ?? null,
            metadata: input.creditMetadata ?? null,
          },
        ],
        legs: legs.transferWithFee(source.id, "available", target.id, input.amountCents, fee),
      });
      await coverOwedMeds(tx, target.id);
      return paid as Entry;
    }

    const held = await hold(tx, debit);
    await pixRail().submitPayment(tx, {
      entrySeq: held.seq,
      endToEndId,
      accountId: source.id,
      amountCents: input.amountCents,
      receiver: input.receiver,
      pixKey: input.pixKey ?? null,
      receiverDocument: input.receiverDocument ?? null,
      ...(input.initiation ? { initiation: input.initiation } : {}),
    });
    return held;
  });
}

/**
 * Hands a held payment (or refund) to the rail now and applies the decision if it is known at
 * once (the sandbox's): what the worker does when its submission is due. Idempotent.
 */
export async function settleOutgoingPix(db: Db, entrySeq: bigint): Promise<LedgerEntry | null> {
  const entry = (await db.ledgerEntry.findUnique({ where: { seq: entrySeq } })) as Entry | null;
  return entry ? transmitOutgoing(db, submissionOf(entry)) : null;
}
