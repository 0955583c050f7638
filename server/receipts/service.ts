/**
 * A receipt ("comprovante") of one settled PIX entry of the user's: who paid whom, how much, when
 * (São Paulo) and under which end-to-end id. A payment still processing or failed has none (409):
 * a receipt is proof the money moved. The side of the movement that is the user's own account
 * is filled from the account when the entry does not carry it.
 */
import { config } from "../config";
import type { Tx } from "../db/client";
import { AppError, notFound } from "../errors";
import { institutionOf, type Party, platformParty } from "../ledger/parties";
import { findEntry } from "../ledger/queries";

/** `institution` is the name of the party's institution when known (this platform), else null. */
export type ReceiptParty = Party & { institution: string | null };

export type Receipt = {
  entryId: string;
  accountId: string;
  type: "credit" | "debit";
  reason: string;
  /** Always "succeeded": only a settled payment has a receipt. */
  status: "succeeded";
  endToEndId: string;
  txId: string | null;
  externalId: string | null;
  description: string | null;
  grossCents: bigint;
  feeCents: bigint;
  netCents: bigint;
  createdAt: Date;
  payer: ReceiptParty | null;
  payee: ReceiptParty | null;
  institution: { name: string; ispb: string };
  issuedAt: Date;
  /** "payer": the copy a payer downloads from a payment page, without the merchant's account, fee or references. */
  audience?: "merchant" | "payer";
};

export async function receiptOf(
  tx: Tx,
  userId: string,
  entryId: string,
  accountId?: string,
  now = new Date(),
): Promise<Receipt> {
  const entry = await findEntry(tx, userId, { id: entryId }, accountId);
  if (!entry.endToEndId) throw notFound("receipt not found: only PIX entries have one");
  if (entry.status !== "succeeded") {
    throw new AppError(
      "CONFLICT",
      "receipt not available: the payment is not settled",
      undefined,
      "RECEIPT_NOT_SETTLED",
    );
  }
  const { PLATFORM_ISPB, PLATFORM_NAME } = config();
  const withInstitution = (party: Party | null): ReceiptParty | null =>
    party && { ...party, institution: institutionOf(party) };
  const own = async () => platformParty(await tx.account.findUniqueOrThrow({ where: { id: entry.accountId } }));
  const payer = (entry.payer as Party | null) ?? (entry.type === "debit" ? await own() : null);
  const payee = (entry.receiver as Party | null) ?? (entry.type === "credit" ? await own() : null);
  return {
    entryId: entry.id,
    accountId: entry.accountId,
    type: entry.type,
    reason: entry.reason,
    status: "succeeded",
    endToEndId: entry.endToEndId,
    txId: entry.entryRef,
    externalId: entry.externalId,
    description: entry.description ?? entry.obs,
    grossCents: entry.grossCents,
    feeCents: entry.feeCents,
    netCents: entry.netCents,
    createdAt: entry.createdAt,
    payer: withInstitution(payer),
    payee: withInstitution(payee),
    institution: { name: PLATFORM_NAME, ispb: PLATFORM_ISPB },
    issuedAt: now,
  };
}
