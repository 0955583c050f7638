/**
 * The back office's view of MEDs (docs/decisions/0014-med-back-office.md): every merchant's MEDs
 * filtered and sorted in SQL, one MED with everything an analyst needs, and the analyst's
 * considerations saved as the MED's `legalAnalysis` with an audit row in the same transaction.
 */
import type { AuditActor } from "../audit/log";
import type { Db, Tx } from "../db/client";
import { inTransaction } from "../db/transaction";
import { AppError, notFound } from "../errors";
import { UUID_PATTERN } from "../fields/ids";
import { type Med, Prisma } from "../generated/prisma/client";
import type { Party } from "../ledger/parties";
import { MED_STATUSES } from "./schema";
import type { MedStatus } from "./service";
import { recordAnalysisAudit } from "./snapshot";

const DAY_MS = 24 * 60 * 60 * 1000;

export type AdminMedFilter = {
  status?: MedStatus;
  deadline?: "expired" | "within2d" | "within7d";
  /** part of the merchant's account name or user e-mail, case-insensitive */
  merchant?: string;
  minCents?: bigint;
  maxCents?: bigint;
  sort?: "deadline_asc" | "deadline_desc";
  page: number;
  limit: number;
  now?: Date;
};

export type AdminMedRow = {
  id: string;
  endToEndId: string;
  status: MedStatus;
  accountId: string;
  merchantName: string;
  merchantEmail: string;
  payerName: string | null;
  disputedCents: bigint;
  blockedCents: bigint;
  defenseDeadline: Date;
  defenseSubmitted: boolean;
  analysed: boolean;
  createdAt: Date;
  resolvedAt: Date | null;
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of every filter but status (the per-status counts share it). */
function conditions(filter: AdminMedFilter): Prisma.Sql[] {
  const now = filter.now ?? new Date();
  const parts: Prisma.Sql[] = [];
  // A deadline window only means something while the MED waits for a decision.
  if (filter.deadline === "expired") {
    parts.push(Prisma.sql`m.status = 'under_analysis' AND m.defense_deadline < ${now}`);
  } else if (filter.deadline) {
    const until = new Date(now.getTime() + (filter.deadline === "within2d" ? 2 : 7) * DAY_MS);
    parts.push(
      Prisma.sql`m.status = 'under_analysis' AND m.defense_deadline >= ${now} AND m.defense_deadline <= ${until}`,
    );
  }
  if (filter.merchant) {
    const pattern = `%${escapeLike(filter.merchant)}%`;
    parts.push(Prisma.sql`(a.name ILIKE ${pattern} OR u.email ILIKE ${pattern})`);
  }
  if (filter.minCents !== undefined) parts.push(Prisma.sql`m.disputed_cents >= ${filter.minCents}`);
  if (filter.maxCents !== undefined) parts.push(Prisma.sql`m.disputed_cents <= ${filter.maxCents}`);
  return parts;
}

const whereOf = (parts: Prisma.Sql[]) =>
  parts.length ? Prisma.sql`WHERE ${Prisma.join(parts, " AND ")}` : Prisma.empty;

const FROM = Prisma.sql`FROM meds m JOIN accounts a ON a.id = m.account_id JOIN users u ON u.id = m.user_id`;

/** Every merchant's MEDs, by deadline, with the counts per status under the same filters. */
export async function adminListMeds(
  db: Db | Tx,
  filter: AdminMedFilter,
): Promise<{ items: AdminMedRow[]; total: number; counts: Record<MedStatus, number> }> {
  const shared = conditions(filter);
  const listed = filter.status ? [...shared, Prisma.sql`m.status = ${filter.status}::"MedStatus"`] : shared;
  const order =
    filter.sort === "deadline_desc"
      ? Prisma.sql`m.defense_deadline DESC, m.id DESC`
      : Prisma.sql`m.defense_deadline ASC, m.id ASC`;
  const [rows, countRows] = await Promise.all([
    db.$queryRaw<
      {
        id: string;
        end_to_end_id: string;
        status: MedStatus;
        account_id: string;
        merchant_name: string;
        merchant_email: string;
        payer: Party | null;
        disputed_cents: bigint;
        blocked_cents: bigint;
        defense_deadline: Date;
        defense_created_at: Date | null;
        legal_created_at: Date | null;
        created_at: Date;
        resolved_at: Date | null;
      }[]
    >`SELECT m.id::text, m.end_to_end_id, m.status, m.account_id, a.name AS merchant_name,
             u.email AS merchant_email, e.payer, m.disputed_cents, m.blocked_cents, m.defense_deadline,
             m.defense_created_at, m.legal_created_at, m.created_at, m.resolved_at
        ${FROM} JOIN ledger_entries e ON e.seq = m.entry_seq
        ${whereOf(listed)}
       ORDER BY ${order}
       LIMIT ${filter.limit} OFFSET ${(filter.page - 1) * filter.limit}`,
    db.$queryRaw<{ status: MedStatus; n: bigint }[]>`
      SELECT m.status, count(*) AS n ${FROM} ${whereOf(shared)} GROUP BY m.status`,
  ]);
  const counts = Object.fromEntries(MED_STATUSES.map((s) => [s, 0])) as Record<MedStatus, number>;
  for (const row of countRows) counts[row.status] = Number(row.n);
  const total = filter.status ? counts[filter.status] : MED_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  return {
    total,
    counts,
    items: rows.map((r) => ({
      id: r.id,
      endToEndId: r.end_to_end_id,
      status: r.status,
      accountId: r.account_id,
      merchantName: r.merchant_name,
      merchantEmail: r.merchant_email,
      payerName: r.payer?.name ?? null,
      disputedCents: r.disputed_cents,
      blockedCents: r.blocked_cents,
      defenseDeadline: r.defense_deadline,
      defenseSubmitted: r.defense_created_at !== null,
      analysed: r.legal_created_at !== null,
      createdAt: r.created_at,
      resolvedAt: r.resolved_at,
    })),
  };
}

/** One MED with the received PIX, the receiving merchant and account, and its refund if any. */
export async function adminMedDetail(db: Db | Tx, medId: string) {
  if (!UUID_PATTERN.test(medId)) throw notFound("MED not found");
  const med = await db.med.findUnique({ where: { id: medId } });
  if (!med) throw notFound("MED not found");
  const [entry, account, refund] = await Promise.all([
    db.ledgerEntry.findUniqueOrThrow({ where: { seq: med.entrySeq } }),
    db.account.findUniqueOrThrow({
      where: { id: med.accountId },
      select: {
        id: true,
        name: true,
        document: true,
        personType: true,
        agency: true,
        user: { select: { id: true, email: true } },
      },
    }),
    med.refundedEndToEndId
      ? db.ledgerEntry.findFirst({ where: { endToEndId: med.refundedEndToEndId, accountId: med.accountId } })
      : null,
  ]);
  return {
    med,
    entry,
    merchant: {
      userId: account.user.id,
      name: account.name,
      email: account.user.email,
      accountId: account.id,
      document: account.document,
      personType: account.personType,
      agency: account.agency,
    },
    refund: refund
      ? {
          endToEndId: refund.endToEndId,
          status: refund.status,
          amountCents: refund.grossCents,
          createdAt: refund.createdAt,
        }
      : null,
  };
}

/**
 * The analyst's considerations, as the MED's `legalAnalysis` (created by the admin's e-mail).
 * Saved again it replaces the previous text (the audit log keeps both); a resolved MED is closed.
 */
export async function saveLegalAnalysis(
  db: Db | Tx,
  input: { medId: string; considerations: string; actor: AuditActor; now?: Date },
): Promise<Med> {
  if (!UUID_PATTERN.test(input.medId)) throw notFound("MED not found");
  const now = input.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const [row] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text FROM meds WHERE id = ${input.medId}::uuid FOR UPDATE`;
    if (!row) throw notFound("MED not found");
    const med = await tx.med.findUniqueOrThrow({ where: { id: row.id } });
    if (med.status !== "under_analysis") throw new AppError("CONFLICT", "this MED is already resolved");
    const updated = await tx.med.update({
      where: { id: med.id },
      data: { legalConsiderations: input.considerations, legalCreatedBy: input.actor.email, legalCreatedAt: now },
    });
    await recordAnalysisAudit(tx, input.actor, med, updated);
    return updated;
  });
}
