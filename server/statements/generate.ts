/**
 * Building statements in the worker. The statement row is its own job: a worker claims it with
 * SKIP LOCKED and a lease, renews the lease with each progress write, and finishes only while it
 * still holds the lease. A crashed worker's lease runs out and another worker starts over (up to
 * MAX_ATTEMPTS); a worker that lost its lease cannot mark the statement done a second time.
 * With DATABASE_REPLICA_URL set, the rows are read from the replica once it holds the request
 * (rowSource); every write of the job stays on the primary.
 */
import type pg from "pg";
import { resolveLocale } from "../../i18n/config";
import { config } from "../config";
import type { Db } from "../db/client";
import { replicaPool } from "../db/pool";
import { primaryLsn, waitForReplay } from "../db/replica";
import { exportLabels, labelOf } from "../exports/labels";
import type { Statement } from "../generated/prisma/client";
import { documentIntl } from "../i18n/documents";
import { logger } from "../logger";
import { storage } from "../storage";
import { startPollingLoop } from "../worker/loop";
import { csvStatement } from "./csv";
import { countEntries, periodEntries, periodSummary } from "./data";
import { ofxStatement, periodMovements } from "./ofx";
import { pdfColumns } from "./pdf-cells";
import { renderStatementPdf, tableLayout } from "./pdf-render";
import { type StatementRow, withRunningBalance } from "./rows";
import type { StatementOptions } from "./schema";
import { reportFileName, storageKey } from "./service";

export const LEASE_MS = 2 * 60_000;
export const MAX_ATTEMPTS = 3;
const PROGRESS_EVERY = 500;

export type GenerateDeps = {
  db: Db;
  pool: pg.Pool;
  workerId: string;
  now: () => Date;
  /** how long to wait for the replica to replay the claim (REPLAY_WAIT_MS by default) */
  replicaWaitMs?: number;
};

export class LeaseLost extends Error {
  constructor(id: string) {
    super(`lease on statement ${id} lost`);
    this.name = "LeaseLost";
  }
}

type Claim = { id: string; attempts: number };

/** Claims the oldest new statement, or one whose worker stopped renewing its lease. */
export async function claimStatement(deps: GenerateDeps, only?: string): Promise<Claim | null> {
  const now = deps.now();
  const result = await deps.pool.query<Claim>(
    `UPDATE statements SET status = 'processing', attempts = attempts + 1, lease_owner = $1,
            lease_until = $2, rows_written = 0, updated_at = $3
      WHERE id = (SELECT id FROM statements
                   WHERE (status = 'new' OR (status = 'processing' AND lease_until < $3))
                     AND ($4::uuid IS NULL OR id = $4)
                   ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, attempts`,
    [deps.workerId, new Date(now.getTime() + LEASE_MS), now, only ?? null],
  );
  return result.rows[0] ?? null;
}

async function renew(deps: GenerateDeps, id: string, fields: { rowsWritten?: number; rowsTotal?: number }) {
  const now = deps.now();
  const result = await deps.pool.query(
    `UPDATE statements SET rows_written = coalesce($3, rows_written), rows_total = coalesce($4, rows_total),
            lease_until = $5, updated_at = $6
      WHERE id = $1 AND lease_owner = $2 AND status = 'processing'`,
    [id, deps.workerId, fields.rowsWritten ?? null, fields.rowsTotal ?? null, new Date(now.getTime() + LEASE_MS), now],
  );
  if (result.rowCount === 0) throw new LeaseLost(id);
}

async function fail(deps: GenerateDeps, id: string, code: string, message: string) {
  await deps.pool.query(
    `UPDATE statements SET status = 'failed', error_code = $3, error_message = $4, lease_owner = NULL,
            lease_until = NULL, updated_at = $5
      WHERE id = $1 AND lease_owner = $2 AND status = 'processing'`,
    [id, deps.workerId, code, message, deps.now()],
  );
}

/**
 * What the PDF shows: the summary and the rows with their running balance, read in one snapshot
 * so the totals, the balances and the rows agree even while new entries arrive. Laid-out rows
 * are small (10,000 of them are a few MB); the rendering is what is chunked.
 */
