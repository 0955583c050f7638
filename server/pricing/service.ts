/**
 * Price lists (issue 45, docs/decisions/0058-fee-rounding.md): the platform's default list and
 * accounts' own, versioned by the moment they take effect. A change inserts a new version (with
 * the audit log); nothing is rewritten. The list in force for an account at T is the newest of
 * its own versions with effectiveFrom ≤ T, else the newest default version ≤ T, else no list
 * (everything free). A fee is computed once, when the payment settles, and kept on its entry.
 */
import { type AuditActor, recordAudit } from "../audit/log";
import type { Tx } from "../db/client";
import { invalid, notFound } from "../errors";
import { type PriceList, type PriceListItem, Prisma } from "../generated/prisma/client";
import { FREE, feeOf, type Price, type PriceSource, pixOutFeeOf } from "./fee";
import { FEE_PRODUCTS, type FeeProduct, productOfEntrySql } from "./products";
import { nextVersionFor } from "./view";

export type PriceItems = Record<FeeProduct, Price>;
export type { PriceSource };
export type InForce = { version: PriceList | null; source: PriceSource; items: PriceItems };
export type PriceListVersion = PriceList & { items: PriceItems };

/** Products charged on top of money leaving the account (the rest are taken from money received). */
const DEBIT_PRODUCTS: ReadonlySet<FeeProduct> = new Set(["pix_out", "refund", "med"]);

/** A version may start this much before now (clocks of a person's form and the server differ). */
const PAST_SLACK_MS = 60_000;

function itemsOf(rows: PriceListItem[]): PriceItems {
  const items = Object.fromEntries(FEE_PRODUCTS.map((product) => [product, FREE])) as PriceItems;
  for (const row of rows) {
    items[row.product] = {
      percentBasisPoints: row.percentBasisPoints,
      fixedCents: row.fixedCents,
      minCents: row.minCents,
      maxCents: row.maxCents,
    };
  }
  return items;
}

/** The version in force for `accountId` at `at` (now by default), and where it comes from. */
export async function priceListInForce(tx: Tx, accountId: string, at = new Date()): Promise<InForce> {
  const found = await tx.priceList.findFirst({
    where: { OR: [{ accountId }, { accountId: null }], effectiveFrom: { lte: at } },
    // the account's own versions first (nulls last), then the newest
    orderBy: [{ accountId: { sort: "asc", nulls: "last" } }, { effectiveFrom: "desc" }, { createdAt: "desc" }],
    include: { items: true },
  });
  if (!found) return { version: null, source: "none", items: itemsOf([]) };
  const { items, ...version } = found;
  return { version, source: version.accountId ? "account" : "default", items: itemsOf(items) };
}

/** How a product's fee is taken: from the money received (capped at it) or on top of what leaves. */
export const feeSideOf = (product: FeeProduct): "credit" | "debit" =>
  DEBIT_PRODUCTS.has(product) ? "debit" : "credit";

/** The fee on `grossCents` of `product` for the account, by the list in force at `at`. */
export async function feeFor(
  tx: Tx,
  accountId: string,
  product: FeeProduct,
  grossCents: bigint,
  at = new Date(),
): Promise<bigint> {
  const { items } = await priceListInForce(tx, accountId, at);
  return feeOf(items[product], grossCents, feeSideOf(product));
}

/** A PIX out's fee for the account (the rule: pixOutFeeOf in settlement.ts). */
export async function pixOutFeeFor(
  tx: Tx,
  account: { id: string; externalFeeCents: bigint },
  grossCents: bigint,
  at = new Date(),
): Promise<bigint> {
  const inForce = await priceListInForce(tx, account.id, at);
  return pixOutFeeOf({ source: inForce.source, price: inForce.items.pix_out }, account.externalFeeCents, grossCents);
}

/** Every version of a scope (an account's own, or the default list's with null), newest first. */
export async function priceListHistory(tx: Tx, accountId: string | null): Promise<PriceListVersion[]> {
  const rows = await tx.priceList.findMany({
    where: { accountId },
    orderBy: [{ effectiveFrom: "desc" }, { createdAt: "desc" }],
    include: { items: true },
  });
  return rows.map(({ items, ...version }) => ({ ...version, items: itemsOf(items) }));
}

/**
 * What an account pays now and next: the list in force and the version scheduled after it
 * (its own, or the default's while it follows the default). `defaults`, the default list's
 * history, may be passed once for many accounts.
 */
export async function priceListOutlook(
  tx: Tx,
  accountId: string,
  now = new Date(),
  defaults?: PriceListVersion[],
): Promise<{ inForce: InForce; next: PriceListVersion | null }> {
  const [inForce, own, standard] = await Promise.all([
    priceListInForce(tx, accountId, now),
    priceListHistory(tx, accountId),
    defaults ?? priceListHistory(tx, null),
  ]);
  return { inForce, next: nextVersionFor(inForce.source, own, standard, now) };
}

