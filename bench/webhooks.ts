/**
 * `npm run bench:webhooks`: webhook throughput and latency. N merchants, each with a gateway
 * registration (every PIX event) and an account-surface configuration (`*`) pointing at a local
 * receiver that answers 204. Drivers commit ledger movements through the services (sandbox PIX
 * credits, and charges created then paid) for BENCH_SECONDS while the worker's outbox relay and
 * delivery loop run in this process — on a thread of their own, as `npm run worker` runs them in a
 * process of their own (bench/webhooks-thread.ts); the receiver has a thread too. Reports the ledger's commit
 * rate, deliveries created and delivered per second, the latency from commit (outbox created_at)
 * to the first attempt's start, and expiries; then, as a second phase, the worker's capacity: a
 * backlog committed while it is stopped, drained once it starts.
 * Uses DATABASE_URL's server when set, otherwise an embedded PostgreSQL.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { dropDatabase, ensureDatabase } from "../server/db/embedded";
import { benchServer } from "./support/server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 50);
const DRIVERS = Number(process.env.BENCH_DRIVERS ?? 8);
const BACKLOG_SECONDS = Number(process.env.BENCH_BACKLOG_SECONDS ?? 5);
const bin = (name: string) => path.resolve("node_modules/.bin", name);

const { embedded, adminUrl, urlFor } = await benchServer();
const benchDb = `pix_bench_webhooks_${Date.now()}`;

type ThreadMessage = { ready?: boolean; stopped?: boolean; port?: number };
/** Starts a thread of bench/webhooks-thread.ts and waits for it to be ready. */
async function thread(role: "worker" | "receiver") {
  const worker = new Worker(new URL("./webhooks-thread.ts", import.meta.url), {
    workerData: { role },
    env: process.env,
  });
  const first = await new Promise<ThreadMessage>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    ...first,
    stop: async () => {
      const stopped = new Promise((resolve) => worker.once("message", resolve));
      worker.postMessage("stop");
      await stopped;
      await worker.terminate();
    },
  };
}

const receiver = await thread("receiver");
const target = `http://127.0.0.1:${receiver.port}`;

