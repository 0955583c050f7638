/**
 * What the platform needs from the PIX network (SPI for payments, DICT for keys), shaped as the
 * network behaves (docs/pix-network.md): an outgoing payment or return is *submitted* and
 * *decided later*; an incoming one *arrives*, is *answered* and *settled later*. The decisions
 * and arrivals are applied by the core (server/pix/outgoing.ts, server/pix/incoming.ts), the same
 * whichever adapter runs: the in-process sandbox (sandbox-rail.ts) or the SPI/DICT connector
 * (server/pix/network/).
 */
import type { Db, Tx } from "../db/client";
import type { PixKeyType } from "../generated/prisma/client";
import type { Party } from "../ledger/parties";
import type { OutboxEventInput } from "../outbox/record";

export type KeyResolution = {
  key: string;
  keyType: PixKeyType;
  receiver: Party;
  /** the receiver's CPF or CNPJ, digits (the party's is masked): the pacs.008 names it */
  receiverDocument?: string | null;
  /** set when the key belongs to an account of this platform: the payment settles at once */
  platformAccountId: string | null;
};

/** DICT's `getEntry` headers: who pays, and the id the payment will carry. */
export type KeyLookup = { payerDocument: string; endToEndId: string };

/** How the payer gave the receiver (pacs.008 MndtRltdInf/Tp/LclInstrm/Prtry). */
export type PaymentInitiation = "MANU" | "DICT" | "QRDN" | "QRES";

/** ISO 20022 return reasons (pacs.004): asked by the receiver, the PSP's error, fraud (MED). */
export type ReturnReason = "MD06" | "BE08" | "FR01" | "SL02";

export type SubmittedPayment = {
  entrySeq: bigint;
  endToEndId: string;
  accountId: string;
  amountCents: bigint;
  receiver: Party;
  pixKey: string | null;
  receiverDocument?: string | null;
  initiation?: PaymentInitiation;
  /** a return (refund) of a PIX received: the original's end-to-end id and why */
  returnOf?: { endToEndId: string; reason: ReturnReason } | null;
};

/** What the worker hands the rail: a held payment or return, with what the message needs. */
export type Transmission = {
  kind: "payment" | "return";
  /** EndToEndId, or RtrId of a return */
  id: string;
  accountId: string;
  amountCents: bigint;
  payer: Party;
  payerDocument: string;
  receiver: Party;
  receiverDocument: string | null;
  pixKey: string | null;
  initiation: PaymentInitiation;
  txId: string | null;
  description: string | null;
  returnOf: { endToEndId: string; reason: ReturnReason } | null;
  createdAt: Date;
};

/** What the network decided of an outgoing payment or return (pacs.002 ACSC / RJCT, admi.002). */
export type OutgoingDecision =
  | { id: string; outcome: "settled" }
  | { id: string; outcome: "rejected"; reasonCode: string; reasonText?: string | null };

/** What the directory says of registering a key here. */
export type KeyRegistration =
  /** `key`: the directory's value of it when it made it (an EVP) */
  { status: "registered"; key?: string } | { status: "held_elsewhere"; by: "other_owner" | "other_participant" };

/** Sandbox: what a simulated institution is asked to send this platform. */
export type SimulatedIncoming =
  | {
      kind: "payment";
      amountCents: bigint;
      creditorKey: string | null;
      creditorAccount: string | null;
      creditorBranch: string | null;
      initiation: "DICT" | "MANU" | "QRDN" | "QRES" | "AUTO";
      txId: string | null;
      payer: PartialParty | null;
      /** the id the payer's institution gave it beforehand (a Pix Automático attempt it scheduled) */
      endToEndId?: string;
      /** when the payer accepted it (AccptncDtTm), when not now: a cobv paid as if on another day */
      acceptedAt?: Date;
    }
  | { kind: "return"; amountCents: bigint; originalEndToEndId: string };

/** What a caller may know of a party at another institution; the rail fills in the rest. */
export type PartialParty = Partial<Party>;

export interface PixRail {
  readonly name: "sandbox" | "network";
  /**
   * DICT lookup; 400 for a malformed key, a 4xx when no institution knows it or the directory
   * cannot answer. `lookup` carries getEntry's headers (the connector requires it for keys
   * outside this platform).
   */
  resolveKey(tx: Tx, key: string, statedType?: PixKeyType, lookup?: KeyLookup): Promise<KeyResolution>;
  /**
   * Before a key's proof of possession is asked: whether the directory is known to hold it
   * elsewhere ("available" when it is not, or cannot tell; `registerKey` decides).
   */
  keyAvailability(key: string, keyType: PixKeyType): Promise<"available" | "other_owner" | "other_participant">;
  /** DICT createEntry for a key an account of this platform registers (active only if registered). */
  registerKey(key: {
    key: string;
    keyType: PixKeyType;
    account: {
      id: string;
      agency: string;
      document: string;
      name: string;
      personType: "company" | "person";
      createdAt: Date;
    };
  }): Promise<KeyRegistration>;
  /** DICT deleteEntry for a key removed here. */
  unregisterKey(key: { key: string; keyType: PixKeyType; accountId: string }): Promise<void>;
  /** Records, in the caller's transaction, that a held payment or return goes to the network. */
  submitPayment(tx: Tx, payment: SubmittedPayment): Promise<void>;
  /**
   * The worker hands a submitted payment to the network. Throws while the network cannot take
   * it (it is tried again later, the same message). The decision arrives later (outgoing.ts),
   * or is known at once and returned (the sandbox).
   */
  transmit(db: Db, payment: Transmission): Promise<OutgoingDecision | null>;
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
  /** Who is behind a dynamic BR Code hosted by another institution (its location URL). */
  foreignChargeReceiver(location: { url: string; merchantName: string; pixKey?: string | null }): Promise<Party>;
  /**
   * Sandbox on the network only: a simulated institution sends the PIX or return over the wire;
   * answers the id it carries (the core credits it when the network settles it). Absent on the
   * in-process sandbox, whose endpoints credit at once.
   */
  sendFromSimulatedInstitution?(payment: SimulatedIncoming): Promise<string>;
  /**
   * A complete party object for someone at another institution of whom only `known` (possibly
   * nothing) is stated, the same for the same `seed` (the sandbox's simulated payers).
   */
  counterparty(seed: string, known?: PartialParty | null): Party;
}
