/**
 * MEDs as the merchant's dashboard shows them: centavos (bigint), dates, what is blocked and what
 * is still owed, the disputed PIX, and the evidence with fresh signed links.
 */
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import type { LedgerEntry, Med } from "../generated/prisma/client";
import type { Party } from "../ledger/parties";
import { uploadFileMaxBytes, uploadFileMaxMegabytes } from "../uploads/file-rules";
import { EVIDENCE_PATH, type EvidenceView, listEvidence, ownedMed } from "./evidence";
import { stillOwedCents } from "./owed";
import { entriesOf, listMeds, type MedFilter } from "./service";

export function medSummaryView(med: Med, entry: LedgerEntry) {
  return {
    medId: med.id,
    endToEndId: med.endToEndId,
    status: med.status,
    pspCreatorName: med.pspCreatorName,
    details: med.details,
    disputedCents: med.disputedCents,
    blockedCents: med.blockedCents,
    /** disputed − blocked while under analysis: what the account's next credits will cover */
    owedCents: stillOwedCents(med),
    payer: (entry.payer as Party | null) ?? null,
    createdAt: med.createdAt,
    defenseDeadline: med.defenseDeadline,
    defenseSubmitted: med.defenseCreatedAt !== null,
    refundedEndToEndId: med.refundedEndToEndId,
    resolvedAt: med.resolvedAt,
  };
}

export type MedSummaryView = ReturnType<typeof medSummaryView>;

export async function listMedsForDashboard(
  db: Db | Tx,
  userId: string,
  filter: Omit<MedFilter, "startDate" | "endDate"> & { startDate?: number; endDate?: number },
) {
  const { items, total } = await listMeds(
    db,
    { userId },
    {
      ...filter,
      startDate: filter.startDate === undefined ? undefined : new Date(filter.startDate),
      endDate: filter.endDate === undefined ? undefined : new Date(filter.endDate),
    },
  );
  return { meds: (await entriesOf(db, items)).map(({ med, entry }) => medSummaryView(med, entry)), total };
}

/** A defense file: ours (evidence of this MED, with a fresh link and its name) or any other https link. */
export type DefenseFile = { url: string; evidence: EvidenceView | null };

function defenseFiles(files: string[], evidence: EvidenceView[]): DefenseFile[] {
  const base = new URL(EVIDENCE_PATH, config().APP_URL).toString();
  return files.map((url) => {
    const id = url.startsWith(`${base}/`) ? new URL(url).pathname.split("/").pop() : undefined;
    const ours = evidence.find((file) => file.id === id) ?? null;
    return { url: ours?.url ?? url, evidence: ours };
  });
}

/**
 * How a decided MED ended, for the merchant: decided by the platform's analysis (its text, the
 * one the back office wrote for the merchant), what went back to the payer, what was never
 * covered and so not returned, and what is still owed (nothing once decided).
 */
async function outcomeOf(db: Db | Tx, med: Med) {
  if (med.status === "under_analysis") return null;
  const refund = med.refundedEndToEndId
    ? await db.ledgerEntry.findFirst({
        where: { endToEndId: med.refundedEndToEndId, accountId: med.accountId },
        select: { grossCents: true, status: true },
      })
    : null;
  const refundedCents = refund?.grossCents ?? 0n;
  return {
    decidedBy: config().PLATFORM_NAME,
    analysis: med.legalCreatedAt ? { text: med.legalConsiderations ?? "", createdAt: med.legalCreatedAt } : null,
    refundedCents,
    refundStatus: refund?.status ?? null,
    notRefundedCents: med.status === "accepted" ? med.disputedCents - refundedCents : 0n,
    owedCents: stillOwedCents(med),
  };
}

/** One of the caller's MEDs with its disputed PIX, evidence, defense and outcome (404 for anyone else's). */
export async function medDetail(db: Db | Tx, userId: string, endToEndId: string, now = new Date()) {
  const med = await ownedMed(db, userId, endToEndId);
  const entry = await db.ledgerEntry.findUniqueOrThrow({ where: { seq: med.entrySeq } });
  const evidence = await listEvidence(db, med.id, now);
  return {
    outcome: await outcomeOf(db, med),
    ...medSummaryView(med, entry),
    receiver: (entry.receiver as Party | null) ?? null,
    transaction: {
      id: entry.id,
      accountId: entry.accountId,
      endToEndId: entry.endToEndId,
      grossCents: entry.grossCents,
      feeCents: entry.feeCents,
      netCents: entry.netCents,
      createdAt: entry.createdAt,
    },
    evidence: med.defenseCreatedAt ? [] : evidence,
    /** How large a file of evidence may be, as configured, for the form to say and check first. */
    evidenceLimits: { maxBytes: uploadFileMaxBytes(), maxMegabytes: uploadFileMaxMegabytes() },
    defense: med.defenseCreatedAt
      ? {
          description: med.defenseDescription ?? "",
          createdAt: med.defenseCreatedAt,
          files: defenseFiles(med.defenseFiles, evidence),
        }
      : null,
  };
}

export type MedDetailView = Awaited<ReturnType<typeof medDetail>>;
