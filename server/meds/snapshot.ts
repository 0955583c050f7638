/** The MED as its outbox events carry it (bigints as strings, instants as ISO strings). */
import { type AuditActor, recordAudit } from "../audit/log";
import type { Tx } from "../db/client";
import type { Med } from "../generated/prisma/client";

export type MedSnapshot = ReturnType<typeof medSnapshot>;

export function medSnapshot(med: Med) {
  return {
    medId: med.id,
    accountId: med.accountId,
    endToEndId: med.endToEndId,
    status: med.status,
    disputedCents: med.disputedCents.toString(),
    blockedCents: med.blockedCents.toString(),
    defenseDeadline: med.defenseDeadline.toISOString(),
    defenseCreatedAt: med.defenseCreatedAt?.toISOString() ?? null,
    refundedEndToEndId: med.refundedEndToEndId,
    createdAt: med.createdAt.toISOString(),
  };
}

/** The MED's `legalAnalysis` as the audit log keeps it (null before the first one). */
const analysisSnapshot = (med: Med) =>
  med.legalCreatedAt
    ? { considerations: med.legalConsiderations, createdBy: med.legalCreatedBy, createdAt: med.legalCreatedAt }
    : null;

/** Records in the audit log that an administrator wrote the MED's legal analysis (before → after). */
export function recordAnalysisAudit(tx: Tx, actor: AuditActor, before: Med, after: Med) {
  return recordAudit(tx, {
    actor,
    action: "med.analysis",
    targetType: "med",
    targetId: after.id,
    before: analysisSnapshot(before),
    after: analysisSnapshot(after),
  });
}
