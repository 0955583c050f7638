/**
 * What became of a paid charge: who paid it and what of it was refunded, read from the ledger
 * entries that credit and refund its PIX (the charge keeps the credit's end-to-end id).
 */
import type { Tx } from "../db/client";
import type { Charge } from "../generated/prisma/client";
import { institutionOf, maskedDocumentOf, type Party } from "../ledger/parties";
import { findEntry } from "../ledger/queries";
import { refundedCentsOf, refundsOf } from "../refunds/service";
import { getCharge } from "./service";

/** The payer as a third party is shown: name, masked document, institution when known. */
export type ChargePayer = { name: string; cpfCnpj: string; ispb: string; institution: string | null };

export type ChargeRefund = {
  endToEndId: string | null;
  amountCents: bigint;
  status: "processing" | "succeeded" | "failed";
  description: string | null;
  createdAt: Date;
};

/** What the paying PIX moved, as its credit entry kept it when it settled (docs/decisions/0058). */
export type ChargeAmounts = { grossCents: bigint; feeCents: bigint; netCents: bigint };

export type ChargePayment = ChargeAmounts & {
  payer: ChargePayer | null;
  refundedCents: bigint;
  refunds: ChargeRefund[];
};

/** The gross, fee and net of each paid charge among these, by txId: one query. */
export async function paidAmountsByCharge(
  tx: Tx,
  userId: string,
  charges: Pick<Charge, "txId" | "paidEndToEndId">[],
): Promise<Map<string, ChargeAmounts>> {
  const paid = charges.filter((charge) => charge.paidEndToEndId !== null);
  if (paid.length === 0) return new Map();
  const credits = await tx.ledgerEntry.findMany({
    where: {
      userId,
      reason: "pix_in:qrcode_paid",
      endToEndId: { in: paid.map((charge) => charge.paidEndToEndId as string) },
      entryRef: { in: paid.map((charge) => charge.txId) },
    },
    select: { entryRef: true, grossCents: true, feeCents: true, netCents: true },
  });
  return new Map(
    credits.map((credit) => [
      credit.entryRef as string,
      { grossCents: credit.grossCents, feeCents: credit.feeCents, netCents: credit.netCents },
    ]),
  );
}

/** What was refunded of each paid charge among these (0 for the others), by txId: one query. */
export async function refundedCentsByCharge(
  tx: Tx,
  userId: string,
  charges: Pick<Charge, "txId" | "paidEndToEndId">[],
): Promise<Map<string, bigint>> {
  const paid = charges.filter((charge) => charge.paidEndToEndId !== null);
  const refunded = await refundedCentsOf(
    tx,
    userId,
    paid.map((charge) => charge.paidEndToEndId as string),
  );
  return new Map(charges.map((charge) => [charge.txId, refunded.get(charge.paidEndToEndId ?? "") ?? 0n]));
}

/** The payment of a paid charge of the user's; null while it is unpaid. */
export async function chargePayment(tx: Tx, userId: string, charge: Charge): Promise<ChargePayment | null> {
  if (charge.status !== "paid" || !charge.paidEndToEndId) return null;
  const original = { accountId: charge.accountId, endToEndId: charge.paidEndToEndId };
  const [credit, refunds] = await Promise.all([
    findEntry(tx, userId, { id: charge.paidEndToEndId }, charge.accountId),
    refundsOf(tx, userId, original),
  ]);
  const party = credit.payer as Party | null;
  const counted = refunds.filter((refund) => refund.status !== "failed");
  return {
    grossCents: credit.grossCents,
    feeCents: credit.feeCents,
    netCents: credit.netCents,
    payer: party
      ? { name: party.name, cpfCnpj: maskedDocumentOf(party), ispb: party.ispb, institution: institutionOf(party) }
      : null,
    refundedCents: counted.reduce((sum, refund) => sum + refund.grossCents, 0n),
    refunds: refunds.map((refund) => ({
      endToEndId: refund.endToEndId,
      amountCents: refund.grossCents,
      status: refund.status,
      description: refund.description,
      createdAt: refund.createdAt,
    })),
  };
}

/** The caller's charge (as `getCharge` answers it) with its payment, for the charge's page. */
export async function getChargeWithPayment(tx: Tx, userId: string, txId: string) {
  const charge = await getCharge(tx, userId, txId);
  return { charge, payment: await chargePayment(tx, userId, charge) };
}
