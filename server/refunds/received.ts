/**
 * Received PIX as the refunds see them: each settled credit of a PIX from outside (by key or
 * paying a charge), the key it came to, and its refunds with the client's ids. Read by the API
 * Pix (GET /pix) and by its webhook payloads, always within one merchant's entries.
 */

import { type PaidComponents, paidComponentsOf } from "../charges/due-date/record";
import type { Tx } from "../db/client";
import { notFound } from "../errors";
import { type LedgerEntry, Prisma, type RefundIdentifier } from "../generated/prisma/client";
import { END_TO_END_PATTERN } from "../ledger/ids";
import { identifiersOf } from "./identified";
import { REFUND_REASON, REFUNDABLE_REASONS } from "./reasons";

export type ReceivedRefund = { entry: LedgerEntry; identifier: RefundIdentifier | null };
export type ReceivedPix = {
  credit: LedgerEntry;
  /** the charge it paid, when it paid one */
  txId: string | null;
  /** the receiver's key the PIX was sent to, when known */
  pixKey: string | null;
  /** what its amount is made of, when it paid a due-date charge (cobv) */
  components: PaidComponents | null;
  refunds: ReceivedRefund[];
};

export type ReceivedPixFilters = {
  from: Date;
  to: Date;
  txId?: string | undefined;
  withTxId?: boolean | undefined;
  withRefund?: boolean | undefined;
  /** the payer's CPF or CNPJ, digits (and letters, for the alphanumeric CNPJ) */
  payerDocument?: string | undefined;
  page: number;
  perPage: number;
};

const QR_REASON = "pix_in:qrcode_paid";

/** The received PIX of these credits, in their order, with their keys and refunds (three queries). */
export async function withRefunds(tx: Tx, credits: LedgerEntry[]): Promise<ReceivedPix[]> {
  if (credits.length === 0) return [];
  const txIds = credits.filter((c) => c.reason === QR_REASON && c.entryRef).map((c) => c.entryRef as string);
  const [charges, refunds] = await Promise.all([
    txIds.length
      ? tx.charge.findMany({
          where: { txId: { in: txIds } },
          select: { txId: true, pixKey: true, paidEndToEndId: true, paidComponents: true },
        })
      : Promise.resolve([]),
    tx.ledgerEntry.findMany({
      where: {
        reason: REFUND_REASON,
        OR: credits.map((c) => ({ accountId: c.accountId, parentEndToEndId: c.endToEndId })),
      },
      orderBy: [{ createdAt: "asc" }, { seq: "asc" }],
    }),
  ]);
  const identifiers = await identifiersOf(tx, refunds);
  const keyOfCharge = new Map(charges.map((charge) => [charge.txId, charge.pixKey]));
  const componentsOf = new Map(
    charges.map((charge) => [`${charge.txId}:${charge.paidEndToEndId}`, paidComponentsOf(charge)]),
  );
  return credits.map((credit) => {
    const txId = credit.reason === QR_REASON ? credit.entryRef : null;
    return {
      credit,
      txId,
      pixKey: credit.pixKey ?? (txId ? (keyOfCharge.get(txId) ?? null) : null),
      components: txId ? (componentsOf.get(`${txId}:${credit.endToEndId}`) ?? null) : null,
      refunds: refunds
        .filter((r) => r.accountId === credit.accountId && r.parentEndToEndId === credit.endToEndId)
        .map((entry) => ({ entry, identifier: identifiers.get(`${entry.accountId}:${entry.endToEndId}`) ?? null })),
    };
  });
}

/** One received PIX of the user's by its end-to-end id; 404 when unknown or someone else's. */
export async function getReceivedPix(tx: Tx, userId: string, endToEndId: string): Promise<ReceivedPix> {
  const credit = END_TO_END_PATTERN.test(endToEndId)
    ? await tx.ledgerEntry.findFirst({
        where: {
          userId,
          endToEndId,
          type: "credit",
          status: "succeeded",
          reason: { in: [...REFUNDABLE_REASONS] },
        },
        orderBy: { seq: "desc" },
      })
    : null;
  if (!credit) throw notFound("received PIX not found");
  const [received] = await withRefunds(tx, [credit]);
  return received as ReceivedPix;
}

/** A page of the user's received PIX in a period, oldest first, and how many match in all. */
export async function listReceivedPix(
  tx: Tx,
  userId: string,
  filters: ReceivedPixFilters,
): Promise<{ items: ReceivedPix[]; total: number }> {
  const conditions = [
    Prisma.sql`e.user_id = ${userId}::uuid`,
    Prisma.sql`e.type = 'credit'`,
    Prisma.sql`e.status = 'succeeded'`,
    Prisma.sql`e.reason IN (${Prisma.join([...REFUNDABLE_REASONS])})`,
    Prisma.sql`e.created_at >= ${filters.from}`,
    Prisma.sql`e.created_at <= ${filters.to}`,
  ];
  if (filters.txId !== undefined) {
    conditions.push(Prisma.sql`e.reason = ${QR_REASON} AND e.entry_ref = ${filters.txId}`);
  }
  if (filters.withTxId !== undefined) {
    const withTxId = Prisma.sql`(e.reason = ${QR_REASON} AND e.entry_ref IS NOT NULL)`;
    conditions.push(filters.withTxId ? withTxId : Prisma.sql`NOT ${withTxId}`);
  }
  if (filters.withRefund !== undefined) {
    const refunded = Prisma.sql`EXISTS (SELECT 1 FROM ledger_entries r
      WHERE r.account_id = e.account_id AND r.parent_end_to_end_id = e.end_to_end_id AND r.reason = ${REFUND_REASON})`;
    conditions.push(filters.withRefund ? refunded : Prisma.sql`NOT ${refunded}`);
  }
  if (filters.payerDocument !== undefined) {
    conditions.push(
      Prisma.sql`upper(regexp_replace(e.payer->>'cpfCnpj', '[^0-9A-Za-z]', '', 'g')) = ${filters.payerDocument}`,
    );
  }
  const where = Prisma.join(conditions, " AND ");
  const rows = await tx.$queryRaw<{ seq: bigint; total: bigint }[]>`
    SELECT e.seq, count(*) OVER () AS total FROM ledger_entries e WHERE ${where}
     ORDER BY e.created_at ASC, e.seq ASC
     LIMIT ${filters.perPage} OFFSET ${filters.page * filters.perPage}`;
  const total =
    rows.length > 0
      ? Number(rows[0]?.total ?? 0)
      : Number(
          (await tx.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM ledger_entries e WHERE ${where}`)[0]?.n ?? 0,
        );
  if (rows.length === 0) return { items: [], total };
  const credits = await tx.ledgerEntry.findMany({
    where: { seq: { in: rows.map((row) => row.seq) } },
    orderBy: [{ createdAt: "asc" }, { seq: "asc" }],
  });
  return { items: await withRefunds(tx, credits), total };
}
