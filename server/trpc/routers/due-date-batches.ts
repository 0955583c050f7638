/**
 * The dashboard's CSV upload of due-date charges: the file becomes one batch (the same batch
 * service and worker as API Pix `lotecobv`), and the page follows each row's result.
 */
import { z } from "zod";
import { assertActive } from "../../accounts/rules";
import { ownedAccount } from "../../accounts/service";
import {
  DueDateBatchRefused,
  type DueDateBatchWithItems,
  getDueDateBatch,
  type ItemProblem,
  submitDueDateBatch,
} from "../../charges/due-date/batch";
import { batchItemsOfCsv, type CsvViolation, csvColumnOf } from "../../charges/due-date/batch-csv";
import { db } from "../../db/client";
import { invalid } from "../../errors";
import { AccountId } from "../../fields/ids";
import { can, createTRPCRouter } from "../init";

/** A CSV of 1,000 rows with every column is well under this. */
const MAX_CSV_CHARS = 1_000_000;

const BatchId = z.string().regex(/^\d{1,15}$/, "must be the batch's number");

/** Each row's result: its line in the file (the header is line 1), txid, status and problems. */
function batchRows(batch: DueDateBatchWithItems) {
  const rows = batch.items.map((item) => {
    const problem = item.problem as ItemProblem | null;
    const problems =
      item.status !== "NEGADA" || !problem
        ? []
        : "notFound" in problem
          ? [{ column: "txid", reason: "A cobrança não existe.", code: null }]
          : (problem.violations as CsvViolation[]).map((v) => ({
              column: csvColumnOf(v.propriedade),
              reason: v.razao,
              code: v.code ?? null,
            }));
    return { line: item.position + 2, txId: item.txId, status: item.status, problems };
  });
  const count = (status: string) => rows.filter((row) => row.status === status).length;
  return {
    id: batch.id.toString(),
    fileName: batch.description,
    createdAt: batch.createdAt,
    rows,
    created: count("CRIADA"),
    refused: count("NEGADA"),
    pending: count("EM_PROCESSAMENTO"),
  };
}

export const dueDateBatchesRouter = createTRPCRouter({
  /** The file's rows as one batch on `accountId` (its oldest PIX key receives them). */
  upload: can("charges.write")
    .input(z.object({ accountId: AccountId, fileName: z.string().max(200), csv: z.string().max(MAX_CSV_CHARS) }))
    .mutation(async ({ ctx, input }) => {
      assertActive(await ownedAccount(db(), input.accountId, ctx.tenantId));
      const items = batchItemsOfCsv(input.csv, input.accountId);
      const id = BigInt(Date.now());
      try {
        await submitDueDateBatch(db(), ctx.tenantId, id, { description: input.fileName || "CSV", items });
      } catch (error) {
        if (!(error instanceof DueDateBatchRefused)) throw error;
        throw invalid(error.message, "csv", "CSV_TXID_TAKEN");
      }
      return { id: id.toString() };
    }),

  get: can("charges.read")
    .input(z.object({ id: BatchId }))
    .query(async ({ ctx, input }) => batchRows(await getDueDateBatch(db(), ctx.tenantId, BigInt(input.id)))),
});
