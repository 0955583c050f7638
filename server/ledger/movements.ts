/**
 * Movements: sets of legs that sum to zero. `ledger_post` (server/ledger/apply.ts) posts them
 * in the caller's transaction and moves the cached balances with them, in account-id order (no
 * deadlocks between opposite transfers), each with a conditional UPDATE that refuses to take a
 * bucket below zero — the row lock serialises concurrent movers.
 */
import type { Leg } from "./types";

export type { Leg, MerchantBucket, SystemBucket } from "./types";

export function assertBalanced(legs: Leg[]): void {
  const sum = legs.reduce((acc, leg) => acc + leg.amountCents, 0n);
  if (sum !== 0n) throw new Error(`unbalanced movement: legs sum to ${sum}`);
}

/** Legs for common movements, named by what happens to the money. */
export const legs = {
  transfer: (from: string, to: string, amount: bigint): Leg[] => [
    { accountId: from, bucket: "available", amountCents: -amount },
    { accountId: to, bucket: "available", amountCents: amount },
  ],
  /** a payment inside the platform: the payer's fee goes to the platform */
  transferWithFee: (from: string, fromBucket: "available" | "held", to: string, amount: bigint, fee: bigint): Leg[] => [
    { accountId: from, bucket: fromBucket, amountCents: -(amount + fee) },
    { accountId: to, bucket: "available", amountCents: amount },
    ...(fee > 0n ? [{ accountId: null, bucket: "fees", amountCents: fee } as Leg] : []),
  ],
  hold: (account: string, amount: bigint): Leg[] => [
    { accountId: account, bucket: "available", amountCents: -amount },
    { accountId: account, bucket: "held", amountCents: amount },
  ],
  release: (account: string, amount: bigint): Leg[] => [
    { accountId: account, bucket: "held", amountCents: -amount },
    { accountId: account, bucket: "available", amountCents: amount },
  ],
  /** held money leaves through the central bank's settlement account; the fee stays with us */
  payOut: (account: string, sent: bigint, fee: bigint): Leg[] => [
    { accountId: account, bucket: "held", amountCents: -(sent + fee) },
    { accountId: null, bucket: "spi", amountCents: sent },
    // negative when a refund gives a fee back (docs/decisions/0058)
    ...(fee !== 0n ? [{ accountId: null, bucket: "fees", amountCents: fee } as Leg] : []),
  ],
  /** a PIX in through the central bank: the merchant gets the amount less our fee (docs/decisions/0058) */
  payIn: (account: string, amount: bigint, fee = 0n): Leg[] => [
    { accountId: null, bucket: "spi", amountCents: -amount },
    { accountId: account, bucket: "available", amountCents: amount - fee },
    ...(fee !== 0n ? [{ accountId: null, bucket: "fees", amountCents: fee } as Leg] : []),
  ],
  block: (account: string, amount: bigint): Leg[] => [
    { accountId: account, bucket: "available", amountCents: -amount },
    { accountId: account, bucket: "blocked", amountCents: amount },
  ],
  unblock: (account: string, amount: bigint): Leg[] => [
    { accountId: account, bucket: "blocked", amountCents: -amount },
    { accountId: account, bucket: "available", amountCents: amount },
  ],
};
