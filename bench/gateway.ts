/**
 * P2 and P3 (docs/performance.md, docs/decisions/0023): signed gateway cash-outs with a fresh
 * Idempotency-Key each, then the same requests replayed, against pgbench's TPC-B (-M prepared,
 * initialised in the same run).
 *
 * BENCH_FEES=1 (issue 45, docs/decisions/0058-fee-rounding.md): R$ 1,00 cash-outs from accounts
 * that each have a price list (pix_out 1 % + R$ 0,10: R$ 0,11 held with each) against accounts
 * without one, alternated (bench/support/priced.ts); prints "fee cost: priced/unpriced" beside P2.
 * The fee is read with the source and held with the debit in the request; the sandbox settles
 * (and posts the fee to the fees bucket) only after the run, as in P2 itself:
 *   BENCH_FEES=1 BENCH_CONNECTIONS=16,64 BENCH_SECONDS=15 npm run bench:gateway
 */
import { createHmac, randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { canonicalJson } from "../server/gateway/canonical-json";
import { cpuMeter } from "./support/cpu";
import { runHttpBench } from "./support/http-bench";
import { load } from "./support/pgbench";
import {
  benchFeeOn,
  FEES,
  feeCostByLevel,
  feeCostText,
  feesCarried,
  merchantsFor,
  splitPriced,
  spreadText,
} from "./support/priced";
import { type HttpLevel, levelColumns, levelOf } from "./support/report";
import { printStatements, resetStatements } from "./support/statements";
import { walPerUnit, walReading } from "./support/wal";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const MERCHANTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "16,64").split(",").map(Number);
const COMMAND = `${FEES ? "BENCH_FEES=1 " : ""}BENCH_CONNECTIONS=${CONNECTIONS.join(",")} BENCH_SECONDS=${SECONDS} BENCH_ACCOUNTS=${MERCHANTS} npm run bench:gateway`;
// BENCH_FEES=1's cash-outs: R$ 1,00, so the percent part of the fee is not rounded away
const FEE_AMOUNT_CENTS = 100n;
// Its R$ 1,00 cash-outs would pass the default nightly limit (R$ 1.000,00 per account): limits
// are still checked on every cash-out, only higher.
const HIGH_LIMITS = Object.fromEntries(
  ["DAILY", "MONTHLY", "NIGHTLY", "NIGHTLY_PER_TRANSACTION"].map((k) => [`PIX_LIMIT_${k}_CENTS`, "100000000000"]),
);

type Signed = { path: string; method: "POST"; headers: Record<string, string>; body: string };

await runHttpBench(
  {
    name: "gateway",
    database: `pix_bench_gw_${Date.now()}`,
    merchants: merchantsFor(MERCHANTS),
    emailPrefix: "bench-gw",
    webEnv: {
      DICT_QUOTA_PER_MINUTE: "100000000",
      SANDBOX_SETTLEMENT_DELAY_MS: "600000",
      ...(FEES ? HIGH_LIMITS : {}),
    },
    connections: CONNECTIONS,
    seconds: SECONDS,
    settings: { seconds: SECONDS, connections: CONNECTIONS, fees: FEES },
  },
  async ({ merchants: all, web, database, databaseUrl }) => {
    // BENCH_FEES=1: P2 and P3 run on the usual third, as without it
    const { usual, unpriced, priced } = await splitPriced(all);
    const keys = (list: typeof all) => list.map((m) => ({ clientId: m.clientId, secret: m.clientSecret }));
    const merchants = keys(usual);

    const signedBy = (from: typeof merchants, amount: number) => (): Signed => {
      const m = from[Math.floor(Math.random() * from.length)] as (typeof from)[number];
      const ref = randomUUID();
      const body = { amount, pix_key: `${ref}@example.invalid`, pix_key_type: "email", external_id: ref };
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
    const signed = signedBy(merchants, 0.01);

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

    const feeAmount = Number(FEE_AMOUNT_CENTS) / 100;
    const pricedSigned = signedBy(keys(priced), feeAmount);
    const unpricedSigned = signedBy(keys(unpriced), feeAmount);

    await drive(Math.max(...CONNECTIONS), 3, signed); // warm-up: JIT, pools, page cache
    if (FEES) {
      await drive(Math.max(...CONNECTIONS), 3, unpricedSigned);
      await drive(Math.max(...CONNECTIONS), 3, pricedSigned);
    }
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
    const fees = await feeCostByLevel(
      CONNECTIONS,
      SECONDS,
      `R$ ${feeAmount.toFixed(2).replace(".", ",")} cash-outs `,
      async (set, connections, seconds) => {
        const level = await drive(connections, seconds, set === "priced" ? pricedSigned : unpricedSigned);
        return { rps: level.rps, errors: level.errors + level.non2xx };
      },
    );
    const carried = FEES ? await feesCarried(databaseUrl, priced, unpriced, ["pix_out:processing"]) : null;
    const fee = benchFeeOn(FEE_AMOUNT_CENTS);
    if (carried && (carried.priced.minCents !== fee || carried.priced.maxCents !== fee))
      throw new Error(`a priced cash-out did not hold its fee of ${fee} centavos: ${spreadText(carried.priced)}`);
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
        ...(carried
          ? [
              `cash-outs held (pix_out): priced accounts ${spreadText(carried.priced)} (expected ${fee}); their unpriced peers ${spreadText(carried.unpriced)}`,
            ]
          : []),
      ],
      summary: (pgbench) =>
        levels.map(({ connections: c, p2 }) => {
          const tps = pgbench[c] as number;
          const fee = fees[c] ? `; ${feeCostText(fees[c])}` : "";
          return `P2 at ${c} connections = ${(p2.rps / tps).toFixed(3)} (${Math.round(p2.rps)} cash-outs/s ÷ ${Math.round(tps)} pgbench tps; load ${load()})${fee} — ${COMMAND}`;
        }),
    };
  },
);
