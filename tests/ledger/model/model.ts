/**
 * What the ledger should do, in memory: the balances of a few accounts, the payments held for
 * SPI, the PIX received and the MEDs opened on them. Each operation either refuses (and changes
 * nothing) or applies its effect, in the order the services check their rules.
 */
import type { ErrorCode, ErrorReason } from "../../../server/errors";

export type Refusal = { code: ErrorCode; reason?: ErrorReason };

export type AccountModel = {
  status: "active" | "inactive";
  available: bigint;
  held: bigint;
  blocked: bigint;
  /** what each payment to another institution costs on top of its amount */
  fee: bigint;
};

/** A processing debit whose money waits in `held` for SPI's answer. */
export type HoldModel = {
  account: number;
  /** what moved from available to held: the amount plus the fee */
  cents: bigint;
  /** of a payment's amount (without its fee), what its receiver has not sent back */
  returnable: bigint;
  /** what SPI will answer (the sandbox decides it by the key; refunds always settle) */
  answer: "settles" | "fails";
  status: "processing" | "succeeded" | "failed";
  /** for a refund: the received PIX it gives back */
  refunds?: number;
};

export type CreditModel = { account: number; cents: bigint; medOpened: boolean };

export type MedModel = {
  account: number;
  credit: number;
  disputed: bigint;
  blocked: bigint;
  status: "under_analysis" | "accepted" | "rejected";
};

export type LedgerModel = {
  accounts: AccountModel[];
  holds: HoldModel[];
  credits: CreditModel[];
  meds: MedModel[];
};

/** An operation's prediction: its refusal, or null when it is accepted (and applied to the model). */
export type Prediction = Refusal | null;

const refuse = (code: ErrorCode, reason?: ErrorReason): Refusal => (reason ? { code, reason } : { code });
const accepted = null;
const min = (a: bigint, b: bigint) => (a < b ? a : b);

export function emptyLedger(fees: bigint[]): LedgerModel {
  return {
    accounts: fees.map((fee) => ({ status: "active", available: 0n, held: 0n, blocked: 0n, fee })),
    holds: [],
    credits: [],
    meds: [],
  };
}

const accountOf = (model: LedgerModel, index: number) => model.accounts[index] as AccountModel;

/** An open MED that blocked less than it disputes takes every credit of its account, oldest first. */
function coverOwedMeds(model: LedgerModel, account: number): void {
  const balance = accountOf(model, account);
  for (const med of model.meds) {
    if (med.account !== account || med.status !== "under_analysis" || med.blocked >= med.disputed) continue;
    const taken = min(balance.available, med.disputed - med.blocked);
    if (taken === 0n) return;
    balance.available -= taken;
    balance.blocked += taken;
    med.blocked += taken;
  }
}

/** What is left to give back of a received PIX: its amount less refunds processing or done. */
function refundable(model: LedgerModel, credit: number): bigint {
  const given = model.holds
    .filter((hold) => hold.refunds === credit && hold.status !== "failed")
    .reduce((sum, hold) => sum + hold.cents, 0n);
  return (model.credits[credit] as CreditModel).cents - given;
}

/** A PIX from another institution credits an active account. */
export function receive(model: LedgerModel, account: number, cents: bigint): Prediction {
  const balance = accountOf(model, account);
  if (balance.status !== "active") return refuse("FORBIDDEN", "ACCOUNT_INACTIVE");
  balance.available += cents;
  model.credits.push({ account, cents, medOpened: false });
  coverOwedMeds(model, account);
  return accepted;
}

/** Between two accounts of the platform, at once and without a fee. */
export function transfer(model: LedgerModel, from: number, to: number, cents: bigint): Prediction {
  if (from === to) return refuse("VALIDATION_ERROR", "SAME_ACCOUNT");
  const source = accountOf(model, from);
  const target = accountOf(model, to);
  if (source.status !== "active") return refuse("FORBIDDEN", "ACCOUNT_INACTIVE");
  if (target.status !== "active") return refuse("FORBIDDEN", "DESTINATION_INACTIVE");
  if (source.available < cents) return refuse("INSUFFICIENT_BALANCE");
  source.available -= cents;
  target.available += cents;
  coverOwedMeds(model, to);
  return accepted;
}

/** A PIX to another institution: amount and fee move to held until SPI answers. */
export function hold(model: LedgerModel, account: number, cents: bigint, answer: HoldModel["answer"]): Prediction {
  const balance = accountOf(model, account);
  if (balance.status !== "active") return refuse("FORBIDDEN", "ACCOUNT_INACTIVE");
  const total = cents + balance.fee;
  if (balance.available < total) return refuse("INSUFFICIENT_BALANCE");
  balance.available -= total;
  balance.held += total;
  model.holds.push({ account, cents: total, returnable: cents, answer, status: "processing" });
  return accepted;
}

/**
 * The receiver of a settled payment sends back all (`null`) or part of its amount (never the
 * fee), more than once up to the amount; the money is the account's again, blocked or not.
 */