export async function pdfModel(
  deps: Pick<GenerateDeps, "pool" | "now">,
  statement: Pick<Statement, "accountId" | "startAt" | "endAt" | "locale">,
  options: StatementOptions,
  onRow?: (row: StatementRow) => void,
) {
  const period = { accountId: statement.accountId, startAt: statement.startAt, endAt: statement.endAt };
  const intl = documentIntl(statement.locale);
  const client = await deps.pool.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const summary = await periodSummary(client, period);
    const input = {
      platformName: config().PLATFORM_NAME,
      generatedAt: deps.now(),
      accountId: statement.accountId,
      period: { startAt: statement.startAt, endAt: statement.endAt },
      summary,
      options,
      intl,
    };
    const layout = tableLayout(input, pdfColumns(options));
    if (options.sections.transactionTable) {
      for await (const row of withRunningBalance(periodEntries(client, period), summary.openingCents)) {
        onRow?.(row);
        layout.add(row);
      }
    }
    await client.query("COMMIT");
    return { input, table: layout.table() };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Where the statement's rows are read (docs/decisions/0048): the replica when one is configured and
 * has replayed, within the wait, the primary's WAL position taken after this claim committed —
 * past the request and every write its requester made before it; the primary otherwise.
 */
async function rowSource(deps: GenerateDeps): Promise<pg.Pool> {
  const replica = replicaPool();
  if (!replica) return deps.pool;
  const lsn = await primaryLsn(deps.pool);
  if (await waitForReplay(replica, lsn, deps.replicaWaitMs)) return replica;
  logger().warn({ lsn }, "the replica has not replayed the statement's claim; reading the primary");
  return deps.pool;
}

/** Writes the statement's file from `reads` (its rows' source); progress and lease on the primary. */
async function writeFile(deps: GenerateDeps, claimId: string, statement: Statement, reads: pg.Pool) {
  const period = { accountId: statement.accountId, startAt: statement.startAt, endAt: statement.endAt };
  const options = statement.options as StatementOptions;
  const rowsTotal =
    options.sections.transactionTable && statement.format !== "ofx" ? await countEntries(reads, period) : 0;
  await renew(deps, claimId, { rowsTotal });
  const progress = async (rows: number) => {
    if (rows % PROGRESS_EVERY === 0 || rows === rowsTotal) await renew(deps, claimId, { rowsWritten: rows });
  };

  const key = storageKey(statement);
  const locale = resolveLocale(statement.locale);
  if (statement.format === "csv") {
    const summary = await periodSummary(reads, period);
    const file = csvStatement(periodEntries(reads, period), options, progress, { summary, period, locale });
    const { sizeBytes } = await storage().put(key, file.chunks, file.contentType);
    return { key, sizeBytes, extension: file.extension };
  }
  if (statement.format === "ofx") {
    const summary = await periodSummary(reads, period);
    const reasons = exportLabels(locale).reasons;
    const movements = periodMovements(reads, period, (reason) => labelOf(reasons, reason));
    const context = { summary, period, bankId: config().PLATFORM_ISPB, now: deps.now() };
    const { sizeBytes } = await storage().put(key, ofxStatement(movements, context, progress), "application/x-ofx");
    return { key, sizeBytes, extension: statement.format };
  }
  const { input, table } = await pdfModel({ pool: reads, now: deps.now }, statement, options);
  const pdf = await renderStatementPdf(input, table, (rendered) => renew(deps, claimId, { rowsWritten: rendered }));
  const { sizeBytes } = await storage().put(key, [pdf], "application/pdf");
  return { key, sizeBytes, extension: statement.format };
}

/**
 * Builds the claimed statement's file and marks it done, if this worker still holds the lease.
 * Its rows come from rowSource; the statement itself, its progress and its end from the primary.
 */
export async function buildClaimed(deps: GenerateDeps, claim: Claim): Promise<void> {
  const statement = await deps.db.statement.findUniqueOrThrow({ where: { id: claim.id } });
  if (claim.attempts > MAX_ATTEMPTS) {
    await fail(deps, claim.id, "GENERATION_FAILED", "The statement could not be generated; request it again");
    return;
  }
  const reads = await rowSource(deps);
  let file: Awaited<ReturnType<typeof writeFile>>;
  try {
    file = await writeFile(deps, claim.id, statement, reads);
  } catch (error) {
    if (reads === deps.pool || error instanceof LeaseLost) throw error;
    // the replica went away mid-file, or cancelled a read in conflict with its recovery
    logger().warn({ err: error, statementId: claim.id }, "reading the replica failed; building from the primary");
    file = await writeFile(deps, claim.id, statement, deps.pool);
  }

  const done = await deps.pool.query(
    `UPDATE statements SET status = 'done', report_id = $3, report_path = $4, size_bytes = $5,
            lease_owner = NULL, lease_until = NULL, updated_at = $6
      WHERE id = $1 AND lease_owner = $2 AND status = 'processing'`,
    [claim.id, deps.workerId, reportFileName(statement, file.extension), file.key, file.sizeBytes, deps.now()],
  );
  if (done.rowCount === 0) throw new LeaseLost(claim.id);
}

/** One pass: claim a statement (`only` that one, in tests) and build it. False when there was nothing to do. */
export async function processNextStatement(deps: GenerateDeps, only?: string): Promise<boolean> {
  const claim = await claimStatement(deps, only);
  if (!claim) return false;
  try {
    await buildClaimed(deps, claim);
  } catch (error) {
    if (error instanceof LeaseLost) {
      logger().warn({ statementId: claim.id }, "statement lease lost; another worker owns it");
      return true;
    }
    logger().error({ err: error, statementId: claim.id }, "statement generation failed");
    await fail(deps, claim.id, "GENERATION_FAILED", "The statement could not be generated; request it again");
  }
  return true;
}

/** The worker's loop: drains the queue, then polls. */
export const startStatementLoop = (deps: Omit<GenerateDeps, "now">, pollMs = 1000) =>
  startPollingLoop("statement", () => processNextStatement({ ...deps, now: () => new Date() }), pollMs);