async function cleanup() {
  await receiver.stop().catch(() => {});
  await dropDatabase(adminUrl, benchDb).catch(() => {});
  await embedded?.stop();
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

try {
  console.log(`▸ database ${benchDb}: migrate, ${MERCHANTS} merchants with a registration and a configuration each`);
  await ensureDatabase(adminUrl, benchDb);
  process.env.DATABASE_URL = urlFor(benchDb);
  process.env.LOG_LEVEL = "warn";
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "true"; // the receiver is on 127.0.0.1
  process.env.SANDBOX_SETTLEMENT_DELAY_MS = "0";
  execFileSync(bin("prisma"), ["migrate", "deploy"], { stdio: "ignore", env: process.env });

  const { createMerchant } = await import("../server/accounts/merchants");
  const { createCharge } = await import("../server/charges/service");
  const { payChargeFromOutside } = await import("../server/charges/payment");
  const { db, disconnectDb } = await import("../server/db/client");
  const { creditIncomingPix } = await import("../server/transfers/incoming");
  const { createWebhookConfig } = await import("../server/webhooks/account-configs");
  const { GATEWAY_EVENTS } = await import("../server/webhooks/catalog");
  const { registerGatewayWebhook } = await import("../server/webhooks/gateway");

  const merchants: { userId: string; accountId: string }[] = [];
  for (let i = 0; i < MERCHANTS; i++) {
    const m = await createMerchant(db(), {
      name: `Bench ${i}`,
      document: "11222333000181",
      email: `bench-${i}@bench.test`,
      password: "bench-password-1",
      ipWhitelist: ["127.0.0.1"],
    });
    await registerGatewayWebhook(db(), m.userId, {
      url: `${target}/gw/${i}`,
      events: GATEWAY_EVENTS.filter((e) => e !== "webhook.test"),
      allowInsecure: true,
    });
    await createWebhookConfig(db(), m.userId, { event: ["*"], targetUrl: `${target}/acct/${i}` });
    merchants.push({ userId: m.userId, accountId: m.accountId });
  }

  let errors = 0;
  /** DRIVERS concurrent loops committing for `seconds`: a credit, or a charge created then paid. */
  const drive = async (seconds: number) => {
    let commits = 0;
    const stopAt = Date.now() + seconds * 1000;
    const loop = async (n: number) => {
      for (let i = 0; Date.now() < stopAt; i++) {
        const m = merchants[(n * 7919 + i) % merchants.length] as (typeof merchants)[number];
        try {
          if (i % 2 === 0) {
            await creditIncomingPix(db(), { userId: m.userId, accountId: m.accountId, amountCents: 1000n });
            commits += 1;
          } else {
            const charge = await createCharge(db(), { userId: m.userId, accountId: m.accountId, amountCents: 500n });
            await payChargeFromOutside(db(), { userId: m.userId, txId: charge.txId });
            commits += 2;
          }
        } catch (error) {
          errors += 1;
          if (errors < 5) console.error(error);
        }
      }
    };
    await Promise.all(Array.from({ length: DRIVERS }, (_, n) => loop(n)));
    return commits;
  };
  const backlog = async () => {
    const [pending, unrelayed] = await Promise.all([
      db().webhookDelivery.count({ where: { status: "pending" } }),
      db().outboxEvent.count({ where: { publishedAt: null } }),
    ]);
    return { pending, unrelayed };
  };
  const drain = async () => {
    const start = Date.now();
    for (;;) {
      const { pending, unrelayed } = await backlog();
      if (pending === 0 && unrelayed === 0) return (Date.now() - start) / 1000;
      if (Date.now() - start > 240_000) throw new Error("not drained after 4 minutes");
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const delivered = () => db().webhookDelivery.count({ where: { status: "delivered" } });

  // Phase 1: the worker (as server/worker/main.ts starts it) keeps up while the ledger commits.
  let worker = await thread("worker");
  console.log(`▸ phase 1: ${DRIVERS} drivers commit for ${SECONDS}s while the worker delivers`);
  const started = new Date();
  const commits = await drive(SECONDS);
  const driveEnd = new Date();
  const driveSeconds = (driveEnd.getTime() - started.getTime()) / 1000;
  const atEnd = await backlog();
  const drainSeconds = await drain();
  await worker.stop();

  // Phase 2: capacity. Commit with the worker stopped, then start it and time the backlog's drain.
  console.log(`▸ phase 2: commit for ${BACKLOG_SECONDS}s with the worker stopped, then drain the backlog`);
  const before = await delivered();
  await drive(BACKLOG_SECONDS);
  const queued = await backlog();
  worker = await thread("worker");
  const capacitySeconds = await drain();
  const drained = (await delivered()) - before;
  await worker.stop();

  const windowed = await db().$queryRaw<{ created: bigint; delivered: bigint; events: bigint }[]>`
    SELECT (SELECT count(*) FROM webhook_deliveries WHERE created_at BETWEEN ${started} AND ${driveEnd}) AS created,
           (SELECT count(*) FROM webhook_deliveries WHERE delivered_at BETWEEN ${started} AND ${driveEnd}) AS delivered,
           (SELECT count(*) FROM outbox_events WHERE created_at BETWEEN ${started} AND ${driveEnd}) AS events`;
  const totals = await db().$queryRaw<{ status: string; n: bigint }[]>`
    SELECT status::text, count(*) AS n FROM webhook_deliveries GROUP BY status`;
  const byStatus = Object.fromEntries(totals.map((r) => [r.status, Number(r.n)]));
  const latencies = (
    await db().$queryRaw<{ ms: number }[]>`
      SELECT EXTRACT(EPOCH FROM (a.started_at - o.created_at)) * 1000 AS ms
        FROM webhook_attempts a
        JOIN webhook_deliveries d ON d.id = a.delivery_id
        JOIN outbox_events o ON o.id = d.source_event_id
       WHERE a.number = 1 AND o.created_at BETWEEN ${started} AND ${driveEnd}`
  )
    .map((r) => Number(r.ms))
    .sort((a, b) => a - b);
  await disconnectDb();

  const perSecond = (n: bigint | number | undefined) => Math.round(Number(n ?? 0) / driveSeconds);
  const result = {
    seconds: Number(driveSeconds.toFixed(1)),
    merchants: MERCHANTS,
    drivers: DRIVERS,
    "ledger commits/s": Math.round(commits / driveSeconds),
    "outbox events/s": perSecond(windowed[0]?.events),
    "deliveries created/s": perSecond(windowed[0]?.created),
    "deliveries delivered/s": perSecond(windowed[0]?.delivered),
    "pending deliveries when the drivers stopped": atEnd.pending,
    "unrelayed events when the drivers stopped": atEnd.unrelayed,
    "drain after the drivers stopped, s": Number(drainSeconds.toFixed(2)),
    "commit → first attempt p50 ms": Math.round(pct(latencies, 0.5)),
    "commit → first attempt p99 ms": Math.round(pct(latencies, 0.99)),
    "commit → first attempt max ms": Math.round(latencies.at(-1) ?? 0),
    "capacity: backlog (events + deliveries)": queued.unrelayed + queued.pending,
    "capacity: drained deliveries/s": Math.round(drained / capacitySeconds),
    delivered: byStatus.delivered ?? 0,
    expired: byStatus.expired ?? 0,
    failed: byStatus.failed ?? 0,
    "driver errors": errors,
  };
  console.table(Object.entries(result).map(([metric, value]) => ({ metric, value: String(value) })));
  mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/webhooks-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`results in ${file}`);
  await cleanup();
  const ok = result.expired === 0 && result.failed === 0 && result["commit → first attempt p99 ms"] < 1000;
  process.exit(ok ? 0 : 1);
} catch (error) {
  console.error(error);
  await cleanup();
  process.exit(1);
}