export function giveBack(model: LedgerModel, index: number, cents: bigint | null): Prediction {
  const payment = model.holds[index] as HoldModel;
  if (payment.status !== "succeeded") return refuse("NOT_REFUNDABLE");
  const amount = cents ?? payment.returnable;
  if (amount <= 0n || amount > payment.returnable) return refuse("NOT_REFUNDABLE");
  payment.returnable -= amount;
  accountOf(model, payment.account).available += amount;
  coverOwedMeds(model, payment.account);
  return accepted;
}

/**
 * SPI answers for a held payment: the money leaves (settles) or comes back (fails). An answer for
 * a payment no longer processing changes nothing; the service tells it by returning no entry.
 */
export function answer(model: LedgerModel, index: number): { changed: boolean } {
  const held = model.holds[index] as HoldModel;
  if (held.status !== "processing") return { changed: false };
  const balance = accountOf(model, held.account);
  balance.held -= held.cents;
  if (held.answer === "settles") {
    held.status = "succeeded";
  } else {
    held.status = "failed";
    balance.available += held.cents;
    coverOwedMeds(model, held.account);
  }
  return { changed: true };
}

/** The refund of a received PIX's rules, shared by the merchant's request and a MED's acceptance. */
function refundRefusal(model: LedgerModel, credit: number, cents: bigint | null): Refusal | null {
  const inFlight = model.holds.some((held) => held.refunds === credit && held.status === "processing");
  if (inFlight) return refuse("CONFLICT", "REFUND_IN_PROGRESS");
  const remaining = refundable(model, credit);
  if (remaining <= 0n || (cents ?? remaining) > remaining) return refuse("NOT_REFUNDABLE", "REFUND_ABOVE_REMAINING");
  const balance = accountOf(model, (model.credits[credit] as CreditModel).account);
  if (balance.status !== "active") return refuse("FORBIDDEN", "ACCOUNT_INACTIVE");
  if (balance.available < (cents ?? remaining)) return refuse("INSUFFICIENT_BALANCE");
  return null;
}

function holdRefund(model: LedgerModel, credit: number, cents: bigint): void {
  const account = (model.credits[credit] as CreditModel).account;
  const balance = accountOf(model, account);
  balance.available -= cents;
  balance.held += cents;
  model.holds.push({ account, cents, returnable: 0n, answer: "settles", status: "processing", refunds: credit });
}

/** The merchant gives back all (`null`) or part of a received PIX; it settles through SPI. */
export function refund(model: LedgerModel, credit: number, cents: bigint | null): Prediction {
  const refusal = refundRefusal(model, credit, cents);
  if (refusal) return refusal;
  holdRefund(model, credit, cents ?? refundable(model, credit));
  return accepted;
}

/** Another institution disputes a received PIX: what is left of it is blocked, as far as available. */
export function openMed(model: LedgerModel, credit: number): Prediction {
  const received = model.credits[credit] as CreditModel;
  if (received.medOpened) return refuse("CONFLICT");
  const disputed = refundable(model, credit);
  if (disputed <= 0n) return refuse("NOT_REFUNDABLE");
  const balance = accountOf(model, received.account);
  const blocked = min(balance.available, disputed);
  balance.available -= blocked;
  balance.blocked += blocked;
  received.medOpened = true;
  model.meds.push({ account: received.account, credit, disputed, blocked, status: "under_analysis" });
  return accepted;
}

/**
 * The dispute is decided. Either way the block ends; accepted, what was blocked (never more than
 * is still refundable) is refunded in the same transaction, so a refund's refusal refuses the
 * decision. What the block released and no refund took covers what the account's other MEDs
 * still owe.
 */
export function resolveMed(model: LedgerModel, index: number, decision: "accepted" | "rejected"): Prediction {
  const med = model.meds[index] as MedModel;
  if (med.status !== "under_analysis") return refuse("CONFLICT");
  const toRefund = decision === "accepted" ? min(med.blocked, refundable(model, med.credit)) : 0n;
  if (toRefund > 0n) {
    const refusal = refundRefusal(model, med.credit, toRefund);
    // the refund is asked after the unblock: available already holds what was blocked
    if (refusal && refusal.code !== "INSUFFICIENT_BALANCE") return refusal;
  }
  const balance = accountOf(model, med.account);
  balance.available += med.blocked;
  balance.blocked -= med.blocked;
  med.blocked = 0n;
  med.status = decision;
  if (toRefund > 0n) holdRefund(model, med.credit, toRefund);
  coverOwedMeds(model, med.account);
  return accepted;
}

/** An operator blocks (`inactive`) or unblocks (`active`) an account; the same status again is a conflict. */
export function setStatus(model: LedgerModel, account: number, status: AccountModel["status"]): Prediction {
  const balance = accountOf(model, account);
  if (balance.status === status) return refuse("CONFLICT");
  balance.status = status;
  return accepted;
}
