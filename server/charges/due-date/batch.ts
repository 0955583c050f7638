/**
 * Batches of due-date charges (API Pix `lotecobv`, docs/decisions/0034-due-date-batches.md): a
 * caller names a batch (its id is theirs, per user) and hands in up to 1,000 cobv requests; they
 * are stored EM_PROCESSAMENTO and answered at once, and the worker (batch-worker.ts) creates each
 * through the one cobv service, marking it CRIADA or NEGADA with the refusal's violations.
 *
 * The door translates each item before it comes here: an item its schema refuses arrives with
 * `violations` and is NEGADA at once; the others carry the service's own input.
 */
import type { Db, Tx } from "../../db/client";
import { notFound } from "../../errors";
import { type DueDateBatch, type DueDateBatchItem, Prisma } from "../../generated/prisma/client";
import type { BatchItemStatus } from "./batch-guard";
import type { DueDateViolation } from "./refusal";
import type { DueDateChargeInput, DueDateChargePatch } from "./service";

export const MAX_BATCH_ITEMS = 1000;

/** A batch refused as a whole; `propriedade` relative to the batch (`descricao`, `cobsv`). */
export class DueDateBatchRefused extends Error {
  constructor(readonly violations: DueDateViolation[]) {
    super(violations.map((v) => `${v.propriedade}: ${v.razao}`).join("; "));
    this.name = "DueDateBatchRefused";
  }
}

export type CreateItemInput = Omit<DueDateChargeInput, "userId" | "txId">;

/** One item as the door hands it in: the service's input, or the violations of its schema. */
export type SubmittedItem<Input> = { txId: string; request: unknown } & (
  | { input: Input; violations?: undefined }
  | { input?: undefined; violations: DueDateViolation[] }
);

/** What an item's refusal is stored as: violations of the cobv, or "no such cobv" (a revision's). */
export type ItemProblem = { violations: DueDateViolation[] } | { notFound: true };

/** `input` as JSON (a location id is a bigint) and back. */
const toJson = (input: object) =>
  JSON.parse(JSON.stringify(input, (_, v) => (typeof v === "bigint" ? v.toString() : v))) as Prisma.InputJsonValue;
export function storedInput<T extends { locationId?: bigint }>(json: unknown): T {
  const { locationId, ...rest } = json as { locationId?: string };
  return { ...rest, ...(locationId !== undefined ? { locationId: BigInt(locationId) } : {}) } as T;
}

type ItemWrite = {
  txId: string;
  status: BatchItemStatus;
  operation: "create" | "revise";
  input: Prisma.InputJsonValue;
  request: Prisma.InputJsonValue;
  problem: ItemProblem | null;
};

function itemWrite(item: SubmittedItem<object>, operation: ItemWrite["operation"]): ItemWrite {
  return {
    txId: item.txId,
    status: item.violations ? "NEGADA" : "EM_PROCESSAMENTO",
    operation,
    input: toJson(item.input ?? {}),
    request: (item.request ?? {}) as Prisma.InputJsonValue,
    problem: item.violations ? { violations: item.violations } : null,
  };
}

function duplicates(items: { txId: string }[]): DueDateViolation[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const { txId } of items) (seen.has(txId) ? twice : seen).add(txId);
  return [...twice].map((txId) => ({ propriedade: "cobsv", razao: `O txid ${txId} aparece mais de uma vez no lote.` }));
}

async function lockBatch(tx: Tx, userId: string, id: bigint) {
  const [row] = await tx.$queryRaw<{ id: bigint }[]>`
    SELECT id FROM due_date_batches WHERE user_id = ${userId}::uuid AND id = ${id} FOR UPDATE`;
  if (!row) return null;
  const items = await tx.$queryRaw<{ tx_id: string; status: string; operation: string; input: unknown }[]>`
    SELECT tx_id, status, operation, input FROM due_date_batch_items
     WHERE user_id = ${userId}::uuid AND batch_id = ${id} ORDER BY position FOR UPDATE`;
  return items;
}

