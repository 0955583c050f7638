/**
 * `npm run bench:spi-inbound`: the inbound PIX answer time of the SPI connector (network.md §2.3:
 * ACSP/RJCT within 2 s p99 of delivery). A fresh database with one merchant and its PIX key, the
 * network simulator in process (settlementDelayMs small), the stream reader (SPI_STREAMS, default
 * 2) and the outbox relay in this process as the worker runs them. Credits to the key are paid
 * through the control API at a fixed rate (50/s for 20 s), then stepped up (15 s a step) until the
 * p99 answer time exceeds 2 s or answers fail. Per step: offered rate, credits settled/s, answer
 * p50/p99 (the simulator's delivery → pacs.002 time of that step's payments), rejected/timeouts.
 * Then pgbench (-M prepared) on the same server as the baseline, and the exactly-once check.
 */
import { randomUUID } from "node:crypto";
import { dropDatabase } from "../server/db/embedded";
import { fundedMerchants } from "./support/funded";
import { load, pgbenchTps } from "./support/pgbench";
import { benchServer } from "./support/server";

const FIRST_RATE = Number(process.env.BENCH_FIRST_RATE ?? 50);
const FIRST_SECONDS = Number(process.env.BENCH_FIRST_SECONDS ?? 20);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 15);
const RATES = (process.env.BENCH_RATES ?? "100,200,300,500,700,1000").split(",").map(Number);
const STREAMS = Number(process.env.SPI_STREAMS ?? 2);
const DRAIN_MS = Number(process.env.BENCH_DRAIN_MS ?? 10_000);
const TIME_BUDGET_MS = Number(process.env.BENCH_MAX_SECONDS ?? 200) * 1000;
const MAX_IN_FLIGHT = 2000;
const LIMIT_MS = 2000;

type Tx = { id?: string; endToEndId?: string; state: string; answerStatus: string | null; answerTimeMs: number | null };
type Step = {
  offered: number;
  sent: number;
  "settled/s": number;
  "p50 ms": number;
  "p99 ms": number;
  rejected: number;
  "timeouts/failed": number;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number) : NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const started = Date.now();
