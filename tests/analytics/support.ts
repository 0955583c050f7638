import { randomUUID } from "node:crypto";
import { db } from "../../server/db/client";
import { maskDocument } from "../../server/documents/cpf-cnpj";
import type { Party } from "../../server/ledger/parties";
import { newMerchant } from "../support/fixtures";

let counter = 0;

/** An E2E id as the sandbox makes them: E + 8-digit ISPB + 23 more characters. */
export const e2e = (prefix = "E") =>
  `${prefix}99999999${Date.now().toString(36).toUpperCase()}${String(++counter).padStart(8, "0")}`
    .padEnd(32, "0")
    .slice(0, 32);

export const party = (name: string, document: string): Party => ({
  ispb: "12345678",
  personType: "person",
  cpfCnpj: maskDocument(document),
  name,
  agency: "0001",
  accountType: "CACC",
  accountNumber: "778899",
});

type Seed = {
  type: "credit" | "debit";
  reason: string;
  status?: "processing" | "succeeded" | "failed";
  grossCents: bigint;
  feeCents?: bigint;
  at: string;
  payer?: Party;
  receiver?: Party;
  endToEndId?: string | null;
  externalId?: string;
  entryRef?: string;
};

/**
 * A ledger row written straight to the table: these tests read the ledger, so they set the
 * instants and parties the aggregates and searches must see (writes are tested in tests/ledger).
 */
export async function seedEntry(owner: { userId: string; accountId: string }, seed: Seed) {
  const fee = seed.feeCents ?? 0n;
  const endToEndId = seed.endToEndId === undefined ? e2e() : seed.endToEndId;
  const id = endToEndId ?? randomUUID();
  const at = new Date(seed.at);
  return db().ledgerEntry.create({
    data: {
      id,
      accountId: owner.accountId,
      userId: owner.userId,
      type: seed.type,
      reason: seed.reason,
      status: seed.status ?? "succeeded",
      grossCents: seed.grossCents,
      feeCents: fee,
      netCents: seed.type === "credit" ? seed.grossCents - fee : seed.grossCents + fee,
      idempotencyKey: `${seed.type}:${seed.reason}:${id}`,
      endToEndId,
      externalId: seed.externalId ?? null,
      entryRef: seed.entryRef ?? null,
      payer: seed.payer ?? undefined,
      receiver: seed.receiver ?? undefined,
      createdAt: at,
      updatedAt: at,
    },
  });
}

export async function seedCharge(
  owner: { userId: string; accountId: string },
  charge: { createdAt: string; paidAt?: string; amountCents: bigint },
) {
  return db().charge.create({
    data: {
      txId: randomUUID().replace(/-/g, ""),
      locationId: randomUUID(),
      accountId: owner.accountId,
      userId: owner.userId,
      amountCents: charge.amountCents,
      emv: "000201",
      status: charge.paidAt ? "paid" : "created",
      expiresAt: new Date(Date.parse(charge.createdAt) + 86_400_000),
      createdAt: new Date(charge.createdAt),
      paidAt: charge.paidAt ? new Date(charge.paidAt) : null,
    },
  });
}

export const emptyMerchant = () => newMerchant();

/** The states of a payment that has not settled (no receipt, no reconciliation as paid). */
export const UNSETTLED = ["processing", "failed"] as const;

/** A R$ 9.00 PIX the owner sent to `receiver` that has not settled: `status` processing or failed. */
export const seedUnsettledPayment = (
  owner: { userId: string; accountId: string },
  status: (typeof UNSETTLED)[number],
  receiver: Party,
) =>
  seedEntry(owner, {
    type: "debit",
    reason: "pix_out:processing",
    grossCents: 900n,
    at: "2026-11-18T13:00:00Z",
    receiver,
    status,
  });
