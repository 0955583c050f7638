/**
 * `npm run test:cluster`: the cluster test (issue 36). Two web processes and two workers (on the
 * production build, made first when there is none) on one PostgreSQL and one Redis take the crash
 * test's mixed load (scripts/crash/load.ts) spread round-robin over both webs, plus statement
 * requests; CLUSTER_ROUNDS times (default 4; `npm test` runs 2) one web and one worker picked at
 * random are `kill -9`ed at random moments and restarted. Then the crash test's auditor
 * (`ledger verify`, every 2xx operation once, every delivery received) and scripts/cluster/checks.ts
 * (statements done, queued payouts done, receipts by event id, a throttle shared over the webs).
 *
 * Redis is required: REDIS_URL, or redis://127.0.0.1:6379 when unset (CI runs `npm test` with
 * REDIS_URL unset on a machine that has Redis there); unreachable, the test fails at once.
 */
import { Redis } from "ioredis";
import {
  checkQueuedPayouts,
  checkSharedThrottle,
  checkStatements,
  checkWebhookReceipts,
  requestStatements,
  roundRobin,
} from "./cluster/checks";
import { auditStack } from "./crash/audit";
import { runLoad } from "./crash/load";
import type { Managed } from "./crash/processes";
import { startStack } from "./crash/stack";
import { verdict } from "./crash/verdict";
import type { Operation } from "./crash/wire";
import { runDrill } from "./drill/cleanup";

const ROUNDS = Number(process.env.CLUSTER_ROUNDS ?? 4);
const CONCURRENCY = Number(process.env.CLUSTER_CONCURRENCY ?? 8);
const LEASE_MS = Number(process.env.CLUSTER_LEASE_MS ?? 45_000);
/**
 * low, so that some cash-outs queue (202 queued) and the workers must drain them; the queue then
 * drains at this rate, so the audit gives the workers SETTLE_MS (a fast machine queues more cash-outs
 * in the same seconds of load: at 8 a minute, 71 queued once took longer than 120 s)
 */
const DICT_QUOTA = process.env.CLUSTER_DICT_QUOTA ?? "20";
const SETTLE_MS = Number(process.env.CLUSTER_SETTLE_MS ?? 420_000);
const AUTH_FAILURES_PER_CLIENT = 10;
const FUND_CENTS = 100_000_000n;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));

const started = Date.now();
const log = (message: string) => console.log(`[cluster ${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);

process.env.REDIS_URL ||= "redis://127.0.0.1:6379";
const redisAt = process.env.REDIS_URL.replace(/:[^:@/]+@/, ":***@");
const probe = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3_000 });
try {
  await probe.connect();
  await probe.ping();
  probe.disconnect();
} catch (error) {
  console.error(`[cluster] Redis is required and does not answer at ${redisAt}: ${(error as Error).message}`);
  console.error("[cluster] start one (redis-server) or set REDIS_URL");
  process.exit(1);
}

log(`fresh database, Redis at ${redisAt}, 5 merchants, 2 webs and 2 workers (${ROUNDS} rounds of kill -9)`);
const clusterDrill = async (): Promise<boolean> => {
  const stack = await startStack({
    name: "pix_cluster",
    merchants: 5,
    fundCents: FUND_CENTS,
    webs: 2,
    workers: 2,
    env: {
      DICT_QUOTA_PER_MINUTE: DICT_QUOTA,
      AUTH_FAILURES_PER_CLIENT_PER_MINUTE: String(AUTH_FAILURES_PER_CLIENT),
      TRUSTED_PROXIES: "127.0.0.1",
    },
  });
  const spread = roundRobin(stack.baseUrls);
  const ops: Operation[] = [];
  const load = runLoad(spread.client, stack.merchants, stack.receiverUrl, CONCURRENCY, (op) => ops.push(op));
  const statements = requestStatements(spread.client, stack.merchants, 1_000);
  const killAndRestart = async (victim: Managed, restart: () => Promise<void>, label: string) => {
    await victim.kill("SIGKILL");
    // the balancer's health check takes a dead web out of the rotation until it is back
    if (victim.role === "web") spread.down.add(stack.webs.indexOf(victim));
    log(`kill -9 ${label} after ${ops.length} operations`);
    await sleep(between(200, 1_500));
    await restart();
  };
  for (let round = 1; round <= ROUNDS; round++) {
    await sleep(between(1_500, 5_000));
    const w = between(0, stack.webs.length);
    const k = between(0, stack.workers.length);
    const worker = stack.workers[k] as Managed;
    // the worker dies at its own random moment, while the web is down or after it came back
    const restartWeb = async () => {
      await stack.startWeb(w);
      spread.down.delete(w);
    };
    await Promise.all([
      killAndRestart(stack.webs[w] as Managed, restartWeb, `web ${w + 1}`),
      sleep(between(0, 3_000)).then(() => killAndRestart(worker, async () => worker.start(), `worker ${k + 1}`)),
    ]);
    log(`round ${round} done`);
  }
  await sleep(2_000);
  await Promise.all([load.stop(), statements.stop()]);
  log(
    `load stopped: ${ops.length} operations and ${statements.requests.length} statement requests; requests per web ${spread.sent.join(" / ")}; auditing`,
  );

  const result = await auditStack({ ...stack, baseUrl: stack.baseUrls[1] as string }, ops, {
    initialCents: FUND_CENTS,
    leaseMs: LEASE_MS,
    settleMs: SETTLE_MS,
  });
  const db = stack.db();
  const checks = [
    await checkStatements(db, statements.requests, 60_000),
    await checkQueuedPayouts(db),
    await checkWebhookReceipts(db, stack.receipts()),
    await checkSharedThrottle(stack.baseUrls, AUTH_FAILURES_PER_CLIENT),
  ];
  for (const fact of [...result.facts, ...checks.map((c) => c.fact)]) log(fact);
  result.problems.push(...checks.flatMap((c) => c.problems));
  log(
    `restarts: webs ${stack.webs.map((p) => p.starts - 1).join(" / ")}, workers ${stack.workers.map((p) => p.starts - 1).join(" / ")}`,
  );
  const failed = verdict(result, [...stack.webs, ...stack.workers], stack.logs, log);
  await stack.stop();
  return failed;
};

await runDrill(clusterDrill, { log });