const { embedded, adminUrl, urlFor } = await benchServer();
const name = `pix_bench_spi_${Date.now()}`;
let network: { stop(): Promise<void> } | null = null;
let exitCode = 1;
try {
  console.log(`▸ database ${name}: one merchant with a PIX key; SPI_STREAMS=${STREAMS}; load ${load()}`);
  const [merchant] = await fundedMerchants({ adminUrl, urlFor }, name, 1, "spi");
  const { db, disconnectDb } = await import("../server/db/client");
  const { closePool } = await import("../server/db/pool");
  const accountId = (merchant as { accountId: string }).accountId;
  const key = `bench-${randomUUID().slice(0, 8)}@example.com`;
  await db().pixKey.create({ data: { id: randomUUID(), accountId, type: "EMAIL", key, isCurrent: true } });

  process.env.SPI_STREAMS = String(STREAMS);
  const { startNetwork, PSP_ISPB } = await import("../tests/network/support");
  const net = await startNetwork({
    simulator: { settlementDelayMs: 5, institutionAnswerMs: 5 },
    reader: { streams: STREAMS, readerId: `bench:${process.pid}` },
  });
  network = net;
  const control = `${net.url}/control`;

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
  const creditsOf = async (ids: string[]) =>
    ids.length ? db().ledgerEntry.count({ where: { type: "credit", endToEndId: { in: ids } } }) : 0;

  const allSent = new Set<string>();
  const runStep = async (rate: number, seconds: number): Promise<Step> => {
    const ids: string[] = [];
    let failedSends = 0;
    let inFlight = 0;
    let due = 0;
    const pending: Promise<void>[] = [];
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
    // a short drain: the step's payments answered and settled, their credits posted
    const drainEnd = Date.now() + DRAIN_MS;
    let txs = await transactions();
    while (Date.now() < drainEnd) {
      const open = ids.some((id) => {
        const state = txs.get(id)?.state;
        return state !== "settled" && state !== "rejected";
      });
      if (!open && (await creditsOf(ids)) >= ids.filter((id) => txs.get(id)?.state === "settled").length) break;
      await sleep(200);
      txs = await transactions();
    }
    const mine = ids.map((id) => txs.get(id));
    // the simulator's delivery → pacs.002 time; payments still unanswered after the drain are timeouts
    const times = mine
      .map((tx) => tx?.answerTimeMs)
      .filter((ms): ms is number => typeof ms === "number")
      .sort((a, b) => a - b);
    const rejected = mine.filter((tx) => tx?.answerStatus === "RJCT" || tx?.state === "rejected").length;
    const unanswered = mine.filter((tx) => !tx || tx.answerTimeMs === null).length;
    const credits = await creditsOf(ids);
    return {
      offered: rate,
      sent: ids.length,
      "settled/s": Math.round((credits / elapsed) * 10) / 10,
      "p50 ms": Math.round(percentile(times, 50)),
      "p99 ms": Math.round(percentile(times, 99)),
      rejected,
      "timeouts/failed": unanswered + failedSends,
    };
  };

  const steps: Step[] = [];
  const held = (step: Step) => step["p99 ms"] <= LIMIT_MS && step.rejected === 0 && step["timeouts/failed"] === 0;
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
      `  offered ${rate}/s: settled ${step["settled/s"]}/s, answer p50 ${step["p50 ms"]} ms p99 ${step["p99 ms"]} ms, rejected ${step.rejected}, timeouts/failed ${step["timeouts/failed"]}`,
    );
    if (!held(step)) break;
  }
  const stats = (await (await fetch(`${control}/stats`)).json()) as { answerTimeMs?: { p50: number; p99: number } };

  // exactly-once: credits in the ledger = payments the simulator settled, none twice
  const settledNow = async () => [...(await transactions()).values()].filter((tx) => tx.state === "settled").length;
  const finalEnd = Date.now() + 30_000;
  while (Date.now() < finalEnd) {
    const credited = await creditsOf([...allSent]);
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
  const exactlyOnce = creditIds.length === settledIds.size && distinct.size === creditIds.length && extra === 0;

  await net.stop();
  network = null;
  const loadAfter = load();
  const [baseline] = Object.values(await pgbenchTps(adminUrl, urlFor, [STREAMS], 10));

  console.table(steps);
  const first = steps[0];
  const best = steps.filter(held).sort((a, b) => b["settled/s"] - a["settled/s"])[0];
  if (first) console.log(`at ${first.offered}/s: p99 ${first["p99 ms"]} ms (p50 ${first["p50 ms"]} ms)`);
  console.log(
    best
      ? `highest rate held (p99 ≤ 2 s): ${best["settled/s"]} credits/s (offered ${best.offered}/s), p99 ${best["p99 ms"]} ms`
      : "highest rate held (p99 ≤ 2 s): none",
  );
  console.log(
    `baseline pgbench -M prepared -c ${STREAMS}: ${baseline} tps; ratio credits/s ÷ pgbench tps: ${best && baseline ? (best["settled/s"] / baseline).toFixed(4) : "?"}`,
  );
  console.log(
    `simulator answerTimeMs over the run: p50 ${stats.answerTimeMs?.p50} ms, p99 ${stats.answerTimeMs?.p99} ms`,
  );
  console.log(
    `exactly-once: ${creditIds.length} credits, ${settledIds.size} settled by the simulator, ${creditIds.length - distinct.size} twice, ${extra} not settled → ${exactlyOnce ? "OK" : "VIOLATED"}`,
  );
  console.log(`load average: after the steps ${loadAfter}, now ${load()}`);
  await disconnectDb();
  await closePool();
  exitCode = exactlyOnce ? 0 : 1;
} catch (error) {
  console.error(error);
} finally {
  await network?.stop().catch(() => {});
  await dropDatabase(adminUrl, name).catch(() => {});
  await embedded?.stop();
}
process.exit(exitCode);
