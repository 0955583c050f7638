/**
 * `npm run bench:soak`: SOAK_SECONDS (default 600) of steady mixed load (transfers, charges paid,
 * cash-outs with Idempotency-Keys, webhooks to a local receiver) against the real web and worker
 * processes on a fresh database, all on 127.0.0.1. Every SOAK_WINDOW_SECONDS (default 60) it
 * prints the resident memory of web and worker, the operations, errors (5xx or lost answers)
 * and latency p50/p99 of the window; at the end the auditor checks the money (ledger verify,
 * balances, deliveries). Not part of CI; the numbers go in docs/performance.md.
 */
import { auditStack } from "../scripts/crash/audit";
import { runLoad } from "../scripts/crash/load";
import { startStack } from "../scripts/crash/stack";
import type { Operation } from "../scripts/crash/wire";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const WINDOW = Number(process.env.SOAK_WINDOW_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 4);
const FUND_CENTS = 10_000_000_000n;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const stack = await startStack({ name: "pix_soak", merchants: 8, fundCents: FUND_CENTS });
let failed = false;
try {
  const ops: Operation[] = [];
  let window: Operation[] = [];
  const rows: string[] = [];
  const sample = (label: string) => {
    const latencies = window.map((o) => o.latencyMs).sort((a, b) => a - b);
    const errors = window.filter((o) => o.outcome === "lost" || (typeof o.outcome === "number" && o.outcome >= 500));
    const row = `| ${label} | ${stack.web.rssMb()} | ${stack.worker.rssMb()} | ${window.length} | ${errors.length} | ${percentile(latencies, 50).toFixed(0)} | ${percentile(latencies, 99).toFixed(0)} |`;
    rows.push(row);
    console.log(row);
    window = [];
  };
  console.log(`soak: ${SECONDS} s, ${CONCURRENCY} concurrent clients, 8 merchants; window ${WINDOW} s`);
  console.log("| t (s) | web RSS (MB) | worker RSS (MB) | operations | errors | p50 (ms) | p99 (ms) |");
  console.log("|---|---|---|---|---|---|---|");
  sample("0 (start)");
  const started = Date.now();
  const load = runLoad({ baseUrl: stack.baseUrl }, stack.merchants, stack.receiverUrl, CONCURRENCY, (op) => {
    ops.push(op);
    window.push(op);
  });
  while (Date.now() - started < SECONDS * 1000) {
    await new Promise((r) => setTimeout(r, Math.min(WINDOW * 1000, SECONDS * 1000 - (Date.now() - started))));
    sample(String(Math.round((Date.now() - started) / 1000)));
  }
  await load.stop();
  const all = ops.map((o) => o.latencyMs).sort((a, b) => a - b);
  const byStatus: Record<string, number> = {};
  for (const o of ops) byStatus[String(o.outcome)] = (byStatus[String(o.outcome)] ?? 0) + 1;
  console.log(
    `total: ${ops.length} operations (${(ops.length / SECONDS).toFixed(1)}/s), answers ${JSON.stringify(byStatus)}, p50 ${percentile(all, 50).toFixed(0)} ms, p99 ${percentile(all, 99).toFixed(0)} ms`,
  );
  const result = await auditStack(stack, ops, { initialCents: FUND_CENTS, leaseMs: 5_000 });
  for (const line of [...result.facts, ...result.problems.map((p) => `PROBLEM ${p}`)]) console.log(line);
  for (const { allows, detail } of result.allowed) console.log(`allowed (${allows}): ${detail}`);
  failed = result.problems.length > 0;
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);
