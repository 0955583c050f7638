/** Wire shapes of the account surface (camelCase, BRL numbers, epoch ms). */
import type { LedgerEntry } from "../generated/prisma/client";
import type { Party } from "../ledger/parties";
import { centsToBrl } from "../money";
import { saoPauloDate } from "../time";

/** Interface 2.2: every field present, null where it does not apply. */
export function entryView(entry: LedgerEntry) {
  return {
    id: entry.id,
    uid: entry.id,
    idempotencyKey: entry.idempotencyKey,
    metadata: { ...((entry.metadata as Record<string, unknown> | null) ?? {}), idempotencyKey: entry.idempotencyKey },
    externalId: entry.externalId,
    type: entry.type,
    reason: entry.reason,
    status: entry.status,
    grossAmount: centsToBrl(entry.grossCents),
    feeAmount: centsToBrl(entry.feeCents),
    netAmount: centsToBrl(entry.netCents),
    endToEndId: entry.endToEndId,
    parentEndToEndId: entry.parentEndToEndId,
    entryId: entry.entryRef,
    requestId: entry.requestId,
    pixKey: entry.pixKey,
    userId: entry.userId,
    accountId: entry.accountId,
    createdAt: entry.createdAt.getTime(),
    updatedAt: entry.updatedAt.getTime(),
    createdDate: saoPauloDate(entry.createdAt),
    updatedDate: saoPauloDate(entry.updatedAt),
    payer: (entry.payer as Party | null) ?? null,
    receiver: (entry.receiver as Party | null) ?? null,
    medId: entry.medId,
    medCreatedAt: entry.medCreatedAt?.getTime() ?? null,
    medCreatedDate: entry.medCreatedAt ? saoPauloDate(entry.medCreatedAt) : null,
    refundedEndToEndId: entry.refundedEndToEndId,
    split: null,
    af: null,
    sameDocument: null,
    obs: entry.obs,
    description: entry.description,
    errorMessage: entry.errorMessage,
  };
}

/** Interface 2.5 */
export function statusView(entry: LedgerEntry) {
  return {
    status: entry.status,
    grossAmount: centsToBrl(entry.grossCents),
    endToEndId: entry.endToEndId,
    payer: (entry.payer as Party | null) ?? null,
    receiver: (entry.receiver as Party | null) ?? null,
    updatedAt: entry.updatedAt.getTime(),
    updatedDate: saoPauloDate(entry.updatedAt),
  };
}

/** Interface 2.5: the refund's own end-to-end id and status. */
export function refundStatusView(entry: LedgerEntry) {
  return {
    endToEndId: entry.endToEndId,
    status: entry.status,
    payer: (entry.payer as Party | null) ?? null,
    receiver: (entry.receiver as Party | null) ?? null,
    updatedAt: entry.updatedAt.getTime(),
    updatedDate: saoPauloDate(entry.updatedAt),
  };
}
