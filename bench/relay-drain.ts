/**
 * `npm run bench:relay`: can the worker's outbox relay keep up with what the ledger announces?
 * Seeds BENCH_ACCOUNTS funded accounts (half of their merchants with an account-surface webhook
 * configuration for every event), commits received PIX credits through the service (each one
 * `pix_in:credited`, an event on the account surface) from BENCH_CONNECTIONS callers for
 * BENCH_SECONDS with the relay stopped, then starts the relay (OUTBOX_RELAY_LOOPS passes, the
 * worker's handlers: webhook fan-out) and times the drain of that backlog. Prints the commit rate
 * and the drain rate in outbox events/s, and their ratio. (Internal transfers, the fastest
 * writes, announce nothing: UNANNOUNCED_REASONS in server/ledger/types.ts.)
 */
import { dropDatabase } from "../server/db/embedded";
import { callersUntil } from "./support/callers";
import { fundedMerchants } from "./support/funded";
import { load } from "./support/pgbench";
import { benchServer } from "./support/server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "true";

const { embedded, adminUrl, urlFor } = await benchServer();
const name = `pix_bench_relay_${Date.now()}`;
try {
  console.log(`▸ database ${name}: ${ACCOUNTS} funded accounts; load ${load()}`);
  const merchants = await fundedMerchants({ adminUrl, urlFor }, name, ACCOUNTS, "relay");
  const { db, disconnectDb } = await import("../server/db/client");
  const { pool, closePool } = await import("../server/db/pool");
  const { config } = await import("../server/config");
  const { startOutboxRelay } = await import("../server/outbox/relay");
  const { outboxHandlers } = await import("../server/worker/outbox-handlers");
  const { creditIncomingPix } = await import("../server/transfers/incoming");
  const owners = new Map(
    (await pool().query("SELECT id, user_id FROM accounts")).rows.map((r) => [r.id as string, r.user_id as string]),
  );
  // Half the merchants listen to every event on the account surface (deliveries are created,
  // not sent: this measures the relay, not the delivery loop).
  const listeners = [...owners.values()].slice(0, Math.floor(owners.size / 2));
  for (const userId of listeners) {
    await db().webhookConfig.create({
      data: { id: crypto.randomUUID(), userId, targetUrl: "http://127.0.0.1:9/hook", events: ["*"] },
    });
  }
  const accounts = merchants.map((m) => m.accountId);
  const pending = async () =>
    Number((await pool().query("SELECT count(*) AS n FROM outbox_events WHERE published_at IS NULL")).rows[0].n);
  await pool().query("UPDATE outbox_events SET published_at = now() WHERE published_at IS NULL");

  console.log(`▸ ${CONNECTIONS} callers commit received PIX credits for ${SECONDS}s (relay stopped)`);
  const credits = await callersUntil(CONNECTIONS, SECONDS, () => {
    const accountId = accounts[Math.floor(Math.random() * accounts.length)] as string;
    return creditIncomingPix(db(), { userId: owners.get(accountId) as string, accountId, amountCents: 1n });
  });
  const backlog = await pending();
  const commitRate = backlog / SECONDS;

  const loops = config().OUTBOX_RELAY_LOOPS;
  console.log(`▸ relay with ${loops} pass(es) drains ${backlog} events`);
  const started = performance.now();
  const relay = startOutboxRelay(db(), outboxHandlers(db()), 50, null, loops);
  while ((await pending()) > 0) await new Promise((r) => setTimeout(r, 100));
  const drainSeconds = (performance.now() - started) / 1000;
  await relay.stop();
  const deliveries = Number((await pool().query("SELECT count(*) AS n FROM webhook_deliveries")).rows[0].n);
  console.table([
    {
      "credits/s": Math.round(credits / SECONDS),
      "outbox events/s committed": Math.round(commitRate),
      "backlog events": backlog,
      "drain s": Number(drainSeconds.toFixed(2)),
      "events/s drained": Math.round(backlog / drainSeconds),
      "deliveries created": deliveries,
      "drain / commit": Number((backlog / drainSeconds / commitRate).toFixed(2)),
      "relay passes": loops,
    },
  ]);
  console.log(`load average: ${load()}`);
  await closePool();
  await disconnectDb();
} finally {
  await dropDatabase(adminUrl, name).catch(() => {});
  await embedded?.stop();
}
process.exit(0);
