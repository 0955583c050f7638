/**
 * A due day of Pix Automático (docs/decisions/0041, 0049): BENCH_ITEMS (10,000) approved monthly
 * recurrences, seeded set-based, each gets its cycle's cobr through `createRecurringCharges` (the
 * batch path, CREATE_CHUNK charges a transaction) and its attempt settled by
 * `settleRecurringCharges` (the `recurring-charges.settle` job's body) at the due day — first by
 * ONE worker process, then on a second, equal set by TWO (bench/support/recurring-worker.ts: the
 * job's body at an injected clock, pass after pass until a pass finds nothing; the creation is
 * split over as many concurrent loops in this process). Targets: one < 60 s, two < 35 s. Checked:
 * PAGA attempts = CONCLUIDA charges = ledger credits = 2 × BENCH_ITEMS, `ledger verify` clean.
 * Baselines in the same run: BENCH_ITEMS single-row INSERTs (one transaction each) on the same
 * database, and pgbench (1 connection).
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fundedMerchants } from "./support/funded";
import { load, pgbenchTps } from "./support/pgbench";
import { finishReport } from "./support/report";
import { benchServer, closeBench } from "./support/server";

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const PGBENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGETS = { 1: 60, 2: 35 } as const;
const DAYS_AHEAD = 5; // the cobr is sent 2 to 10 days before its due date
const CREATE_CHUNK = 1_000;

const { embedded, adminUrl, urlFor } = await benchServer();
const database = `pix_bench_recurring_${Date.now()}`;
let exitCode = 1;
try {
  console.log(`▸ database ${database}: migrate and seed a funded merchant`);
  const [merchant] = await fundedMerchants({ adminUrl, urlFor }, database, 1, "bench-recurring");
  const { db } = await import("../server/db/client");
  const { todayInSaoPaulo, plusDays } = await import("../server/charges/due-date/calendar");
  const dueDay = plusDays(todayInSaoPaulo(), DAYS_AHEAD);
  const account = await db().account.findUniqueOrThrow({
    where: { id: (merchant as { accountId: string }).accountId },
  });
  console.log(`▸ seed ${2 * ITEMS} approved monthly recurrences due ${dueDay} (INSERT … SELECT generate_series)`);
  await seedRecurrences(account, dueDay);
  const baseline = await singleInserts();
  console.log(`  baseline: ${ITEMS} single-row INSERTs in ${baseline.toFixed(2)} s`);
  const one = await dueDayWith(1, "A", account, dueDay);
  const two = await dueDayWith(2, "B", account, dueDay);
  const loadAfter = load();
  const checks = await exactlyOnce();
  const pgbench = await pgbenchTps(adminUrl, urlFor, [1], PGBENCH_SECONDS);
  const { verifyLedger } = await import("../server/ledger/verify");
  const report = await verifyLedger(db());
  const row = (workers: 1 | 2, run: typeof one) => ({
    run: `${ITEMS} cobr created + settled, ${workers} worker process(es)`,
    "create s": Number(run.create.toFixed(2)),
    "settle s": Number(run.settle.toFixed(2)),
    seconds: Number((run.create + run.settle).toFixed(2)),
    "target s": TARGETS[workers],
    "× baseline": Number(((run.create + run.settle) / baseline).toFixed(1)),
  });
  const total = (run: typeof one) => run.create + run.settle;
  finishReport(
    "recurring",
    [
      row(1, one),
      row(2, two),
      { run: `baseline: ${ITEMS} single-row INSERTs`, seconds: Number(baseline.toFixed(2)) },
      { run: "pgbench (1 conn), transactions per second", tps: Math.round(pgbench[1] as number) },
    ],
    loadAfter,
    report,
    { items: ITEMS, dueDay, one, two, baseline, checks },
  );
  console.log(`ratio two/one: ${(total(two) / total(one)).toFixed(2)}`);
  console.log(
    `targets: one ${total(one).toFixed(1)} s ${total(one) < TARGETS[1] ? "<" : "≥"} ${TARGETS[1]} s; two ${total(two).toFixed(1)} s ${total(two) < TARGETS[2] ? "<" : "≥"} ${TARGETS[2]} s`,
  );
  console.log(`exactly once: ${JSON.stringify(checks)}`);
  const expected = 2 * ITEMS;
  exitCode =
    report.ok && checks.paidAttempts === expected && checks.credits === expected && checks.concluded === expected
      ? 0
      : 1;
} catch (error) {
  console.error(error);
} finally {
  await closeBench({ adminUrl, embedded }, database);
}
process.exit(exitCode);

type Account = { id: string; userId: string; agency: string };

/** Two sets (A, B) of ITEMS approved recurrences, fixed R$ 49,90, starting on the due day. */
async function seedRecurrences(account: Account, dueDay: string) {
  const { db } = await import("../server/db/client");
  const { config } = await import("../server/config");
  const prefix = `RN${config().PLATFORM_ISPB}${todayCompact()}`;
  await db().$executeRawUnsafe(
    `INSERT INTO recurrences (id_rec, user_id, account_id, contract, object, debtor_document, debtor_name,
       start_date, periodicity, amount_cents, retry_policy, journey, status, history, created_at)
     SELECT $1 || s.set || lpad(g::text, 10, '0'), $2::uuid, $3, 'C' || s.set || g, 'Assinatura', '12345678909',
       'Assinante ' || g, $4::date, 'MENSAL', 4990, 'NAO_PERMITE', 'JORNADA_2', 'APROVADA',
       jsonb_build_array(jsonb_build_object('status', 'CRIADA', 'data', now()),
                         jsonb_build_object('status', 'APROVADA', 'data', now())), now()
     FROM (VALUES ('A'), ('B')) AS s(set), generate_series(1, $5::int) AS g`,
    prefix,
    account.userId,
    account.id,
    dueDay,
    ITEMS,
  );
}

