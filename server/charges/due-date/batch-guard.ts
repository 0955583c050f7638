/**
 * What the single-charge doors need to know of batches (docs/decisions/0034-due-date-batches.md):
 * the statuses of a batch item, and the rule that a txid a batch still holds — its item
 * EM_PROCESSAMENTO or NEGADA — cannot be created or changed through PUT/PATCH /cobv.
 */
import type { Tx } from "../../db/client";
import { refused } from "./refusal";

export const BATCH_ITEM_STATUSES = ["EM_PROCESSAMENTO", "CRIADA", "NEGADA"] as const;
export type BatchItemStatus = (typeof BATCH_ITEM_STATUSES)[number];

export const HELD_BY_BATCH_RAZAO =
  "Este txid pertence a um lote de cobranças com vencimento em que a cobrança está EM_PROCESSAMENTO ou NEGADA.";

/** Refuses the txid while a batch item holds it (in the caller's transaction, after the charge's lock). */
export async function assertNotHeldByBatch(tx: Tx, txId: string): Promise<void> {
  const item = await tx.dueDateBatchItem.findUnique({ where: { txId }, select: { status: true } });
  if (item && item.status !== "CRIADA") throw refused("txid", HELD_BY_BATCH_RAZAO);
}
