import { createHmac, randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { dropDatabase } from "../server/db/embedded";
import { canonicalJson } from "../server/gateway/canonical-json";
import { cpuMeter } from "./support/cpu";
import { fundedMerchants } from "./support/funded";
import { load, pgbenchTps } from "./support/pgbench";
import { finishReport, levelColumns, levelOf } from "./support/report";
import { benchServer } from "./support/server";
import { printStatements, resetStatements } from "./support/statements";
import { walPerUnit, walReading } from "./support/wal";
import { startWeb, type WebProcess } from "./support/web";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const MERCHANTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "16,64").split(",").map(Number);

type Signed = { path: string; method: "POST"; headers: Record<string, string>; body: string };

const { embedded, adminUrl, urlFor } = await benchServer();
const benchDb = `pix_bench_gw_${Date.now()}`;
let web: WebProcess | null = null;

async function cleanup() {
  await web?.stop();
  await dropDatabase(adminUrl, benchDb).catch(() => {});
  await embedded?.stop();
}

try {
  console.log(`▸ database ${benchDb}: migrate and seed ${MERCHANTS} funded merchants`);
  const merchants = (await fundedMerchants({ adminUrl, urlFor }, benchDb, MERCHANTS, "bench-gw")).map((m) => ({
    clientId: m.clientId,
    secret: m.clientSecret,
  }));
  const { db, disconnectDb } = await import("../server/db/client");

  const signed = (): Signed => {
    const m = merchants[Math.floor(Math.random() * merchants.length)] as (typeof merchants)[number];
    const ref = randomUUID();
    const body = { amount: 0.01, pix_key: `${ref}@example.invalid`, pix_key_type: "email", external_id: ref };
    return {
      method: "POST",
      path: "/api/external/pix/cash-out",
      headers: {
        authorization: `ApiKey ${m.clientId}:${m.secret}`,
        "content-type": "application/json",
        "idempotency-key": ref,
        hmac: createHmac("sha512", m.secret).update(canonicalJson(body)).digest("hex"),
      },
      body: JSON.stringify(body),
    };
  };

  console.log(`▸ production server (rate limits off); load ${load()}`);
  web = await startWeb({ DICT_QUOTA_PER_MINUTE: "100000000", SANDBOX_SETTLEMENT_DELAY_MS: "600000" });
  const current = web;
  const drive = async (connections: number, seconds: number, next: () => Signed) => {
    const meter = cpuMeter(() => current.cpuMicros(), benchDb);
    const wal = await walReading(urlFor(benchDb), { checkpoint: true });
    const before = await meter.start();
    const result = await autocannon({
      url: current.base,
      connections,
      duration: seconds,
      requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
    });
    const cpu = await meter.perRequest(before, result.requests.total);
    return levelOf(result, cpu, walPerUnit(wal, await walReading(urlFor(benchDb)), result.requests.total));
  };

  await drive(Math.max(...CONNECTIONS), 3, signed); // warm-up: JIT, pools, page cache
  const levels = [];
  for (const connections of CONNECTIONS) {
    console.log(`▸ P2: signed cash-outs, fresh Idempotency-Key each, ${connections} connections, ${SECONDS}s`);
    const sent: Signed[] = [];
    await resetStatements(urlFor(benchDb));
    const p2 = await drive(connections, SECONDS, () => {
      const request = signed();
      sent.push(request);
      return request;
    });
    await printStatements(urlFor(benchDb), sent.length);
    console.log(`▸ P3: the same ${sent.length} requests replayed, ${connections} connections`);
    let i = 0;
    const p3 = await drive(connections, SECONDS, () => sent[i++ % sent.length] as Signed);
    levels.push({ connections, p2, p3 });
  }
  await web.stop();
  web = null;
  const loadAfterHttp = load();

  const pgbench = await pgbenchTps(adminUrl, urlFor, CONNECTIONS, SECONDS);
  const { verifyLedger } = await import("../server/ledger/verify");
  const report = await verifyLedger(db());
  await disconnectDb();

  const rows = levels.flatMap(({ connections, p2, p3 }) => [
    {
      run: "P2 cash-out",
      connections,
      "requests/s": Math.round(p2.rps),
      ...levelColumns(p2, pgbench[connections] as number),
    },
    {
      run: "P3 replay",
      connections,
      "requests/s": Math.round(p3.rps),
      ...levelColumns(p3, pgbench[connections] as number),
    },
  ]);
  finishReport("gateway", rows, loadAfterHttp, report, { seconds: SECONDS, connections: CONNECTIONS });
  for (const { connections, p2, p3 } of levels) {
    console.log(`${connections} connections: P3 / P2 ${(p3.rps / p2.rps).toFixed(2)} (target ≥ 1.5)`);
  }
  console.log("P2 ratio target ≥ 0.35");
  await cleanup();
  process.exit(report.ok ? 0 : 1);
} catch (error) {
  console.error(error);
  await cleanup();
  process.exit(1);
}
