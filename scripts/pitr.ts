/**
 * `npm run test:pitr`: a tested point-in-time restore (docs/operations.md, "Backups and
 * point-in-time recovery"). A primary archiving its WAL to a folder (archive_command) gets a
 * base backup (pg_basebackup) and ledger entries before and after a recorded instant; the backup
 * is then restored into a new data directory with the archive as restore_command and
 * recovery_target_time at that instant; `ledger verify` runs on the restored copy, which must
 * hold exactly the entries made before the instant.
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, chownSync, cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../server/db/embedded";
import { findPostgresBinaries, PgServer, startStreamingCluster } from "../tests/support/streaming-cluster";
import { runDrill, stopAtEnd } from "./drill/cleanup";

const started = Date.now();
const log = (message: string) => console.log(`[pitr ${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
const bins = findPostgresBinaries();
if (!bins?.basebackup) {
  log("SKIPPED: needs PostgreSQL binaries with pg_basebackup (the machine's, or PG_BIN)");
  process.exit(0);
}
const owner =
  process.getuid?.() === 0
    ? { uid: Number(execFileSync("id", ["-u", "postgres"])), gid: Number(execFileSync("id", ["-g", "postgres"])) }
    : undefined;
/** A scratch folder, removed at the end of the run. */
const scratchDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  stopAtEnd(dir, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const restoreToAnInstant = async (): Promise<boolean> => {
  const archive = scratchDir("pix-wal-archive-");
  const cluster = await startStreamingCluster({ archiveDir: archive, bins });
  stopAtEnd("the primary and the standby", cluster.stop);
  await cluster.standby.kill9(); // only the primary and its archive matter here
  await cluster.primary.query('CREATE DATABASE "pix_pitr"');
  const url = cluster.primary.url("pix_pitr");
  execFileSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], {
    stdio: "ignore",
    env: { ...process.env, DATABASE_URL: url },
  });
  process.env.DATABASE_URL = url;
  Object.assign(process.env, { LOG_LEVEL: "warn" });
  const { createMerchant } = await import("../server/accounts/merchants");
  const { creditIncomingPix } = await import("../server/transfers/incoming");
  const { verifyLedger } = await import("../server/ledger/verify");
  const { createDb, db, disconnectDb } = await import("../server/db/client");
  const m = await createMerchant(db(), {
    name: "Loja PITR",
    document: "11222333000181",
    email: "pitr@pitr.test",
    password: "pitr-test-password-1",
    ipWhitelist: ["127.0.0.1"],
  });
  const credit = (cents: bigint) =>
    creditIncomingPix(db(), { userId: m.userId, accountId: m.accountId, amountCents: cents });
  for (let i = 0; i < 5; i++) await credit(1_000n);

  const backup = scratchDir("pix-basebackup-");
  if (owner) chownSync(backup, owner.uid, owner.gid);
  execFileSync(
    path.join(bins.dir, "pg_basebackup"),
    [
      "-h",
      "127.0.0.1",
      "-p",
      String(cluster.primary.port),
      "-U",
      "postgres",
      "-D",
      backup,
      "-X",
      "stream",
      "-c",
      "fast",
    ],
    { stdio: "ignore", ...owner },
  );
  log(`base backup taken in ${backup}`);
  for (let i = 0; i < 5; i++) await credit(2_000n); // after the backup, before the target: from the WAL archive
  await new Promise((r) => setTimeout(r, 1_100));
  const [{ target }] = (await db().$queryRaw<{ target: string }[]>`SELECT now()::text AS target`) as [
    { target: string },
  ];
  await new Promise((r) => setTimeout(r, 1_100));
  for (let i = 0; i < 5; i++) await credit(50_000n); // after the target: must not come back
  await cluster.primary.query("SELECT pg_switch_wal()");
  await new Promise((r) => setTimeout(r, 1_500)); // the archiver copies the last segment
  log(`recovery target ${target}; 10 credits before it, 5 after`);

  const dataDir = scratchDir("pix-restored-");
  cpSync(backup, dataDir, { recursive: true });
  if (owner) execFileSync("chown", ["-R", `${owner.uid}:${owner.gid}`, dataDir]);
  const restored = new PgServer(bins, dataDir, await freePort(), owner);
  stopAtEnd("the restored copy", () => restored.kill9());
  writeFileSync(path.join(dataDir, "recovery.signal"), "");
  if (owner) chownSync(path.join(dataDir, "recovery.signal"), owner.uid, owner.gid);
  appendFileSync(
    path.join(dataDir, "postgresql.auto.conf"),
    [
      `port = ${restored.port}`,
      `unix_socket_directories = '${dataDir}'`,
      "archive_mode = off",
      `restore_command = 'cp ${archive}/%f %p'`,
      `recovery_target_time = '${target}'`,
      "recovery_target_action = 'promote'",
      "",
    ].join("\n"),
  );
  await restored.start();
  for (let i = 0; ; i++) {
    const [row] = await restored.query<{ recovering: boolean }>("SELECT pg_is_in_recovery() AS recovering");
    if (!row?.recovering) break;
    if (i > 300) throw new Error("the restored copy never finished recovery");
    await new Promise((r) => setTimeout(r, 100));
  }
  await disconnectDb();
  const copy = createDb(restored.url("pix_pitr"), 2);
  const verify = await verifyLedger(copy);
  const account = await copy.account.findUniqueOrThrow({ where: { id: m.accountId } });
  const entries = await copy.ledgerEntry.count({ where: { accountId: m.accountId } });
  await copy.$disconnect();
  log(
    `restored copy: ${entries} entries, available ${account.availableCents} centavos; ledger verify ok: ${verify.ok}`,
  );
  const want = 5n * 1_000n + 5n * 2_000n;
  if (!verify.ok) log(`PROBLEM ledger verify: ${JSON.stringify(verify.violations.slice(0, 3))}`);
  if (account.availableCents !== want || entries !== 10) {
    log(`PROBLEM expected 10 entries and ${want} centavos (everything before the target, nothing after)`);
  }
  const failed = !verify.ok || account.availableCents !== want || entries !== 10;
  log(failed ? "FAILED" : "passed");
  return failed;
};

await runDrill(restoreToAnInstant, { log });
