/**
 * Refunds named by the client (API Pix `PUT /pix/{e2eid}/devolucao/{id}`): the same refund rules
 * (./service.ts), plus the client's id, unique per received PIX. Asking again with the same id and
 * the same request answers the refund already made; the same id with another request is refused.
 */
import type { Db, Tx } from "../db/client";
import { inTransaction } from "../db/transaction";
import { AppError, notFound } from "../errors";
import type { LedgerEntry, RefundIdentifier } from "../generated/prisma/client";
import { END_TO_END_PATTERN } from "../ledger/ids";
import { lockOriginal, REFUND_REASON, requestRefund } from "./service";

/** Why the refund is asked: of the PIX itself, or of the cash of a PIX withdrawal or change. */
export const REFUND_NATURES = ["ORIGINAL", "RETIRADA"] as const;
export type RefundNature = (typeof REFUND_NATURES)[number];

export type IdentifiedRefund = { refund: LedgerEntry; identifier: RefundIdentifier | null };

export type IdentifiedRefundRequest = {
  userId: string;
  endToEndId: string;
  clientId: string;
  amountCents: bigint;
  nature?: RefundNature;
  description?: string | null;
  now?: Date;
};

const sameRequest = (found: IdentifiedRefund, input: IdentifiedRefundRequest) =>
  found.refund.grossCents === input.amountCents &&
  (found.identifier?.nature ?? "ORIGINAL") === (input.nature ?? "ORIGINAL") &&
  (found.refund.description ?? null) === (input.description ?? null);

/** `created` is false when the same request had already made this refund. */
export async function requestIdentifiedRefund(
  db: Db | Tx,
  input: IdentifiedRefundRequest,
): Promise<IdentifiedRefund & { created: boolean }> {
  if (!END_TO_END_PATTERN.test(input.endToEndId)) throw notFound("original PIX not found");
  return inTransaction(db, async (tx) => {
    // The original's lock orders concurrent requests with the same id: the second sees the first's row.
    const original = await lockOriginal(tx, input.userId, input.endToEndId);
    const existing = await findIdentifiedRefund(tx, input.userId, original.endToEndId as string, input.clientId);
    if (existing) {
      if (!sameRequest(existing, input)) {
        throw new AppError(
          "CONFLICT",
          `refund id ${input.clientId} was already used for this PIX with another request`,
          "id",
          "REFUND_ID_TAKEN",
        );
      }
      return { ...existing, created: false };
    }
    // No PIX received here is a withdrawal or change, so only the original's own amount is refundable.
    if ((input.nature ?? "ORIGINAL") !== "ORIGINAL") {
      throw new AppError(
        "NOT_REFUNDABLE",
        "natureza RETIRADA applies only to a PIX withdrawal or change",
        "natureza",
        "REFUND_NATURE_NOT_APPLICABLE",
      );
    }
    const refund = await requestRefund(tx, {
      userId: input.userId,
      endToEndId: input.endToEndId,
      amountCents: input.amountCents,
      description: input.description ?? null,
      ...(input.now ? { now: input.now } : {}),
    });
    const identifier = await tx.refundIdentifier.create({
      data: {
        userId: input.userId,
        originalEndToEndId: original.endToEndId as string,
        clientId: input.clientId,
        accountId: refund.accountId,
        refundEndToEndId: refund.endToEndId as string,
        nature: input.nature ?? "ORIGINAL",
        createdAt: input.now ?? refund.createdAt,
      },
    });
    return { refund, identifier, created: true };
  });
}

/**
 * A refund of the user's received PIX by the client's id; a refund asked elsewhere (with no
 * client id) is found by its own end-to-end id. Null when there is none.
 */
export async function findIdentifiedRefund(
  tx: Tx,
  userId: string,
  originalEndToEndId: string,
  clientId: string,
): Promise<IdentifiedRefund | null> {
  const identifier = await tx.refundIdentifier.findUnique({
    where: { userId_originalEndToEndId_clientId: { userId, originalEndToEndId, clientId } },
  });
  const refund = await tx.ledgerEntry.findFirst({
    where: {
      userId,
      parentEndToEndId: originalEndToEndId,
      reason: REFUND_REASON,
      endToEndId: identifier ? identifier.refundEndToEndId : clientId,
    },
  });
  if (!refund) return null;
  if (identifier) return { refund, identifier };
  // A bare end-to-end id names a refund only if no client id was given to it.
  const named = await tx.refundIdentifier.findUnique({
    where: { accountId_refundEndToEndId: { accountId: refund.accountId, refundEndToEndId: clientId } },
  });
  return named ? null : { refund, identifier: null };
}

/** The client ids of these refunds, by the refund's account and end-to-end id (`accountId:e2e`). */
export async function identifiersOf(
  tx: Tx,
  refunds: Pick<LedgerEntry, "accountId" | "endToEndId">[],
): Promise<Map<string, RefundIdentifier>> {
  const ids = refunds.map((refund) => refund.endToEndId).filter((id): id is string => id !== null);
  if (ids.length === 0) return new Map();
  const rows = await tx.refundIdentifier.findMany({ where: { refundEndToEndId: { in: ids } } });
  return new Map(rows.map((row) => [`${row.accountId}:${row.refundEndToEndId}`, row]));
}
