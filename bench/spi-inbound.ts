/**
 * `npm run bench:spi-inbound`: inbound PIX through the SPI connector (network.md §2.3: ACSP/RJCT
 * within 2 s p99 of delivery). A fresh database with one merchant and its PIX key; the network
 * simulator as its own process (`server/network-simulator/main.ts`, signing both ways, settlement
 * 5 ms after the answer), as the real SPI is not in the platform's process; the stream reader
 * (SPI_STREAMS, default 6 here) and the outbox relay in this process as the worker runs them.
 * BENCH_SIMULATOR=inline puts the simulator in this process instead (the first figures' setup).
 *
 * Credits to the key are paid through the control API at 50/s for 20 s, then stepped up (15 s a
 * step: 100, 200, 300, 500, 700, 1000…) until a step is not held. A step is held when the answer
 * p99 (the simulator's delivery → pacs.002) is ≤ 2 s, so is the p99 from the payment order (the
 * wait in the network's queue included: a reader that falls behind shows here), and within the
 * drain every payment is answered ACSP, settled and credited exactly once.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { dropDatabase } from "../server/db/embedded";
import { fundedMerchants } from "./support/funded";
import { load, pgbenchTps } from "./support/pgbench";
import { benchServer } from "./support/server";

const FIRST_RATE = Number(process.env.BENCH_FIRST_RATE ?? 50);
const FIRST_SECONDS = Number(process.env.BENCH_FIRST_SECONDS ?? 20);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 15);
const RATES = (process.env.BENCH_RATES ?? "100,200,300,500,700,1000,1400").split(",").map(Number);
const STREAMS = Number(process.env.SPI_STREAMS ?? 6);
const DRAIN_MS = Number(process.env.BENCH_DRAIN_MS ?? 10_000);
const TIME_BUDGET_MS = Number(process.env.BENCH_MAX_SECONDS ?? 240) * 1000;
const INLINE = process.env.BENCH_SIMULATOR === "inline";
const MAX_IN_FLIGHT = 2000;
const LIMIT_MS = 2000;
const COMMAND = "DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:spi-inbound";

type Tx = {
  id?: string;
  endToEndId?: string;
  state: string;
  createdAt: string;
  answer?: { receivedAt: string } | null;
  answerStatus: string | null;
  answerTimeMs: number | null;
};
type Step = {
  offered: number;
  sent: number;
  "settled/s": number;
  "p50 ms": number;
  "p99 ms": number;
  "order→answer p99 ms": number;
  rejected: number;
  unanswered: number;
  "not credited once": number;
  /** this process's CPU (the connector, the bench's payment calls; inline, the simulator too) per payment answered */
  "CPU ms/answer": number;
  load: string;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number) : NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The simulator as `npm run network` runs it, on a free port; resolves with its base URL. */
async function simulatorProcess(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/network-simulator/main.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on("line", (line) => {
      const found = /simulator at (http:\/\/[^ ]+) /.exec(line);
      if (found) resolve(found[1] as string);
    });
    child.once("exit", (code) => reject(new Error(`the simulator exited (${code}) before listening`)));
  });
  return { url, child };
}