/** Re-submits items of a locked batch: each back to EM_PROCESSAMENTO (or NEGADA), set-based. */
async function rewriteItems(tx: Tx, userId: string, writes: ItemWrite[], now: Date) {
  await tx.$executeRaw`
    UPDATE due_date_batch_items i
       SET status = v.status, operation = v.operation, input = v.input::jsonb, request = v.request::jsonb,
           problem = v.problem::jsonb, submitted_at = ${now},
           processed_at = CASE WHEN v.status = 'NEGADA' THEN ${now}::timestamptz ELSE NULL END
      FROM unnest(${writes.map((w) => w.txId)}::text[], ${writes.map((w) => w.status)}::text[],
                  ${writes.map((w) => w.operation)}::text[], ${writes.map((w) => JSON.stringify(w.input))}::text[],
                  ${writes.map((w) => JSON.stringify(w.request))}::text[],
                  ${writes.map((w) => (w.problem ? JSON.stringify(w.problem) : null))}::text[])
           AS v(tx_id, status, operation, input, request, problem)
     WHERE i.tx_id = v.tx_id AND i.user_id = ${userId}::uuid`;
}

/**
 * PUT /lotecobv/{id}: a new batch of new cobv, or — the batch existing — every one of its cobv
 * requested again (exactly the same txids). Refused whole when a txid repeats, a cobv of a new
 * batch already exists or belongs to another batch, or the txids differ from the batch's.
 */
export async function submitDueDateBatch(
  db: Db,
  userId: string,
  id: bigint,
  batch: { description: string; items: SubmittedItem<CreateItemInput>[] },
  { now = new Date() }: { now?: Date } = {},
): Promise<void> {
  const repeated = duplicates(batch.items);
  if (repeated.length) throw new DueDateBatchRefused(repeated);
  const txIds = batch.items.map((item) => item.txId);
  // Two submissions of a new batch (or of the same txids) at once: the second, refused by the
  // unique keys, runs again and meets the first's rows.
  await onceMoreIfRaced(() =>
    db.$transaction(async (tx) => {
      const current = await lockBatch(tx, userId, id);
      if (current) {
        const same = current.length === txIds.length && current.every((item) => txIds.includes(item.tx_id));
        if (!same) {
          throw new DueDateBatchRefused([
            {
              propriedade: "cobsv",
              razao: "Um lote existente só pode ser reenviado com exatamente as mesmas cobranças (os mesmos txids).",
            },
          ]);
        }
        await tx.dueDateBatch.update({
          where: { userId_id: { userId, id } },
          data: { description: batch.description },
        });
        await rewriteItems(
          tx,
          userId,
          batch.items.map((item) => itemWrite(item, "create")),
          now,
        );
        return;
      }
      const [charges, held] = await Promise.all([
        tx.charge.findMany({ where: { txId: { in: txIds } }, select: { txId: true } }),
        tx.dueDateBatchItem.findMany({ where: { txId: { in: txIds } }, select: { txId: true } }),
      ]);
      const violations = [
        ...charges.map(({ txId }) => ({ propriedade: "cobsv", razao: `A cobrança de txid ${txId} já existe.` })),
        ...held.map(({ txId }) => ({ propriedade: "cobsv", razao: `O txid ${txId} já pertence a outro lote.` })),
      ];
      if (violations.length) throw new DueDateBatchRefused(violations);
      await tx.dueDateBatch.create({ data: { userId, id, description: batch.description, createdAt: now } });
      await tx.dueDateBatchItem.createMany({
        data: batch.items.map((item, position) => {
          const write = itemWrite(item, "create");
          return {
            ...write,
            problem: (write.problem ?? undefined) as Prisma.InputJsonValue | undefined,
            userId,
            batchId: id,
            position,
            submittedAt: now,
            processedAt: write.status === "NEGADA" ? now : null,
          };
        }),
      });
    }),
  );
}

