/**
 * The only code that changes balances. A movement is a set of legs that sums to zero; it is
 * posted in the caller's transaction, and the cached balances move with it. Accounts are
 * updated in sorted order (no deadlocks between opposite transfers), each with a conditional
 * UPDATE that refuses to take a bucket below zero — the row lock serialises concurrent movers.
 */
import { randomUUID } from "node:crypto";
import type { Tx } from "../db/client";
import { AppError } from "../errors";

export type MerchantBucket = "available" | "held" | "blocked";
export type SystemBucket = "spi" | "fees";

export type Leg =
  | { accountId: string; bucket: MerchantBucket; amountCents: bigint }
  | { accountId: null; bucket: SystemBucket; amountCents: bigint };

export class InsufficientFunds extends AppError {
  constructor(readonly accountId: string) {
    super("INSUFFICIENT_BALANCE", "insufficient balance", "amount");
  }
}

export function assertBalanced(legs: Leg[]): void {
  const sum = legs.reduce((acc, leg) => acc + leg.amountCents, 0n);
  if (sum !== 0n) throw new Error(`unbalanced movement: legs sum to ${sum}`);
}

type Deltas = { available: bigint; held: bigint; blocked: bigint };

export async function postMovement(tx: Tx, entrySeq: bigint, legs: Leg[]): Promise<string> {
  assertBalanced(legs);
  const byAccount = new Map<string, Deltas>();
  for (const leg of legs) {
    if (leg.accountId === null) continue;
    const deltas = byAccount.get(leg.accountId) ?? { available: 0n, held: 0n, blocked: 0n };
    deltas[leg.bucket] += leg.amountCents;
    byAccount.set(leg.accountId, deltas);
  }
  for (const accountId of [...byAccount.keys()].sort()) {
    const d = byAccount.get(accountId) as Deltas;
    const updated = await tx.$executeRaw`
      UPDATE accounts
         SET available_cents = available_cents + ${d.available},
             held_cents = held_cents + ${d.held},
             blocked_cents = blocked_cents + ${d.blocked},
             updated_at = now()
       WHERE id = ${accountId}
         AND available_cents + ${d.available} >= 0
         AND held_cents + ${d.held} >= 0
         AND blocked_cents + ${d.blocked} >= 0`;
    if (updated === 0) throw new InsufficientFunds(accountId);
  }
  const transactionId = randomUUID();
  await tx.ledgerPosting.createMany({
    data: legs.map((leg) => ({
      transactionId,
      entrySeq,
      accountId: leg.accountId,
      bucket: leg.bucket,
      amountCents: leg.amountCents,
    })),
  });
  return transactionId;
}

/** Legs for common movements, named by what happens to the money. */
export const legs = {
  transfer: (from: string, to: string, amount: bigint): Leg[] => [
    { accountId: from, bucket: "available", amountCents: -amount },
    { accountId: to, bucket: "available", amountCents: amount },
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
    ...(fee > 0n ? [{ accountId: null, bucket: "fees", amountCents: fee } as Leg] : []),
  ],
  payIn: (account: string, amount: bigint): Leg[] => [
    { accountId: null, bucket: "spi", amountCents: -amount },
    { accountId: account, bucket: "available", amountCents: amount },
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
