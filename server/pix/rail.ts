/**
 * What the platform needs from the PIX network (SPI for payments, DICT for keys). The sandbox
 * implementation simulates other institutions; a real connector implements the same port.
 */
import type { Tx } from "../db/client";
import type { PixKeyType } from "../generated/prisma/client";
import type { Party } from "../ledger/parties";
import type { OutboxEventInput } from "../outbox/record";

export type KeyResolution = {
  key: string;
  keyType: PixKeyType;
  receiver: Party;
  /** set when the key belongs to an account of this platform: the payment settles at once */
  platformAccountId: string | null;
};

export type SubmittedPayment = {
  entrySeq: bigint;
  endToEndId: string;
  accountId: string;
  amountCents: bigint;
  receiver: Party;
  pixKey: string | null;
};

/** What a caller may know of a party at another institution; the rail fills in the rest. */
export type PartialParty = Partial<Party>;

export type SettlementOutcome = { status: "succeeded" } | { status: "failed"; reasonCode: string; message: string };

export interface PixRail {
  /** DICT lookup; 400 for a malformed key, 404-like 400 when no institution knows it. */
  resolveKey(tx: Tx, key: string, statedType?: PixKeyType): Promise<KeyResolution>;
  /** DICT: whether another institution already holds this (well-formed) key, so it cannot be registered here. */
  heldByOtherParticipant(key: string, keyType: PixKeyType): boolean;
  /** Hands an outgoing payment to SPI, recorded in the caller's transaction. */
  submitPayment(tx: Tx, payment: SubmittedPayment): Promise<void>;
  /**
   * Optional, for the cash-out fast path (server/payouts/fast.ts), which needs both: the
   * resolution of a key no account of this platform holds, without I/O, and the outbox event
   * that `submitPayment` records. A rail without them takes the general path.
   */
  foreignKey?(key: string, keyType: PixKeyType): KeyResolution;
  submissionEvent?(payment: SubmittedPayment): OutboxEventInput;
  /**
   * The payload field where `submissionEvent` writes `entrySeq` (as a string): the batched
   * cash-out learns the seq in SQL and writes it there. Without it, cash-outs are posted alone.
   */
  submissionSeqField?: string;
  /** The network's answer to a submitted payment, when it arrives. */
  outcomeOf(payment: { pixKey: string | null; receiver: Party }): SettlementOutcome;
  /** Who is behind a dynamic BR Code hosted by another institution (its location URL). */
  foreignChargeReceiver(location: { url: string; merchantName: string }): Promise<Party>;
  /**
   * A complete party object for someone at another institution of whom only `known` (possibly
   * nothing) is stated, the same for the same `seed`. The sandbox simulates the rest
   * deterministically; a real connector answers from what the network sent.
   */
  counterparty(seed: string, known?: PartialParty | null): Party;
}
