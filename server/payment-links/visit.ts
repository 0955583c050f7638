/**
 * A visitor at a payment link (/l/{linkId}): what the link asks for, and a fresh charge of the
 * link's through the one charge service — one open charge per visit (a browser's visit token),
 * so a reload or a second submit lands on the same charge (docs/decisions/0038-payment-links.md).
 */
import { randomBytes } from "node:crypto";
import { getBranding } from "../branding/service";
import { createCharge } from "../charges/service";
import type { Db, Tx } from "../db/client";
import { documentKind, onlyDigits } from "../documents/cpf-cnpj";
import { AppError, invalid, notFound } from "../errors";
import type { Charge, PaymentLink } from "../generated/prisma/client";
import { type LinkVisit, PAYMENT_LINK_ID_PATTERN, type PayerField } from "./schema";
import { payerFieldsOf } from "./service";

/** How long a link's charge can be paid: short, so an abandoned visit frees its slot soon. */
export const LINK_CHARGE_SECONDS = 30 * 60;

export const VISIT_TOKEN_PATTERN = /^[0-9a-f]{32}$/;
export const newVisitToken = () => randomBytes(16).toString("hex");

export type LinkState = "open" | "inactive" | "expired" | "full";

export type PublicLinkView = {
  id: string;
  merchantName: string;
  description: string;
  amountCents: bigint | null;
  minAmountCents: bigint | null;
  maxAmountCents: bigint | null;
  payerFields: PayerField[];
  state: LinkState;
};

async function linkById(tx: Tx, id: string): Promise<PaymentLink> {
  if (!PAYMENT_LINK_ID_PATTERN.test(id)) throw notFound("payment link not found");
  const link = await tx.paymentLink.findUnique({ where: { id } });
  if (!link) throw notFound("payment link not found");
  return link;
}

/** Paid charges and charges still payable: what counts against `maxPayments`. */
async function takenSlots(tx: Tx, linkId: string, now: Date): Promise<number> {
  return tx.charge.count({
    where: {
      paymentLinkId: linkId,
      OR: [{ status: "paid" }, { status: "created", expiresAt: { gt: now } }],
    },
  });
}

async function stateOf(tx: Tx, link: PaymentLink, now: Date): Promise<LinkState> {
  if (!link.active) return "inactive";
  if (link.expiresAt && link.expiresAt <= now) return "expired";
  if (link.maxPayments !== null && (await takenSlots(tx, link.id, now)) >= link.maxPayments) return "full";
  return "open";
}

const REFUSALS: Record<Exclude<LinkState, "open">, () => AppError> = {
  inactive: () => new AppError("CONFLICT", "this payment link was deactivated", undefined, "LINK_INACTIVE"),
  expired: () => new AppError("CONFLICT", "this payment link has expired", undefined, "LINK_EXPIRED"),
  full: () =>
    new AppError("CONFLICT", "this payment link reached its maximum payments", undefined, "LINK_MAX_PAYMENTS"),
};

export async function publicLinkView(tx: Tx, id: string, now = new Date()): Promise<PublicLinkView> {
  const link = await linkById(tx, id);
  const account = await tx.account.findUniqueOrThrow({ where: { id: link.accountId }, select: { name: true } });
  const brand = await getBranding(tx, link.userId);
  return {
    id: link.id,
    merchantName: brand.displayName ?? account.name,
    description: link.description,
    amountCents: link.amountCents,
    minAmountCents: link.minAmountCents,
    maxAmountCents: link.maxAmountCents,
    payerFields: payerFieldsOf(link),
    state: await stateOf(tx, link, now),
  };
}

/** The amount and payer details of a visit, checked against what the link asks. */
function checkedVisit(link: PaymentLink, input: LinkVisit) {
  let amountCents = link.amountCents;
  if (amountCents === null) {
    const chosen = input.amount;
    if (chosen === undefined) throw invalid("enter the amount to pay", "amount", "AMOUNT_REQUIRED");
    if (chosen < (link.minAmountCents ?? 1n) || chosen > (link.maxAmountCents ?? chosen)) {
      throw invalid("the amount is outside the link's range", "amount", "LINK_AMOUNT_OUT_OF_RANGE");
    }
    amountCents = chosen;
  }
  const payer: Record<string, string> = {};
  for (const field of payerFieldsOf(link)) {
    const value = input[field]?.trim();
    if (!value) throw invalid(`${field} is required by this link`, field, "LINK_PAYER_FIELD_REQUIRED");
    if (field === "document" && !documentKind(value)) throw invalid("invalid CPF/CNPJ", "document", "DOCUMENT_INVALID");
    payer[field] = field === "document" ? onlyDigits(value) : value;
  }
  return { amountCents, payer };
}

/** The visit's charge still payable, if any. */
export async function openVisitCharge(tx: Tx, linkId: string, visit: string, now: Date): Promise<Charge | null> {
  return tx.charge.findFirst({
    where: { paymentLinkId: linkId, linkVisit: visit, status: "created", expiresAt: { gt: now } },
    orderBy: { createdAt: "desc" },
  });
}

class VisitHasCharge extends Error {}

/**
 * The visit's charge: the one still payable from this visit, else a new one when the link takes
 * payments (409 with the link's reason otherwise). The link row is locked while its slots are
 * counted, so `maxPayments` holds under concurrent visitors.
 */
export async function chargeForVisit(
  db: Db,
  linkId: string,
  visit: string,
  input: LinkVisit,
  now = new Date(),
): Promise<Charge> {
  if (!VISIT_TOKEN_PATTERN.test(visit)) throw invalid("malformed visit", "visit");
  const link = await linkById(db, linkId);
  const existing = await openVisitCharge(db, linkId, visit, now);
  if (existing) return existing;
  const state = await stateOf(db, link, now);
  if (state !== "open") throw REFUSALS[state]();
  const { amountCents, payer } = checkedVisit(link, input);
  try {
    return await createCharge(
      db,
      {
        userId: link.userId,
        accountId: link.accountId,
        amountCents,
        description: link.description,
        expirationSeconds: LINK_CHARGE_SECONDS,
        metadata: { paymentLinkId: link.id, ...(Object.keys(payer).length ? { payer } : {}) },
        paymentLinkId: link.id,
        linkVisit: visit,
      },
      {
        now,
        check: async (tx) => {
          await tx.$queryRaw`SELECT id FROM payment_links WHERE id = ${link.id} FOR UPDATE`;
          if (await openVisitCharge(tx, linkId, visit, now)) throw new VisitHasCharge();
          const locked = await tx.paymentLink.findUniqueOrThrow({ where: { id: link.id } });
          const lockedState = await stateOf(tx, locked, now);
          if (lockedState !== "open") throw REFUSALS[lockedState]();
        },
      },
    );
  } catch (error) {
    if (!(error instanceof VisitHasCharge)) throw error;
    return (await openVisitCharge(db, linkId, visit, now)) as Charge;
  }
}
