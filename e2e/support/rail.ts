/**
 * The payment network's answer the e2e server never gets on its own: it runs no worker, so a PIX
 * to another institution stays processing. This settles one by its end-to-end id, as the worker's
 * outbox handler does (server/worker/outbox-handlers.ts), on the run's database.
 */
import pg from "pg";

/** The e2e database (serve.ts names it at random) whose ledger holds `endToEndId`. */
export async function runDatabaseOf(endToEndId: string): Promise<string> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("DATABASE_URL is not set (the e2e command sets it)");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rows } = await admin
    .query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'pix_e2e_%' ORDER BY datname DESC")
    .finally(() => admin.end());
  for (const { datname } of rows) {
    const url = new URL(adminUrl);
    url.pathname = `/${datname}`;
    const client = new pg.Client({ connectionString: url.toString() });
    const found = await client
      .connect()
      .then(() => client.query("SELECT 1 FROM ledger_entries WHERE end_to_end_id = $1 LIMIT 1", [endToEndId]))
      .then((result) => (result.rowCount ?? 0) > 0)
      .catch(() => false)
      .finally(() => client.end());
    if (found) return url.toString();
  }
  throw new Error(`no e2e database holds the PIX ${endToEndId}`);
}

/** Settles the outgoing PIX `endToEndId` now: succeeded, or failed with its sandbox reason code. */
export async function settleOutgoingPix(endToEndId: string): Promise<void> {
  const url = await runDatabaseOf(endToEndId);
  process.env.DATABASE_URL = url;
  const { resetConfigForTests } = await import("../../server/config");
  resetConfigForTests();
  const { db } = await import("../../server/db/client");
  const { settleOutgoingPix: settle } = await import("../../server/transfers/send-pix");
  const entry = await db().ledgerEntry.findFirstOrThrow({ where: { endToEndId, type: "debit" } });
  await settle(db(), entry.seq);
}
