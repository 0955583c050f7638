/**
 * One MED as the back office shows it: the transaction and both parties, what it blocked, still
 * owes and refunded, the defense with its files (the platform's own previewed through fresh
 * signed links, any other URL only a link, never fetched) and the legal analysis.
 */
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import type { Party } from "../ledger/parties";
import { adminMedDetail } from "./admin";
import { listEvidence } from "./evidence";
import { stillOwedCents } from "./owed";
import { evidencePreview } from "./preview";

export async function adminMedDetailView(db: Db | Tx, medId: string) {
  const { med, entry, merchant, refund } = await adminMedDetail(db, medId);
  // Files stored by the platform are previewed; any other URL is only a link (never fetched).
  const stored = new Map((await listEvidence(db, med.id, new Date())).map((file) => [file.id, file]));
  return {
    id: med.id,
    status: med.status,
    endToEndId: med.endToEndId,
    pspCreatorName: med.pspCreatorName,
    details: med.details,
    createdAt: med.createdAt,
    resolvedAt: med.resolvedAt,
    defenseDeadline: med.defenseDeadline,
    transaction: {
      entryId: entry.id,
      endToEndId: entry.endToEndId,
      reason: entry.reason,
      grossCents: entry.grossCents,
      feeCents: entry.feeCents,
      netCents: entry.netCents,
      description: entry.description,
      createdAt: entry.createdAt,
      payer: (entry.payer as Party | null) ?? null,
      receiver: (entry.receiver as Party | null) ?? null,
    },
    merchant,
    effect: {
      disputedCents: med.disputedCents,
      blockedCents: med.blockedCents,
      owedCents: stillOwedCents(med),
      refundedCents: refund?.amountCents ?? 0n,
    },
    refund,
    defense: med.defenseCreatedAt
      ? {
          description: med.defenseDescription ?? "",
          createdAt: med.defenseCreatedAt,
          files: med.defenseFiles.map((url) => evidencePreview(url, config().APP_URL, stored)),
        }
      : null,
    legalAnalysis: med.legalCreatedAt
      ? {
          considerations: med.legalConsiderations ?? "",
          createdBy: med.legalCreatedBy ?? "",
          createdAt: med.legalCreatedAt,
        }
      : null,
  };
}

export type AdminMedDetail = Awaited<ReturnType<typeof adminMedDetailView>>;