async function onceMoreIfRaced(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    await work();
  }
}

/** A revision merged into a cobv not created yet (its item NEGADA or still waiting): a new request. */
function mergeRevision(create: CreateItemInput, patch: DueDateChargePatch): CreateItemInput {
  const { remove: _, valor, ...changes } = patch;
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  return { ...create, ...defined, valor: { ...create.valor, ...(valor ?? {}) } } as CreateItemInput;
}

/**
 * PATCH /lotecobv/{id}: some of the batch's cobv revised. A created one gets the revision; one
 * not created yet is requested again with the revision merged into its last request. Refused
 * whole when a txid is not of the batch; 404 when the batch is not the caller's.
 */
export async function reviseDueDateBatch(
  db: Db,
  userId: string,
  id: bigint,
  batch: { description?: string | undefined; items: SubmittedItem<DueDateChargePatch>[] },
  { now = new Date() }: { now?: Date } = {},
): Promise<void> {
  const repeated = duplicates(batch.items);
  await db.$transaction(async (tx) => {
    const current = await lockBatch(tx, userId, id);
    if (!current) throw notFound("batch not found");
    const byTxId = new Map(current.map((item) => [item.tx_id, item]));
    const strangers = batch.items.filter((item) => !byTxId.has(item.txId));
    const violations = [
      ...repeated,
      ...strangers.map(({ txId }) => ({ propriedade: "cobsv", razao: `O txid ${txId} não pertence a este lote.` })),
    ];
    if (violations.length) throw new DueDateBatchRefused(violations);
    if (batch.description !== undefined) {
      await tx.dueDateBatch.update({ where: { userId_id: { userId, id } }, data: { description: batch.description } });
    }
    const created = new Set(
      (
        await tx.charge.findMany({
          where: { userId, txId: { in: batch.items.map((i) => i.txId) } },
          select: { txId: true },
        })
      ).map((c) => c.txId),
    );
    const writes = batch.items.map((item): ItemWrite => {
      if (item.violations || created.has(item.txId)) return itemWrite(item, "revise");
      const stored = byTxId.get(item.txId);
      const storedCreate = stored?.operation === "create" ? storedInput<CreateItemInput>(stored.input) : null;
      if (!storedCreate?.debtor || item.input.remove) {
        return itemWrite(
          {
            txId: item.txId,
            request: item.request,
            violations: [
              { propriedade: "txid", razao: "A cobrança não foi criada; reenvie-a completa pelo PUT do lote." },
            ],
          },
          "revise",
        );
      }
      return itemWrite({ ...item, input: mergeRevision(storedCreate, item.input) }, "create");
    });
    await rewriteItems(tx, userId, writes, now);
  });
}

export type DueDateBatchWithItems = DueDateBatch & { items: DueDateBatchItem[] };

const withItems = { items: { orderBy: { position: "asc" } } } as const;

/** The caller's batch and its items in order; 404 when unknown or someone else's. */
export async function getDueDateBatch(db: Db | Tx, userId: string, id: bigint): Promise<DueDateBatchWithItems> {
  const batch = await db.dueDateBatch.findUnique({ where: { userId_id: { userId, id } }, include: withItems });
  if (!batch) throw notFound("batch not found");
  return batch;
}

/** A page (0-based) of the caller's batches created in [inicio, fim], oldest first, and the total. */
export async function listDueDateBatches(
  db: Db | Tx,
  userId: string,
  filters: { inicio: Date; fim: Date; page: number; size: number },
) {
  const where = { userId, createdAt: { gte: filters.inicio, lte: filters.fim } };
  const [batches, total] = await Promise.all([
    db.dueDateBatch.findMany({
      where,
      include: withItems,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      skip: Math.min(filters.page * filters.size, 2_000_000_000),
      take: filters.size,
    }),
    db.dueDateBatch.count({ where }),
  ]);
  return { batches, total };
}
