/**
 * Interface 2.6 on the wire: BRL numbers, epoch ms; `legalAnalysis` only on list items. The
 * analysis is the institution's, so merchants see the institution as its author: the analyst's
 * e-mail stays in the back office and in the audit log.
 */
import { config } from "../config";
import type { LedgerEntry, Med } from "../generated/prisma/client";
import type { Party } from "../ledger/parties";
import { centsToBrl } from "../money";

export function medView(med: Med, entry: LedgerEntry, options: { legalAnalysis?: boolean } = {}) {
  return {
    endToEndId: med.endToEndId,
    medId: med.id,
    createdInfractionAt: med.createdAt.getTime(),
    pspCreatorName: med.pspCreatorName,
    payer: (entry.payer as Party | null) ?? null,
    receiver: (entry.receiver as Party | null) ?? null,
    details: med.details,
    grossAmount: centsToBrl(med.disputedCents),
    feeAmount: centsToBrl(entry.feeCents),
    netAmount: centsToBrl(med.disputedCents - entry.feeCents),
    transactionCreatedAt: entry.createdAt.getTime(),
    userId: med.userId,
    status: med.status,
    defense: med.defenseCreatedAt
      ? {
          description: med.defenseDescription ?? "",
          createdAt: med.defenseCreatedAt.getTime(),
          files: med.defenseFiles,
        }
      : null,
    deadlines: { defenseDeadLine: med.defenseDeadline.getTime() },
    refundedEndToEndId: med.refundedEndToEndId,
    ...(options.legalAnalysis
      ? {
          legalAnalysis:
            med.legalCreatedAt && med.legalCreatedBy
              ? {
                  createdAt: med.legalCreatedAt.getTime(),
                  createdBy: config().PLATFORM_NAME,
                  considerations: med.legalConsiderations ?? "",
                }
              : null,
        }
      : {}),
  };
}
