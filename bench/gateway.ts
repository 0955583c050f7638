import { createHmac, randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { canonicalJson } from "../server/gateway/canonical-json";
import { cpuMeter } from "./support/cpu";
import { runHttpBench } from "./support/http-bench";
import { type HttpLevel, levelColumns, levelOf } from "./support/report";
import { printStatements, resetStatements } from "./support/statements";
import { walPerUnit, walReading } from "./support/wal";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const MERCHANTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "16,64").split(",").map(Number);

type Signed = { path: string; method: "POST"; headers: Record<string, string>; body: string };

await runHttpBench(
  {
    name: "gateway",
    database: `pix_bench_gw_${Date.now()}`,
    merchants: MERCHANTS,
    emailPrefix: "bench-gw",
    webEnv: { DICT_QUOTA_PER_MINUTE: "100000000", SANDBOX_SETTLEMENT_DELAY_MS: "600000" },
    connections: CONNECTIONS,
    seconds: SECONDS,
    settings: { seconds: SECONDS, connections: CONNECTIONS },
  },
  async ({ merchants: funded, web, database, databaseUrl }) => {
    const merchants = funded.map((m) => ({ clientId: m.clientId, secret: m.clientSecret }));

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

    const drive = async (connections: number, seconds: number, next: () => Signed) => {
      const meter = cpuMeter(() => web.cpuMicros(), database);
      const wal = await walReading(databaseUrl, { checkpoint: true });
      const before = await meter.start();
      const result = await autocannon({
        url: web.base,
        connections,
        duration: seconds,
        requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
      });
      const cpu = await meter.perRequest(before, result.requests.total);
      return levelOf(result, cpu, walPerUnit(wal, await walReading(databaseUrl), result.requests.total));
    };

    await drive(Math.max(...CONNECTIONS), 3, signed); // warm-up: JIT, pools, page cache
    const levels: { connections: number; p2: HttpLevel; p3: HttpLevel }[] = [];
    for (const connections of CONNECTIONS) {
      console.log(`▸ P2: signed cash-outs, fresh Idempotency-Key each, ${connections} connections, ${SECONDS}s`);
      const sent: Signed[] = [];
      await resetStatements(databaseUrl);
      const p2 = await drive(connections, SECONDS, () => {
        const request = signed();
        sent.push(request);
        return request;
      });
      await printStatements(databaseUrl, sent.length);
      console.log(`▸ P3: the same ${sent.length} requests replayed, ${connections} connections`);
      let i = 0;
      const p3 = await drive(connections, SECONDS, () => sent[i++ % sent.length] as Signed);
      levels.push({ connections, p2, p3 });
    }
    return {
      rows: (pgbench) =>
        levels.flatMap(({ connections, p2, p3 }) => [
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
        ]),
      notes: [
        ...levels.map(
          ({ connections, p2, p3 }) =>
            `${connections} connections: P3 / P2 ${(p3.rps / p2.rps).toFixed(2)} (target ≥ 1.5)`,
        ),
        "P2 ratio target ≥ 0.35",
      ],
    };
  },
);