function todayCompact() {
  return new Date().toISOString().slice(0, 10).replaceAll("-", "");
}

/** The baseline: ITEMS single-row INSERTs, one transaction each, on the same database. */
async function singleInserts(): Promise<number> {
  const { db } = await import("../server/db/client");
  await db().$executeRawUnsafe("CREATE TABLE bench_baseline (id int PRIMARY KEY, note text, at timestamptz)");
  const started = performance.now();
  for (let i = 0; i < ITEMS; i++) {
    await db().$executeRaw`INSERT INTO bench_baseline VALUES (${i}, ${"linha"}, now())`;
  }
  const seconds = (performance.now() - started) / 1000;
  await db().$executeRawUnsafe("DROP TABLE bench_baseline");
  return seconds;
}

/** Creates set `set`'s cobr split over `workers` concurrent loops, then settles them at the due day with `workers` processes. */
async function dueDayWith(workers: number, set: string, account: Account, dueDay: string) {
  const { db } = await import("../server/db/client");
  const { createRecurringCharges } = await import("../server/recurrences/charges/create-batch");
  const recs = await db().$queryRawUnsafe<{ id_rec: string }[]>(
    "SELECT id_rec FROM recurrences WHERE substr(id_rec, 19, 1) = $1 ORDER BY id_rec",
    set,
  );
  console.log(
    `▸ ${workers} loop(s): create ${recs.length} cobr (createRecurringCharges, ${CREATE_CHUNK} a transaction)`,
  );
  const createStarted = performance.now();
  const item = (idRec: string) => ({
    idRec,
    dueDate: dueDay,
    amountCents: 4990n,
    adjustBusinessDay: false,
    info: "Mensalidade",
    receiver: { account: account.id, accountType: "PAGAMENTO" as const },
  });
  const refused: unknown[] = [];
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      const mine = recs.filter((_, i) => i % workers === w).map((r) => r.id_rec);
      for (let i = 0; i < mine.length; i += CREATE_CHUNK) {
        const outcomes = await db().$transaction(
          (tx) => createRecurringCharges(tx, account.userId, mine.slice(i, i + CREATE_CHUNK).map(item)),
          { timeout: 60_000 },
        );
        refused.push(...outcomes.filter((o) => o instanceof Error));
      }
    }),
  );
  if (refused.length) throw new Error(`${refused.length} cobr refused: ${String(refused[0])}`);
  const create = (performance.now() - createStarted) / 1000;
  console.log(`  created in ${create.toFixed(2)} s; settle at ${dueDay} with ${workers} process(es)`);
  const settleAt = new Date(`${dueDay}T15:00:00Z`); // noon in São Paulo
  const children = await Promise.all(Array.from({ length: workers }, () => settlementWorker(settleAt)));
  const settleStarted = performance.now();
  const reports = await Promise.all(children.map((child) => child.go()));
  const settle = (performance.now() - settleStarted) / 1000;
  const passes = reports.reduce((sum, r) => sum + r.passes, 0);
  console.log(`  settled in ${settle.toFixed(2)} s by ${workers} process(es): ${JSON.stringify(reports)}`);
  return { create, settle, passes, reports };
}

type WorkerReport = { passes: number; activated: number; paid: number; failed: number };

/** A settlement worker process (support/recurring-worker.ts), started and connected; `go` runs it to the end. */
async function settlementWorker(settleAt: Date): Promise<{ go: () => Promise<WorkerReport> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/support/recurring-worker.ts"], {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, SETTLE_AT: settleAt.toISOString() },
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const next = () => new Promise<string>((resolve) => lines.once("line", resolve));
  if ((await next()) !== "ready") throw new Error("the settlement worker did not start");
  return {
    go: async () => {
      const answer = next();
      child.stdin?.write("go\n");
      return JSON.parse(await answer) as WorkerReport;
    },
  };
}

/** No cycle charged twice: paid attempts, concluded charges and every ledger entry naming a cobr all equal. */
async function exactlyOnce() {
  const { db } = await import("../server/db/client");
  const [row] = await db().$queryRawUnsafe<{ paid: bigint; concluded: bigint; credits: bigint; charges: bigint }[]>(
    `SELECT (SELECT count(*) FROM recurring_charge_attempts WHERE status = 'PAGA') AS paid,
            (SELECT count(*) FROM recurring_charges WHERE status = 'CONCLUIDA') AS concluded,
            (SELECT count(*) FROM recurring_charges) AS charges,
            (SELECT count(*) FROM ledger_entries e JOIN recurring_charges c ON c.tx_id = e.entry_ref) AS credits`,
  );
  const r = row as NonNullable<typeof row>;
  return {
    charges: Number(r.charges),
    paidAttempts: Number(r.paid),
    concluded: Number(r.concluded),
    credits: Number(r.credits),
  };
}
