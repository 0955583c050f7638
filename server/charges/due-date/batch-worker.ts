/**
 * The worker side of batches (docs/decisions/0034-due-date-batches.md): claims pending items
 * (FOR UPDATE SKIP LOCKED), creates their cobv through the due-date service and marks each CRIADA
 * or NEGADA — the charges and the marks of a chunk in one transaction, so a crash at any point
 * leaves every item either done once or still EM_PROCESSAMENTO for the next pass.
 *
 * New cobv of a chunk go through `createDueDateCharges` (set-based); a re-submitted or revised
 * one, or a chunk whose set-based writes fail, one by one, each in its own transaction.
 */
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../errors";
import { logger } from "../../logger";
import { startPollingLoop } from "../../worker/loop";
import { COB_RULE_RAZAO, CobRuleError } from "../cob-errors";
import { type CreateItemInput, type ItemProblem, storedInput } from "./batch";
import type { BatchItemStatus } from "./batch-guard";
import {
  createDueDateCharge,
  createDueDateCharges,
  type DueDateChargePatch,
  DueDateChargeRefused,
  updateDueDateCharge,
} from "./service";

export const BATCH_CHUNK = 100;

type Claimed = { tx_id: string; user_id: string; operation: string; input: unknown };
type Mark = { txId: string; status: BatchItemStatus; problem: ItemProblem | null; chargeCreatedAt: Date | null };

async function claim(tx: Tx, size: number, txId?: string): Promise<Claimed[]> {
  return txId
    ? tx.$queryRaw<Claimed[]>`
        SELECT tx_id, user_id::text, operation, input FROM due_date_batch_items
         WHERE tx_id = ${txId} AND status = 'EM_PROCESSAMENTO' FOR UPDATE SKIP LOCKED`
    : tx.$queryRaw<Claimed[]>`
        SELECT tx_id, user_id::text, operation, input FROM due_date_batch_items
         WHERE status = 'EM_PROCESSAMENTO' ORDER BY submitted_at, position LIMIT ${size} FOR UPDATE SKIP LOCKED`;
}

async function mark(tx: Tx, marks: Mark[], now: Date): Promise<void> {
  if (!marks.length) return;
  await tx.$executeRaw`
    UPDATE due_date_batch_items i
       SET status = v.status, problem = v.problem::jsonb, charge_created_at = v.created::timestamptz,
           processed_at = ${now}
      FROM unnest(${marks.map((m) => m.txId)}::text[], ${marks.map((m) => m.status)}::text[],
                  ${marks.map((m) => (m.problem ? JSON.stringify(m.problem) : null))}::text[],
                  ${marks.map((m) => m.chargeCreatedAt?.toISOString() ?? null)}::text[])
           AS v(tx_id, status, problem, created)
     WHERE i.tx_id = v.tx_id`;
}

/** The refusal an error stands for, or null when it is no refusal (the item waits for the next pass). */
export function problemOf(error: unknown): ItemProblem | null {
  if (error instanceof DueDateChargeRefused) return { violations: error.violations };
  if (error instanceof CobRuleError) {
    return { violations: [{ propriedade: error.field, razao: COB_RULE_RAZAO[error.rule] ?? error.message }] };
  }
  if (error instanceof AppError && error.status === 404) return { notFound: true };
  if (error instanceof AppError && error.status < 500) {
    return { violations: [{ propriedade: error.field ?? "chave", razao: error.message }] };
  }
  return null;
}

type PassOptions = {
  now?: Date;
  size?: number;
  /** tests: runs inside the chunk's transaction just before it commits (a throw is a crash there) */
  beforeCommit?: () => Promise<void>;
};

/**
 * One item on its own: its cobv and its mark in one transaction; a refusal marked in another.
 * Answers whether the item was marked (false: another worker had it, or it must wait).
 */
async function processOne(db: Db, txId: string, now: Date): Promise<boolean> {
  try {
    return await db.$transaction(async (tx) => {
      const [item] = await claim(tx, 1, txId);
      if (!item) return false;
      const charge =
        item.operation === "revise"
          ? await updateDueDateCharge(tx, item.user_id, txId, storedInput<DueDateChargePatch>(item.input), {
              now,
              fromBatch: true,
            })
          : await createDueDateCharge(
              tx,
              { ...storedInput<CreateItemInput>(item.input), userId: item.user_id, txId },
              { now, replace: true, fromBatch: true },
            );
      await mark(tx, [{ txId, status: "CRIADA", problem: null, chargeCreatedAt: charge.createdAt }], now);
      return true;
    });
  } catch (error) {
    const problem = problemOf(error);
    if (!problem) {
      logger().error({ err: error, txId }, "batch item failed; it stays EM_PROCESSAMENTO");
      return false;
    }
    return db.$transaction(async (tx) => {
      if (!(await claim(tx, 1, txId)).length) return false;
      await mark(tx, [{ txId, status: "NEGADA", problem, chargeCreatedAt: null }], now);
      return true;
    });
  }
}

/**
 * One pass: claims up to `size` pending items and processes them. Answers how many it marked
 * CRIADA or NEGADA (0: nothing waits, or what waits cannot be done now — the loop then idles
 * instead of spinning on an item whose every try fails).
 */
export async function processDueDateBatches(db: Db, options: PassOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const size = options.size ?? BATCH_CHUNK;
  let claimed: Claimed[] = [];
  let oneByOne: string[] = [];
  let crashed = false;
  let done = 0;
  try {
    done = await db.$transaction(
      async (tx) => {
        claimed = await claim(tx, size);
        const fresh = claimed.filter((item) => item.operation === "create");
        const existing = new Set(
          (
            await tx.charge.findMany({ where: { txId: { in: fresh.map((i) => i.tx_id) } }, select: { txId: true } })
          ).map((c) => c.txId),
        );
        const bulk = fresh.filter((item) => !existing.has(item.tx_id));
        oneByOne = claimed.filter((item) => !bulk.includes(item)).map((item) => item.tx_id);
        const outcomes = await createDueDateCharges(
          tx,
          bulk.map((item) => ({ ...storedInput<CreateItemInput>(item.input), userId: item.user_id, txId: item.tx_id })),
          { now },
        );
        await mark(
          tx,
          outcomes.map((outcome) =>
            "charge" in outcome
              ? { txId: outcome.txId, status: "CRIADA", problem: null, chargeCreatedAt: outcome.charge.createdAt }
              : {
                  txId: outcome.txId,
                  status: "NEGADA",
                  problem: { violations: outcome.refused.violations },
                  chargeCreatedAt: null,
                },
          ),
          now,
        );
        await options.beforeCommit?.().catch((error) => {
          crashed = true;
          throw error;
        });
        return outcomes.length;
      },
      { timeout: 60_000 },
    );
  } catch (error) {
    if (!claimed.length || crashed) throw error;
    logger().warn({ err: error, items: claimed.length }, "batch chunk failed; its items go one by one");
    oneByOne = claimed.map((item) => item.tx_id);
  }
  for (const txId of oneByOne) if (await processOne(db, txId, now)) done++;
  return done;
}

/** The worker's loop: a pass right after one that found work, otherwise one every `idleMs`. */
export const startDueDateBatchLoop = (db: Db, idleMs = 200) =>
  startPollingLoop("due-date batch", async () => (await processDueDateBatches(db)) > 0, idleMs);
