/**
 * The back office's view of merchants: search across name, e-mail, document and account
 * number, and one merchant's accounts, PIX keys, API keys (never a secret) and recent activity.
 */
import type { Db } from "../db/client";
import { notFound } from "../errors";
import type { Prisma } from "../generated/prisma/client";

export type MerchantSummary = {
  userId: string;
  name: string;
  email: string;
  createdAt: Date;
  accounts: {
    accountId: string;
    name: string;
    document: string;
    status: "active" | "inactive";
    availableCents: bigint;
    blockedCents: bigint;
    heldCents: bigint;
  }[];
};

const ACCOUNT_SUMMARY = {
  id: true,
  name: true,
  document: true,
  status: true,
  availableCents: true,
  blockedCents: true,
  heldCents: true,
} as const;

function searchWhere(query: string): Prisma.UserWhereInput {
  const base: Prisma.UserWhereInput = { role: "MERCHANT" };
  if (!query) return base;
  const digits = query.replace(/[.\-/\s]/g, "");
  const or: Prisma.UserWhereInput[] = [
    { name: { contains: query, mode: "insensitive" } },
    { email: { contains: query, mode: "insensitive" } },
    { accounts: { some: { name: { contains: query, mode: "insensitive" } } } },
  ];
  if (/^\d+$/.test(digits)) {
    or.push({ accounts: { some: { OR: [{ id: { startsWith: digits } }, { document: { startsWith: digits } }] } } });
  }
  return { ...base, OR: or };
}

export async function searchMerchants(
  db: Db,
  input: { query: string; page: number; limit: number },
): Promise<{ items: MerchantSummary[]; total: number }> {
  const where = searchWhere(input.query.trim());
  const [users, total] = await Promise.all([
    db.user.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (input.page - 1) * input.limit,
      take: input.limit,
      select: {
        id: true,
        name: true,
        email: true,
        createdAt: true,
        accounts: { select: ACCOUNT_SUMMARY, orderBy: { createdAt: "asc" } },
      },
    }),
    db.user.count({ where }),
  ]);
  return {
    items: users.map((user) => ({
      userId: user.id,
      name: user.name,
      email: user.email,
      createdAt: user.createdAt,
      accounts: user.accounts.map(({ id, ...account }) => ({ accountId: id, ...account })),
    })),
    total,
  };
}

const RECENT_ENTRIES = 20;
const RECENT_AUDIT = 20;

/** One merchant for the operator; a user who is not a merchant is a 404 like an unknown one. */
export async function merchantDetail(db: Db, userId: string) {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, name: true, email: true, role: true, createdAt: true },
  });
  if (user?.role !== "MERCHANT") throw notFound("merchant not found");
  const accounts = await db.account.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    include: {
      pixKeys: { orderBy: { createdAt: "asc" }, select: { id: true, type: true, key: true, isCurrent: true } },
    },
  });
  const accountIds = accounts.map((account) => account.id);
  const [apiKeys, entries, audit] = await Promise.all([
    db.apiKey.findMany({
      where: { userId },
      orderBy: { createdAt: "desc" },
      // Never the secret's hash or the signing secret: the operator sees what identifies a key.
      select: {
        id: true,
        name: true,
        clientId: true,
        scopes: true,
        active: true,
        expiresAt: true,
        lastUsedAt: true,
        createdAt: true,
      },
    }),
    db.ledgerEntry.findMany({
      where: { accountId: { in: accountIds } },
      orderBy: [{ createdAt: "desc" }, { seq: "desc" }],
      take: RECENT_ENTRIES,
      select: {
        id: true,
        accountId: true,
        type: true,
        reason: true,
        status: true,
        grossCents: true,
        endToEndId: true,
        payer: true,
        receiver: true,
        createdAt: true,
      },
    }),
    accountIds.length
      ? db.auditLogEntry.findMany({
          where: { targetType: "account", targetId: { in: accountIds } },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take: RECENT_AUDIT,
        })
      : Promise.resolve([]),
  ]);
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    createdAt: user.createdAt,
    accounts: accounts.map((account) => ({
      accountId: account.id,
      name: account.name,
      document: account.document,
      personType: account.personType,
      agency: account.agency,
      status: account.status,
      programmeOwnerId: account.programmeOwnerId,
      availableCents: account.availableCents,
      heldCents: account.heldCents,
      blockedCents: account.blockedCents,
      createdAt: account.createdAt,
      pixKeys: account.pixKeys,
    })),
    apiKeys: apiKeys.map(({ clientId, ...key }) => ({ ...key, clientIdPrefix: clientId.slice(0, 12) })),
    recentEntries: entries,
    statusHistory: audit.map((row) => ({
      id: row.id,
      action: row.action,
      accountId: row.targetId,
      actorEmail: row.actorEmail,
      reason: row.reason,
      createdAt: row.createdAt,
    })),
  };
}

export type MerchantDetail = Awaited<ReturnType<typeof merchantDetail>>;