const started = Date.now();
const { embedded, adminUrl, urlFor } = await benchServer();
const name = `pix_bench_spi_${Date.now()}`;
let stopNetwork: (() => Promise<void>) | null = null;
let exitCode = 1;
try {
  console.log(
    `▸ database ${name}: one merchant with a PIX key; SPI_STREAMS=${STREAMS}; simulator ${INLINE ? "in this process" : "in its own process"}; load ${load()}`,
  );
  const [merchant] = await fundedMerchants({ adminUrl, urlFor }, name, 1, "spi");
  const { db, disconnectDb } = await import("../server/db/client");
  const { pool, closePool } = await import("../server/db/pool");
  const accountId = (merchant as { accountId: string }).accountId;
  const key = `bench-${randomUUID().slice(0, 8)}@example.com`;
  await db().pixKey.create({ data: { id: randomUUID(), accountId, type: "EMAIL", key, isCurrent: true } });

  process.env.SPI_STREAMS = String(STREAMS);
  const { startNetwork, PSP_ISPB } = await import("../tests/network/support");
  let base: string;
  if (INLINE) {
    const net = await startNetwork({
      simulator: { settlementDelayMs: 5, institutionAnswerMs: 5 },
      reader: { streams: STREAMS, readerId: `bench:${process.pid}` },
    });
    stopNetwork = () => net.stop();
    base = net.url;
  } else {
    const { generateIdentity } = await import("../server/network-simulator/signing");
    const [network, platform] = await Promise.all([
      generateIdentity("bench network"),
      generateIdentity("bench platform"),
    ]);
    const dir = mkdtempSync(path.join(tmpdir(), "pix-bench-spi-"));
    const file = (fileName: string, pem: string) => {
      const target = path.join(dir, fileName);
      writeFileSync(target, pem);
      return target;
    };
    const simulator = await simulatorProcess({
      NETWORK_PORT: "0",
      NETWORK_SIGNING_KEY: file("network.key", network.privateKeyPem),
      NETWORK_SIGNING_CERT: file("network.pem", network.certificatePem),
      NETWORK_PARTICIPANT_CERT: file("platform.pem", platform.certificatePem),
      NETWORK_SETTLEMENT_DELAY_MS: "5",
      NETWORK_ECHO_INTERVAL_MS: "3600000",
    });
    base = simulator.url;
    Object.assign(process.env, {
      PIX_RAIL: "network",
      PSP_ISPB,
      SPI_URL: `${base}/spi`,
      DICT_URL: `${base}/dict/api/v1`,
      PIX_SIGNING_KEY: file("platform.key", platform.privateKeyPem),
      PIX_SIGNING_CERT: file("platform-signing.pem", platform.certificatePem),
      PIX_NETWORK_CERT: file("network-cert.pem", network.certificatePem),
    });
    const { resetConfigForTests } = await import("../server/config");
    resetConfigForTests();
    const { startOutboxRelay } = await import("../server/outbox/relay");
    const { outboxHandlers } = await import("../server/worker/outbox-handlers");
    const { startStreamReader } = await import("../server/pix/network/stream-reader");
    const { closeTransport } = await import("../server/pix/network/transport");
    const relay = startOutboxRelay(db(), outboxHandlers(db()), 50);
    const reader = startStreamReader(db(), { streams: STREAMS, readerId: `bench:${process.pid}` });
    stopNetwork = async () => {
      await reader.stop();
      await relay.stop();
      simulator.child.kill("SIGTERM");
      await new Promise((resolve) => simulator.child.once("exit", resolve));
      closeTransport();
    };
  }
  const control = `${base}/control`;

  const pay = async (): Promise<string | null> => {
    try {
      const response = await fetch(`${control}/payments`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ toIspb: PSP_ISPB, creditorKey: key, amount: "1.00" }),
      });
      if (response.status !== 201) return null;
      return ((await response.json()) as { endToEndId: string }).endToEndId;
    } catch {
      return null;
    }
  };
  const transactions = async () => {
    const all = (await (await fetch(`${control}/transactions`)).json()) as Tx[];
    return new Map(all.map((tx) => [tx.endToEndId ?? tx.id ?? "", tx]));
  };
  /** Ledger credits per EndToEndId of `ids` (plain pg: the list is long). */
  const creditsOf = async (ids: string[]) => {
    const counts = new Map<string, number>();
    if (!ids.length) return counts;
    const { rows } = await pool().query<{ end_to_end_id: string; n: number }>(
      `SELECT end_to_end_id, count(*)::int AS n FROM ledger_entries
        WHERE type = 'credit' AND end_to_end_id = ANY($1::text[]) GROUP BY end_to_end_id`,
      [ids],
    );
    for (const row of rows) counts.set(row.end_to_end_id, row.n);
    return counts;
  };

  const allSent = new Set<string>();
  const runStep = async (rate: number, seconds: number): Promise<Step> => {
    const ids: string[] = [];
    let failedSends = 0;
    let inFlight = 0;
    let due = 0;
    const pending: Promise<void>[] = [];
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const end = t0 + seconds * 1000;
    while (performance.now() < end) {
      const target = Math.floor(((performance.now() - t0) / 1000) * rate);
      while (due < target && inFlight < MAX_IN_FLIGHT) {
        due++;
        inFlight++;
        pending.push(
          pay().then((id) => {
            inFlight--;
            if (id) {
              ids.push(id);
              allSent.add(id);
            } else failedSends++;
          }),
        );
      }
      await sleep(5);
    }
    await Promise.all(pending);
    const elapsed = (performance.now() - t0) / 1000;
    const stepLoad = load();
    // the drain: the step's payments answered, settled and credited
    const drainEnd = Date.now() + DRAIN_MS;
    let txs = await transactions();
    let credits = await creditsOf(ids);
    while (Date.now() < drainEnd) {
      const open = ids.some((id) => {
        const state = txs.get(id)?.state;
        return state !== "settled" && state !== "rejected";
      });
      const settled = ids.filter((id) => txs.get(id)?.state === "settled");
      if (!open && settled.every((id) => credits.has(id))) break;
      await sleep(500);
      txs = await transactions();
      credits = await creditsOf(ids);
    }
    const cpu = process.cpuUsage(cpu0);
    const mine = ids.map((id) => txs.get(id));
    const times = mine
      .map((tx) => tx?.answerTimeMs)
      .filter((ms): ms is number => typeof ms === "number")
      .sort((a, b) => a - b);
    const fromOrder = mine
      .flatMap((tx) => (tx?.answer ? [Date.parse(tx.answer.receivedAt) - Date.parse(tx.createdAt)] : []))
      .sort((a, b) => a - b);
    const rejected = mine.filter((tx) => tx?.answerStatus === "RJCT" || tx?.state === "rejected").length;
    const unanswered = mine.filter((tx) => !tx || tx.answerTimeMs === null).length + failedSends;
    // settled by the network and credited exactly once here
    const creditedOnce = ids.filter((id) => txs.get(id)?.state === "settled" && credits.get(id) === 1).length;
    return {
      offered: rate,
      sent: ids.length,
      "settled/s": Math.round((creditedOnce / elapsed) * 10) / 10,
      "p50 ms": Math.round(percentile(times, 50)),
      "p99 ms": Math.round(percentile(times, 99)),
      "order→answer p99 ms": Math.round(percentile(fromOrder, 99)),
      rejected,
      unanswered,
      "not credited once": ids.length - creditedOnce,
      "CPU ms/answer": Math.round(((cpu.user + cpu.system) / 1000 / Math.max(1, times.length)) * 10) / 10,
      load: stepLoad,
    };
  };

  const steps: Step[] = [];
  const held = (step: Step) =>
    step["p99 ms"] <= LIMIT_MS &&
    step["order→answer p99 ms"] <= LIMIT_MS &&
    step.rejected === 0 &&
    step.unanswered === 0 &&
    step["not credited once"] === 0;
  for (const [rate, seconds] of [
    [FIRST_RATE, FIRST_SECONDS] as const,
    ...RATES.map((r) => [r, STEP_SECONDS] as const),
  ]) {
    if (Date.now() - started + seconds * 1000 > TIME_BUDGET_MS) {
      console.log(`  (time budget: stop before ${rate}/s)`);
      break;
    }
    console.log(`▸ ${rate}/s for ${seconds}s (load ${load()})`);
    const step = await runStep(rate, seconds);
    steps.push(step);
    console.log(
      `  offered ${rate}/s: settled ${step["settled/s"]}/s, answer p50 ${step["p50 ms"]} ms p99 ${step["p99 ms"]} ms, from the order p99 ${step["order→answer p99 ms"]} ms, rejected ${step.rejected}, unanswered ${step.unanswered}, not credited once ${step["not credited once"]} → ${held(step) ? "held" : "not held"}`,
    );
    if (!held(step)) break;
  }
  const stats = (await (await fetch(`${control}/stats`)).json()) as { answerTimeMs?: { p50: number; p99: number } };

  // exactly-once over the run: credits in the ledger = payments the simulator settled, none twice
  const settledNow = async () => [...(await transactions()).values()].filter((tx) => tx.state === "settled").length;
  const finalEnd = Date.now() + 30_000;
  while (Date.now() < finalEnd) {
    const credited = [...(await creditsOf([...allSent])).values()].reduce((a, b) => a + b, 0);
    if (credited >= (await settledNow())) break;
    await sleep(500);
  }
  const entries = await db().ledgerEntry.findMany({
    where: { accountId, type: "credit", endToEndId: { not: null } },
    select: { endToEndId: true },
  });
  // the seeding credit has an EndToEndId of its own: only the bench's payments count
  const creditIds = entries.map((e) => e.endToEndId as string).filter((id) => allSent.has(id));
  // read after the credits: a credit follows its settlement
  const all = [...(await transactions()).values()];
  const settledIds = new Set(all.filter((tx) => tx.state === "settled").map((tx) => tx.endToEndId ?? tx.id));
  const distinct = new Set(creditIds);
  const extra = creditIds.filter((id) => !settledIds.has(id)).length;
  const twice = creditIds.length - distinct.size;
  const uncredited = [...settledIds].filter((id) => !distinct.has(id as string)).length;
  const exactlyOnce = twice === 0 && extra === 0 && uncredited === 0;
  // a settlement not credited 30 s after the last step is a backlog, not (yet) a duplicate or a loss
  const verdict = twice > 0 || extra > 0 ? "VIOLATED" : uncredited > 0 ? "INCOMPLETE" : "OK";

  await stopNetwork();
  stopNetwork = null;
  const loadAfter = load();
  const [baseline] = Object.values(await pgbenchTps(adminUrl, urlFor, [STREAMS], 10));

  console.table(steps);
  const first = steps[0];
  const best = steps.filter(held).sort((a, b) => b["settled/s"] - a["settled/s"])[0];
  const line = (step: Step) =>
    `${step["settled/s"]} credits/s settled of ${step.offered}/s offered, answer p99 ${step["p99 ms"]} ms (p50 ${step["p50 ms"]} ms), from the order p99 ${step["order→answer p99 ms"]} ms, ${step["CPU ms/answer"]} CPU ms here per payment answered, load ${step.load}`;
  if (first) console.log(`at ${first.offered}/s: ${line(first)}${held(first) ? "" : " — not held"}   [${COMMAND}]`);
  console.log(`at the highest rate held: ${best ? line(best) : "none held"}   [${COMMAND}]`);
  console.log(
    `baseline pgbench -M prepared -c ${STREAMS}: ${baseline} tps; ratio credits/s ÷ pgbench tps: ${best && baseline ? (best["settled/s"] / baseline).toFixed(4) : "?"}`,
  );
  console.log(
    `simulator answerTimeMs over the run: p50 ${stats.answerTimeMs?.p50} ms, p99 ${stats.answerTimeMs?.p99} ms`,
  );
  console.log(
    `exactly-once: ${creditIds.length} credits, ${settledIds.size} settled by the simulator, ${twice} twice, ${extra} credited but not settled, ${uncredited} settled but not credited 30 s after the steps → ${verdict}`,
  );
  console.log(`load average (uptime; 2 cores, shared): after the steps ${loadAfter}, now ${load()}`);
  await disconnectDb();
  await closePool();
  exitCode = exactlyOnce ? 0 : 1;
} catch (error) {
  console.error(error);
} finally {
  await stopNetwork?.().catch(() => {});
  await dropDatabase(adminUrl, name).catch(() => {});
  await embedded?.stop();
}
process.exit(exitCode);
