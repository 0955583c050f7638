/**
 * A batch of 1,000 due-date charges through the real door: `PUT /api/pix/v2/lotecobv/{id}` over
 * HTTP to the web process's own listener (server/web/listener.ts: the REST surfaces are served
 * by it directly, Next only renders pages, which this bench does not need — so no `next build`),
 * the worker process (`server/worker/main.ts`) creating them, timed from
 * the request until `GET /lotecobv/{id}` shows every item CRIADA (target: under 10 s). Baselines
 * measured in the same run: the same 1,000 cobv as single `PUT /cobv/{txid}` one after another,
 * and pgbench (1 connection) on the same server.
 *
 * BENCH_ITEMS (1000) cobv per batch, BENCH_ROUNDS (3) batches; the report keeps the median.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { freePort } from "../server/db/embedded";
import { fundedMerchants } from "./support/funded";
import { load, pgbenchTps } from "./support/pgbench";
import { finishReport } from "./support/report";
import { benchServer, closeBench } from "./support/server";

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PGBENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_SECONDS = 10;

const txid = () => randomUUID().replaceAll("-", "");
const plusDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function cobv(chave: string, i: number) {
  return {
    calendario: { dataDeVencimento: plusDays(30), validadeAposVencimento: 30 },
    devedor: { cpf: "12345678909", nome: `Aluno ${i}` },
    valor: {
      original: `${100 + (i % 50)}.00`,
      multa: { modalidade: 2, valorPerc: "2.00" },
      juros: { modalidade: 2, valorPerc: "1.00" },
    },
    chave,
    solicitacaoPagador: "Mensalidade",
  };
}

function startWorker(base: string): { stop: () => Promise<void> } {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/worker/main.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, APP_URL: base },
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The web process's listener, without Next (404 for pages), on a free port of 127.0.0.1. */
async function startRestWeb() {
  const port = await freePort();
  process.env.APP_URL = `http://127.0.0.1:${port}`;
  const { webRequestListener } = await import("../server/web/listener");
  const { accountApi } = await import("../server/account-api/app");
  const { gatewayApi } = await import("../server/gateway/app");
  const { apiPixFetch } = await import("../server/api-pix/surface");
  const { peerToken } = await import("../server/http/ip");
  const { config } = await import("../server/config");
  const server = createServer(
    webRequestListener({
      next: async (_, res) => {
        res.writeHead(404).end();
      },
      accountSurface: getRequestListener((request, bindings) => accountApi().fetch(request, bindings)),
      gatewaySurface: getRequestListener((request, bindings) => gatewayApi().fetch(request, bindings)),
      apiPixSurface: getRequestListener((request, bindings) => apiPixFetch(request, bindings)),
      peerToken: peerToken(),
      limits: { maxBytes: config().REQUEST_BODY_MAX_BYTES, formBytes: config().FORM_BODY_LIMIT_BYTES },
    }),
  );
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { base: process.env.APP_URL, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

process.env.RATE_LIMITS_ENABLED = "false"; // as bench/support/web.ts: 1,000 single PUTs in a row
const { embedded, adminUrl, urlFor } = await benchServer();
const database = `pix_bench_lotecobv_${Date.now()}`;
let exitCode = 1;
try {
  console.log(`▸ database ${database}: migrate and seed a funded merchant`);
  const [merchant] = await fundedMerchants({ adminUrl, urlFor }, database, 1, "bench-lotecobv");
  const web = await startRestWeb();
  const measured = await measure(merchant as NonNullable<typeof merchant>, web);
  await web.stop();
  const loadAfterHttp = load();
  const pgbench = await pgbenchTps(adminUrl, urlFor, [1], PGBENCH_SECONDS);
  const { verifyLedger } = await import("../server/ledger/verify");
  const { db } = await import("../server/db/client");
  const report = await verifyLedger(db());
  finishReport("lotecobv", measured.rows(pgbench), loadAfterHttp, report, { items: ITEMS, rounds: ROUNDS });
  for (const note of measured.notes) console.log(note);
  exitCode = report.ok ? 0 : 1;
} catch (error) {
  console.error(error);
} finally {
  await closeBench({ adminUrl, embedded }, database);
}
process.exit(exitCode);

async function measure(merchant: { accountId: string; clientId: string; clientSecret: string }, web: { base: string }) {
  const { db } = await import("../server/db/client");
  const { registerPixKey } = await import("../server/pix/platform-keys");
  const chave = (await registerPixKey(db(), merchant.accountId, "EVP")).key;
  const basic = `Basic ${Buffer.from(`${merchant.clientId}:${merchant.clientSecret}`).toString("base64")}`;
  const token = await fetch(`${web.base}/api/pix/oauth/token`, {
    method: "POST",
    headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  if (!token.ok) throw new Error(`POST /api/pix/oauth/token answered ${token.status}: ${await token.text()}`);
  const bearer = `Bearer ${((await token.json()) as { access_token: string }).access_token}`;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${web.base}/api/pix/v2${path}`, {
      method,
      headers: { authorization: bearer, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };

  const worker = startWorker(web.base);
  let batchId = Date.now() % 1_000_000_000;
  /** Seconds from PUT /lotecobv until every item is CRIADA. */
  const batch = async (count: number) => {
    const id = batchId++;
    const cobsv = Array.from({ length: count }, (_, i) => ({ txid: txid(), ...cobv(chave, i) }));
    const started = performance.now();
    await call("PUT", `/lotecobv/${id}`, { descricao: "Mensalidades", cobsv });
    for (;;) {
      const lote = (await call("GET", `/lotecobv/${id}`)) as { cobsv: { status: string; problema?: unknown }[] };
      const refused = lote.cobsv.find((item) => item.status === "NEGADA");
      if (refused) throw new Error(`an item was refused: ${JSON.stringify(refused.problema)}`);
      if (lote.cobsv.every((item) => item.status === "CRIADA")) return (performance.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  try {
    console.log("▸ warm-up: a batch of 50 and 50 single PUT /cobv");
    await batch(50);
    for (let i = 0; i < 50; i++) await call("PUT", `/cobv/${txid()}`, cobv(chave, i));

    console.log(`▸ baseline: ${ITEMS} single PUT /cobv/{txid}, one after another`);
    const singleStarted = performance.now();
    for (let i = 0; i < ITEMS; i++) await call("PUT", `/cobv/${txid()}`, cobv(chave, i));
    const singleSeconds = (performance.now() - singleStarted) / 1000;

    const rounds: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`▸ batch ${round}/${ROUNDS}: PUT /lotecobv/{id} with ${ITEMS} cobv until all CRIADA`);
      rounds.push(await batch(ITEMS));
      console.log(`  ${(rounds.at(-1) as number).toFixed(2)} s`);
    }
    const batchSeconds = median(rounds);
    const batchRate = ITEMS / batchSeconds;
    const singleRate = ITEMS / singleSeconds;
    return {
      rows: (pgbench: Record<number, number>) => [
        {
          run: `${ITEMS} × PUT /cobv sequential`,
          seconds: Number(singleSeconds.toFixed(2)),
          "cobv/s": Math.round(singleRate),
          "pgbench tps (1 conn)": Math.round(pgbench[1] as number),
          "ratio to pgbench": Number((singleRate / (pgbench[1] as number)).toFixed(3)),
        },
        {
          run: `PUT /lotecobv, ${ITEMS} items → all CRIADA (median of ${ROUNDS})`,
          seconds: Number(batchSeconds.toFixed(2)),
          "cobv/s": Math.round(batchRate),
          "pgbench tps (1 conn)": Math.round(pgbench[1] as number),
          "ratio to pgbench": Number((batchRate / (pgbench[1] as number)).toFixed(3)),
        },
      ],
      notes: [
        `batch of ${ITEMS}: ${batchSeconds.toFixed(2)} s (rounds ${rounds.map((r) => r.toFixed(2)).join(", ")}; target < ${TARGET_SECONDS} s)`,
        `batch / sequential single PUT: ${(batchRate / singleRate).toFixed(2)}× the cobv per second`,
      ],
    };
  } finally {
    await worker.stop();
  }
}
