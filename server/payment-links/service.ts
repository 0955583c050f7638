/**
 * Payment links (docs/decisions/0038-payment-links.md): a merchant's reusable link, fixed or open
 * amount, optional expiry, maximum number of payments and payer fields. Create, list (with each
 * link's payments count and total received), read and deactivate — always the caller's own.
 */
import { randomInt } from "node:crypto";
import type { z } from "zod";
import { assertActive } from "../accounts/rules";
import { ownedAccount } from "../accounts/service";
import type { Db, Tx } from "../db/client";
import { AppError, invalid, notFound } from "../errors";
import { maxTransactionCents } from "../fields/amount";
import type { PaymentLink } from "../generated/prisma/client";
import { PAYMENT_LINK_ID_PATTERN, type PayerField, type PaymentLinkCreate } from "./schema";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

export function newPaymentLinkId(): string {
  let id = "pl_";
  for (let i = 0; i < 20; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

export type LinkStats = { paymentsCount: number; receivedCents: bigint };
export type PaymentLinkWithStats = PaymentLink & LinkStats;

export function payerFieldsOf(
  link: Pick<PaymentLink, "collectName" | "collectDocument" | "collectEmail">,
): PayerField[] {
  return [
    ...(link.collectName ? (["name"] as const) : []),
    ...(link.collectDocument ? (["document"] as const) : []),
    ...(link.collectEmail ? (["email"] as const) : []),
  ];
}

const rangeRefused = (message: string, field: string) =>
  new AppError("VALIDATION_ERROR", message, field, "LINK_AMOUNT_RANGE");

export async function createPaymentLink(
  db: Db,
  userId: string,
  input: z.output<typeof PaymentLinkCreate>,
  now = new Date(),
): Promise<PaymentLinkWithStats> {
  const { amount, minAmount, maxAmount } = input;
  const limit = maxTransactionCents();
  if (amount !== undefined) {
    if (minAmount !== undefined || maxAmount !== undefined)
      throw rangeRefused("give either amount or minAmount and maxAmount, not both", "amount");
    if (amount > limit) throw invalid("amount is above the limit per transaction", "amount", "AMOUNT_ABOVE_LIMIT");
  } else {
    if (minAmount === undefined || maxAmount === undefined)
      throw rangeRefused(
        "an open amount needs minAmount and maxAmount",
        minAmount === undefined ? "minAmount" : "maxAmount",
      );
    if (minAmount > maxAmount) throw rangeRefused("minAmount must not be above maxAmount", "minAmount");
    if (maxAmount > limit)
      throw invalid("maxAmount is above the limit per transaction", "maxAmount", "AMOUNT_ABOVE_LIMIT");
  }
  if (input.expiresAt && input.expiresAt <= now) throw invalid("expiresAt must be in the future", "expiresAt");
  return db.$transaction(async (tx) => {
    const account = await ownedAccount(tx, input.accountId, userId);
    assertActive(account);
    const fields = new Set(input.payerFields);
    const link = await tx.paymentLink.create({
      data: {
        id: newPaymentLinkId(),
        userId,
        accountId: account.id,
        description: input.description,
        amountCents: amount ?? null,
        minAmountCents: amount === undefined ? (minAmount ?? null) : null,
        maxAmountCents: amount === undefined ? (maxAmount ?? null) : null,
        expiresAt: input.expiresAt ?? null,
        maxPayments: input.maxPayments ?? null,
        collectName: fields.has("name"),
        collectDocument: fields.has("document"),
        collectEmail: fields.has("email"),
        createdAt: now,
      },
    });
    return { ...link, paymentsCount: 0, receivedCents: 0n };
  });
}

/** Payments count and total received of each link, from its paid charges: one grouped query. */
export async function statsOf(tx: Tx, linkIds: string[]): Promise<Map<string, LinkStats>> {
  if (linkIds.length === 0) return new Map();
  const groups = await tx.charge.groupBy({
    by: ["paymentLinkId"],
    where: { paymentLinkId: { in: linkIds }, status: "paid" },
    _count: { _all: true },
    _sum: { amountCents: true },
  });
  return new Map(
    groups.map((g) => [
      g.paymentLinkId as string,
      { paymentsCount: g._count._all, receivedCents: g._sum.amountCents ?? 0n },
    ]),
  );
}

const withStats = (link: PaymentLink, stats: Map<string, LinkStats>): PaymentLinkWithStats => ({
  ...link,
  ...(stats.get(link.id) ?? { paymentsCount: 0, receivedCents: 0n }),
});

export const MAX_LISTED_LINKS = 200;

/** The caller's links, newest first (at most MAX_LISTED_LINKS), with their stats. */
export async function listPaymentLinks(tx: Tx, userId: string, accountId?: string): Promise<PaymentLinkWithStats[]> {
  const links = await tx.paymentLink.findMany({
    where: { userId, ...(accountId ? { accountId } : {}) },
    orderBy: { createdAt: "desc" },
    take: MAX_LISTED_LINKS,
  });
  const stats = await statsOf(
    tx,
    links.map((link) => link.id),
  );
  return links.map((link) => withStats(link, stats));
}

/** The caller's link; 404 when malformed, unknown or someone else's (the same answer). */
export async function getPaymentLink(tx: Tx, userId: string, id: string): Promise<PaymentLinkWithStats> {
  if (!PAYMENT_LINK_ID_PATTERN.test(id)) throw notFound("payment link not found");
  const link = await tx.paymentLink.findFirst({ where: { id, userId } });
  if (!link) throw notFound("payment link not found");
  return withStats(link, await statsOf(tx, [id]));
}

/** Stops the link taking new payments (charges already made stay payable). Deactivating twice is a no-op. */
export async function deactivatePaymentLink(
  db: Db,
  userId: string,
  id: string,
  now = new Date(),
): Promise<PaymentLinkWithStats> {
  const link = await getPaymentLink(db, userId, id);
  if (!link.active) return link;
  const updated = await db.paymentLink.update({ where: { id }, data: { active: false, deactivatedAt: now } });
  return { ...updated, paymentsCount: link.paymentsCount, receivedCents: link.receivedCents };
}
