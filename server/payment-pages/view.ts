/**
 * What the payer sees of a charge on its hosted page (/c/{publicId}), and nothing more: the
 * merchant's display name, the amount (a cobv's due today, with its components and due date), the
 * code while it can be paid, the expiry and the status. No account id, txId, key or document.
 */

import { getBranding } from "../branding/service";
import { todayInSaoPaulo } from "../charges/due-date/calendar";
import { amountDueOn, isDueDateCharge, paidComponentsOf } from "../charges/due-date/record";
import type { Tx } from "../db/client";
import { notFound } from "../errors";
import type { Charge } from "../generated/prisma/client";
import { PUBLIC_ID_PATTERN } from "./public-id";

export type PageStatus = "open" | "paid" | "expired" | "cancelled";

export type PageDue = {
  dueDate: string;
  originalCents: bigint;
  multaCents: bigint;
  jurosCents: bigint;
  descontoCents: bigint;
  abatimentoCents: bigint;
};

export type PaymentPageView = {
  publicId: string;
  status: PageStatus;
  merchantName: string;
  description: string | null;
  amountCents: bigint;
  /** A due-date charge's due date and the components of today's amount; null for an immediate charge. */
  due: PageDue | null;
  /** The copy-and-paste code, only while the charge can be paid. */
  emv: string | null;
  expiresAt: Date;
  paidAt: Date | null;
  /** the merchant's accent colour (#rrggbb) and logo address, when set */
  accentColor: string | null;
  logoUrl: string | null;
};

export function pageStatus(charge: Pick<Charge, "status" | "expiresAt">, now: Date): PageStatus {
  if (charge.status === "paid") return "paid";
  if (charge.status === "cancelled") return "cancelled";
  if (charge.status === "expired" || charge.expiresAt <= now) return "expired";
  return "open";
}

/** The charge behind a public id; 404 for one that is malformed or unknown (the same answer). */
export async function chargeByPublicId(tx: Tx, publicId: string): Promise<Charge> {
  if (!PUBLIC_ID_PATTERN.test(publicId)) throw notFound("payment page not found");
  const charge = await tx.charge.findUnique({ where: { publicId } });
  if (!charge) throw notFound("payment page not found");
  return charge;
}

export async function paymentPageView(tx: Tx, publicId: string, now = new Date()): Promise<PaymentPageView> {
  const charge = await chargeByPublicId(tx, publicId);
  const account = await tx.account.findUniqueOrThrow({ where: { id: charge.accountId }, select: { name: true } });
  const brand = await getBranding(tx, charge.userId);
  const status = pageStatus(charge, now);
  let amountCents = charge.amountCents;
  let due: PageDue | null = null;
  if (isDueDateCharge(charge) && charge.dueDate) {
    // the amount due today, or what the payment moved once paid: never recomputed here
    const today = amountDueOn(charge, todayInSaoPaulo(now));
    const paid = status === "paid" ? paidComponentsOf(charge) : null;
    const { originalCents, multaCents, jurosCents, descontoCents, abatimentoCents } = paid ?? today.components;
    amountCents = paid?.finalCents ?? today.finalCents;
    due = { dueDate: today.effectiveDueDate, originalCents, multaCents, jurosCents, descontoCents, abatimentoCents };
  }
  return {
    publicId: charge.publicId,
    status,
    merchantName: brand.displayName ?? account.name,
    description: charge.description,
    amountCents,
    due,
    emv: status === "open" ? charge.emv : null,
    expiresAt: charge.expiresAt,
    paidAt: charge.paidAt,
    accentColor: brand.accentColor,
    logoUrl: brand.logoUrl,
  };
}

/** The status alone, for the live page: one indexed read. */
export async function paymentPageStatus(tx: Tx, publicId: string, now = new Date()): Promise<PageStatus> {
  const charge = await chargeByPublicId(tx, publicId);
  return pageStatus(charge, now);
}
