/**
 * `npm run bench:payment-page`: 200 viewers (BENCH_VIEWERS) hold the live status stream of one
 * charge's payment page (/c/{publicId}/events, server-sent events) on the production web process
 * while the charge is paid; each viewer's time from the payment's commit to its "paid" event, p50
 * and p95 (target: p95 < 2 s). Baseline in the same run: the same viewers opening the stream of an
 * already-paid page, from request to its "paid" event (one connection and one read, no waiting
 * for a change). Uses DATABASE_URL's server when set, otherwise an embedded PostgreSQL.
 */
import { execFileSync } from "node:child_process";
import { dropDatabase, ensureDatabase } from "../server/db/embedded";
import { benchServer } from "./support/server";
import { bin, startWeb } from "./support/web";

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200);
const TARGET_P95_MS = 2_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};

/** Opens the stream; resolves `open` once the first event arrived and `paid` when "paid" does (performance.now()). */
function viewer(url: string) {
  let markOpen: () => void = () => {};
  let markPaid: (at: number) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const open = new Promise<void>((resolve) => {
    markOpen = resolve;
  });
  const paid = new Promise<number>((resolve, reject) => {
    markPaid = resolve;
    fail = reject;
  });
  (async () => {
    const res = await fetch(url, { headers: { accept: "text/event-stream" } });
    if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
    const decoder = new TextDecoder();
    let buffer = "";
    const reader = res.body.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      markOpen();
      if (buffer.includes('"status":"paid"')) return markPaid(performance.now());
      if (/"status":"(expired|cancelled)"/.test(buffer)) throw new Error("the charge closed unpaid");
    }
    throw new Error("the stream ended before paid");
  })().catch(fail);
  return { open, paid };
}

const { embedded, adminUrl, urlFor } = await benchServer();
const database = `pix_bench_payment_page_${Date.now()}`;
let web: Awaited<ReturnType<typeof startWeb>> | null = null;

try {
  console.log(`▸ database ${database}: migrate, one merchant`);
  await ensureDatabase(adminUrl, database);
  process.env.DATABASE_URL = urlFor(database);
  process.env.LOG_LEVEL = "warn";
  execFileSync(bin("prisma"), ["migrate", "deploy"], { stdio: "ignore", env: process.env });
  const { createMerchant } = await import("../server/accounts/merchants");
  const { createCharge } = await import("../server/charges/service");
  const { payChargeFromOutside } = await import("../server/charges/payment");
  const { db } = await import("../server/db/client");
  const shop = await createMerchant(db(), {
    name: "Bench Loja",
    document: "11222333000181",
    email: "payment-page@bench.test",
    password: "bench-password-1",
    ipWhitelist: ["127.0.0.1"],
  });
  const charge = () => createCharge(db(), { userId: shop.userId, accountId: shop.accountId, amountCents: 1_990n });
  const pay = (txId: string) => payChargeFromOutside(db(), { userId: shop.userId, txId });

  web = await startWeb();
  const streamOf = (publicId: string) => `${web?.base}/c/${publicId}/events`;

  console.log(`▸ baseline: ${VIEWERS} viewers open an already-paid page's stream`);
  const done = await charge();
  await pay(done.txId);
  const baseStart = performance.now();
  const baseTimes = await Promise.all(
    Array.from({ length: VIEWERS }, async () => {
      const started = performance.now();
      return (await viewer(streamOf(done.publicId)).paid) - started;
    }),
  );
  const baseElapsed = performance.now() - baseStart;

  console.log(`▸ ${VIEWERS} viewers hold an open page's stream; the charge is paid`);
  const live = await charge();
  const viewers = Array.from({ length: VIEWERS }, () => viewer(streamOf(live.publicId)));
  await Promise.all(viewers.map((v) => v.open));
  await new Promise((resolve) => setTimeout(resolve, 500));
  await pay(live.txId);
  const committed = performance.now();
  const seen = (await Promise.all(viewers.map((v) => v.paid))).map((at) => at - committed);

  const row = (what: string, times: number[]) =>
    `| ${what} | ${VIEWERS} | ${Math.round(percentile(times, 50))} | ${Math.round(percentile(times, 95))} | ${Math.round(Math.max(...times))} |`;
  console.log("\n| measure | viewers | p50 ms | p95 ms | max ms |");
  console.log("|---|---|---|---|---|");
  console.log(row("baseline: open a paid page's stream → paid", baseTimes));
  console.log(row("payment committed → every viewer sees paid", seen));
  const p95 = percentile(seen, 95);
  console.log(
    `\np95 time-to-see-paid ${Math.round(p95)} ms (target < ${TARGET_P95_MS} ms): ${p95 < TARGET_P95_MS ? "met" : "NOT met"}; ` +
      `ratio to the baseline's p95 ${(p95 / percentile(baseTimes, 95)).toFixed(2)}; baseline batch ${Math.round(baseElapsed)} ms`,
  );
  if (p95 >= TARGET_P95_MS) process.exitCode = 1;
} finally {
  await web?.stop();
  const { disconnectDb } = await import("../server/db/client");
  const { closePool } = await import("../server/db/pool");
  await disconnectDb().catch(() => {});
  await closePool().catch(() => {});
  await dropDatabase(adminUrl, database).catch(() => {});
  await embedded?.stop();
}