export type SetPriceList = {
  accountId: string | null;
  /** now by default; never in the past (a change never rewrites what was charged) */
  effectiveFrom?: Date;
  items: Partial<Record<FeeProduct, Price>>;
  refundReturnsFee?: boolean;
  note?: string | null;
  actor: AuditActor;
};

/**
 * A new version. Products not given, and the refund rule when not given, carry over from the
 * version it follows: the scope's own in force at its start, else (a first own version of an
 * account) the list the account had then.
 */
export async function setPriceList(tx: Tx, input: SetPriceList): Promise<PriceListVersion> {
  const now = new Date();
  const effectiveFrom = input.effectiveFrom ?? now;
  if (effectiveFrom.getTime() < now.getTime() - PAST_SLACK_MS)
    throw invalid("a price list cannot take effect in the past", "effectiveFrom");
  if (input.accountId) {
    const account = await tx.account.findUnique({ where: { id: input.accountId }, select: { id: true } });
    if (!account) throw notFound("account not found", "accountId");
  }
  const previous = input.accountId
    ? await priceListInForce(tx, input.accountId, effectiveFrom)
    : await defaultInForce(tx, effectiveFrom);
  const items: PriceItems = { ...previous.items };
  for (const product of FEE_PRODUCTS) {
    const given = input.items[product];
    if (given) items[product] = given;
  }
  const created = await tx.priceList.create({
    data: {
      accountId: input.accountId,
      effectiveFrom,
      refundReturnsFee: input.refundReturnsFee ?? previous.version?.refundReturnsFee ?? false,
      createdBy: input.actor.email,
      note: input.note ?? null,
      items: {
        create: FEE_PRODUCTS.map((product) => ({ product, ...items[product] })),
      },
    },
  });
  await recordAudit(tx, {
    actor: input.actor,
    action: "pricing.set",
    targetType: input.accountId ? "account" : "price_list",
    targetId: input.accountId ?? "default",
    before: previous.version
      ? { versionId: previous.version.id, source: previous.source, items: previous.items }
      : null,
    after: {
      versionId: created.id,
      effectiveFrom: created.effectiveFrom,
      refundReturnsFee: created.refundReturnsFee,
      items,
    },
    reason: input.note ?? null,
  });
  return { ...created, items };
}

/** The platform's default list in force at `at` (what accounts without their own pay). */
export async function defaultInForce(tx: Tx, at = new Date()): Promise<InForce> {
  const found = await tx.priceList.findFirst({
    where: { accountId: null, effectiveFrom: { lte: at } },
    orderBy: [{ effectiveFrom: "desc" }, { createdAt: "desc" }],
    include: { items: true },
  });
  if (!found) return { version: null, source: "none", items: itemsOf([]) };
  const { items, ...version } = found;
  return { version, source: "default", items: itemsOf(items) };
}

export type FeesPaid = {
  byProduct: { product: FeeProduct; count: number; grossCents: bigint; feeCents: bigint }[];
  totalFeeCents: bigint;
};

/**
 * What a merchant paid in fees over [from, to), by product, read from its settled ledger entries
 * (the fee each kept when it settled). `accountId` narrows to one of the user's accounts.
 */
export async function feesPaid(
  tx: Tx,
  input: { userId: string; accountId?: string | null; from: Date; to: Date },
): Promise<FeesPaid> {
  const account = input.accountId ? Prisma.sql`AND e.account_id = ${input.accountId}` : Prisma.empty;
  const rows = await tx.$queryRaw<{ product: string; count: bigint; gross: bigint; fee: bigint }[]>`
    SELECT p.product, COUNT(*)::bigint AS count, SUM(e.gross_cents)::bigint AS gross, SUM(e.fee_cents)::bigint AS fee
      FROM ledger_entries e CROSS JOIN LATERAL (SELECT ${productOfEntrySql("e")} AS product) p
     WHERE e.user_id = ${input.userId}::uuid ${account} AND e.status = 'succeeded'
       AND e.created_at >= ${input.from} AND e.created_at < ${input.to} AND p.product IS NOT NULL
     GROUP BY p.product`;
  const byProduct = FEE_PRODUCTS.flatMap((product) => {
    const row = rows.find((r) => r.product === product);
    return row ? [{ product, count: Number(row.count), grossCents: row.gross, feeCents: row.fee }] : [];
  });
  return { byProduct, totalFeeCents: byProduct.reduce((sum, row) => sum + row.feeCents, 0n) };
}
