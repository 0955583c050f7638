/**
 * The administrators' audit log: every back-office action (MED analysis and decisions,
 * onboarding approvals, account blocks, …) is recorded with who did it, what, on which
 * target, and the state before and after. Write it in the same transaction as the action, so
 * an action and its record stand or fall together. Rows are append-only (a database trigger).
 */
import type { Tx } from "../db/client";
import type { AuditAction } from "./actions";

export type AuditActor = { userId: string; email: string };

export type AuditRecord = {
  actor: AuditActor;
  /** dotted verb, capability first (server/audit/actions.ts) */
  action: AuditAction;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  /** the organisation a merchant-side action was taken in (its "Atividade" page) */
  organizationId?: string | null;
};

export type AuditEntry = {
  id: string;
  actorUserId: string;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  organizationId: string | null;
  createdAt: Date;
};

/** JSON-safe copy of a before/after state: bigints become strings, dates ISO strings. */
function snapshot(value: unknown): unknown {
  if (value === undefined) return undefined;
  return JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? v.toString() : v)));
}

export async function recordAudit(db: Tx, record: AuditRecord): Promise<AuditEntry> {
  const row = await db.auditLogEntry.create({
    data: {
      actorUserId: record.actor.userId,
      actorEmail: record.actor.email,
      action: record.action,
      targetType: record.targetType,
      targetId: record.targetId,
      before: snapshot(record.before) ?? undefined,
      after: snapshot(record.after) ?? undefined,
      reason: record.reason ?? null,
      organizationId: record.organizationId ?? null,
    },
  });
  return row as AuditEntry;
}

export type AuditFilter = {
  page: number;
  limit: number;
  actorUserId?: string;
  /** part of the actor's e-mail, case-insensitive */
  actorEmail?: string;
  action?: string;
  /** every action starting so ("med." for all MED actions) */
  actionPrefix?: string;
  targetType?: string;
  targetId?: string;
  organizationId?: string;
  from?: Date;
  to?: Date;
};

/** Newest first, paginated. */
export async function listAudit(db: Tx, filter: AuditFilter): Promise<{ items: AuditEntry[]; total: number }> {
  const where = {
    ...(filter.actorUserId ? { actorUserId: filter.actorUserId } : {}),
    ...(filter.actorEmail ? { actorEmail: { contains: filter.actorEmail, mode: "insensitive" as const } } : {}),
    ...(filter.action
      ? { action: filter.action }
      : filter.actionPrefix
        ? { action: { startsWith: filter.actionPrefix } }
        : {}),
    ...(filter.targetType ? { targetType: filter.targetType } : {}),
    ...(filter.targetId ? { targetId: filter.targetId } : {}),
    ...(filter.organizationId ? { organizationId: filter.organizationId } : {}),
    ...(filter.from || filter.to
      ? { createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lte: filter.to } : {}) } }
      : {}),
  };
  const [items, total] = await Promise.all([
    db.auditLogEntry.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (filter.page - 1) * filter.limit,
      take: filter.limit,
    }),
    db.auditLogEntry.count({ where }),
  ]);
  return { items: items as AuditEntry[], total };
}
