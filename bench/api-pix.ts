/**
 * The standard door against ours: API Pix `PUT /api/pix/v2/cob/{txid}` (bearer token, fresh txid
 * each) and the account surface's `POST /v4/i/pix/in/dynamic-qrcode` (HTTP Basic), the same
 * charge of R$ 0,01 on the same merchants, at each connection count in one run; prints API Pix /
 * ours (target ≥ 0.9: token checks are cached, not a database read per request).
 *
 * Only 2xx answers are measured: a probe of each request runs first, and any non-2xx answer or
 * socket error during a level stops the run with the status and body it got.
 */
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { cpuMeter } from "./support/cpu";
import { runHttpBench } from "./support/http-bench";
import { type HttpLevel, levelColumns, levelOf } from "./support/report";
import { walPerUnit, walReading } from "./support/wal";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const MERCHANTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "16,64").split(",").map(Number);
const TARGET = 0.9;

type Call = { method: "PUT" | "POST"; path: string; headers: Record<string, string>; body: string };
type Door = { name: string; next: () => Call };

await runHttpBench(
  {
    name: "api-pix",
    database: `pix_bench_apipix_${Date.now()}`,
    merchants: MERCHANTS,
    emailPrefix: "bench-apipix",
    connections: CONNECTIONS,
    seconds: SECONDS,
    settings: { seconds: SECONDS, merchants: MERCHANTS, connections: CONNECTIONS },
  },
  async ({ merchants: funded, web, database, databaseUrl }) => {
    // A cob's `chave` must be a key of the merchant's own account: one EVP each.
    const { db } = await import("../server/db/client");
    const { registerPixKey } = await import("../server/pix/platform-keys");
    const merchants: { accountId: string; chave: string; basic: string; bearer: string }[] = [];
    for (const m of funded) {
      const key = await registerPixKey(db(), m.accountId, "EVP");
      const basic = `Basic ${Buffer.from(`${m.clientId}:${m.clientSecret}`).toString("base64")}`;
      const token = await fetch(`${web.base}/api/pix/oauth/token`, {
        method: "POST",
        headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials&scope=cob.write",
      });
      if (!token.ok) throw new Error(`POST /api/pix/oauth/token answered ${token.status}: ${await token.text()}`);
      const { access_token } = (await token.json()) as { access_token: string };
      merchants.push({ accountId: m.accountId, chave: key.key, basic, bearer: `Bearer ${access_token}` });
    }
    const anyMerchant = () => merchants[Math.floor(Math.random() * merchants.length)] as (typeof merchants)[number];

    const apiPix: Door = {
      name: "API Pix PUT /cob/{txid}",
      next: () => {
        const m = anyMerchant();
        return {
          method: "PUT",
          path: `/api/pix/v2/cob/${randomUUID().replaceAll("-", "")}`,
          headers: { authorization: m.bearer, "content-type": "application/json" },
          body: JSON.stringify({ calendario: { expiracao: 3600 }, valor: { original: "0.01" }, chave: m.chave }),
        };
      },
    };
    const ours: Door = {
      name: "/v4/i POST dynamic-qrcode",
      next: () => {
        const m = anyMerchant();
        return {
          method: "POST",
          path: "/v4/i/pix/in/dynamic-qrcode",
          headers: { authorization: m.basic, "content-type": "application/json" },
          body: JSON.stringify({ accountId: m.accountId, amount: 0.01 }),
        };
      },
    };

    // Fail before measuring anything if a door does not answer 2xx (e.g. PUT /cob not there yet).
    for (const door of [ours, apiPix]) {
      const { method, path, headers, body } = door.next();
      const res = await fetch(`${web.base}${path}`, { method, headers, body });
      if (!res.ok) throw new Error(`${door.name}: ${method} ${path} answered ${res.status}: ${await res.text()}`);
    }

    const drive = async (door: Door, connections: number, seconds: number): Promise<HttpLevel> => {
      const meter = cpuMeter(() => web.cpuMicros(), database);
      const wal = await walReading(databaseUrl, { checkpoint: true });
      const before = await meter.start();
      let refused: string | null = null;
      const result = await autocannon({
        url: web.base,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => ({ ...request, ...door.next() }),
            onResponse: (status, body) => {
              if ((status < 200 || status > 299) && refused === null) refused = `${status} ${body}`;
            },
          },
        ],
      });
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(
          `${door.name}, ${connections} connections: ${result.non2xx} non-2xx answers and ${result.errors} errors of ${result.requests.total}; first refusal: ${refused ?? "(none: socket errors)"}`,
        );
      }
      const cpu = await meter.perRequest(before, result.requests.total);
      return levelOf(result, cpu, walPerUnit(wal, await walReading(databaseUrl), result.requests.total));
    };

    const warmUp = Math.min(3, SECONDS); // JIT, pools, page cache, the key state cache
    await drive(ours, Math.max(...CONNECTIONS), warmUp);
    await drive(apiPix, Math.max(...CONNECTIONS), warmUp);
    const levels: { connections: number; ours: HttpLevel; apiPix: HttpLevel }[] = [];
    for (const connections of CONNECTIONS) {
      console.log(`▸ ${ours.name}, ${connections} connections, ${SECONDS}s`);
      const oursLevel = await drive(ours, connections, SECONDS);
      console.log(`▸ ${apiPix.name}, ${connections} connections, ${SECONDS}s`);
      const apiPixLevel = await drive(apiPix, connections, SECONDS);
      levels.push({ connections, ours: oursLevel, apiPix: apiPixLevel });
    }
    return {
      rows: (pgbench) =>
        levels.flatMap(({ connections, ours: o, apiPix: p }) => [
          {
            run: ours.name,
            connections,
            "requests/s": Math.round(o.rps),
            ...levelColumns(o, pgbench[connections] as number),
          },
          {
            run: apiPix.name,
            connections,
            "requests/s": Math.round(p.rps),
            ...levelColumns(p, pgbench[connections] as number),
          },
        ]),
      notes: levels.map(
        ({ connections, ours: o, apiPix: p }) =>
          `${connections} connections: API Pix / ours ${(p.rps / o.rps).toFixed(2)} (target ≥ ${TARGET}); ` +
          `by CPU per request (web + this database's backends), which other load on the machine does not skew: ` +
          `${costRatio(o, p)}`,
      ),
    };
  },
);

/** Ours' CPU per request over API Pix's: the throughput ratio a machine saturated by these two alone would show. */
function costRatio(ours: HttpLevel, apiPix: HttpLevel): string {
  const cost = (level: HttpLevel) =>
    level.cpu.web === null || level.cpu.backends === null ? null : level.cpu.web + level.cpu.backends;
  const o = cost(ours);
  const p = cost(apiPix);
  if (o === null || p === null || p === 0) return "not measured here";
  return `${(o / p).toFixed(2)} (ours ${o.toFixed(2)} ms, API Pix ${p.toFixed(2)} ms)`;
}
