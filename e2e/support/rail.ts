/**
 * The payment network's answer the e2e server never asks for on its own: it relays no PIX to
 * another institution, so one stays processing until a spec hands it over here. On the
 * simulated network (the default) the spec's Node side posts the pacs.008 (or pacs.004) to the
 * simulator's SPI and waits for the server, which reads the SPI's stream, to apply its pacs.002;
 * on the in-process sandbox (E2E_RAIL=sandbox) it settles at once, as the worker's outbox handler
 * does (server/worker/outbox-handlers.ts).
 */
import { expect } from "@playwright/test";
import pg from "pg";
import { e2eRail, loopbackNetworkEnvironment } from "./network";
import { runDatabaseUrls } from "./run-databases";

/** The e2e database (serve.ts names it at random) whose ledger holds `endToEndId`. */
export async function runDatabaseOf(endToEndId: string): Promise<string> {
  for (const url of await runDatabaseUrls()) {
    const client = new pg.Client({ connectionString: url });
    const found = await client
      .connect()
      .then(() => client.query("SELECT 1 FROM ledger_entries WHERE end_to_end_id = $1 LIMIT 1", [endToEndId]))
      .then((result) => (result.rowCount ?? 0) > 0)
      .catch(() => false)
      .finally(() => client.end());
    if (found) return url;
  }
  throw new Error(`no e2e database holds the PIX ${endToEndId}`);
}

/** Settles the outgoing PIX `endToEndId` now: succeeded, or failed with its reason code. */
export async function settleOutgoingPix(endToEndId: string): Promise<void> {
  const url = await runDatabaseOf(endToEndId);
  const onNetwork = e2eRail() === "network";
  Object.assign(process.env, { DATABASE_URL: url, ...(onNetwork ? loopbackNetworkEnvironment() : {}) });
  const { resetConfigForTests } = await import("../../server/config");
  resetConfigForTests();
  const { db } = await import("../../server/db/client");
  const entry = await db().ledgerEntry.findFirstOrThrow({ where: { endToEndId, type: "debit" } });
  if (!onNetwork) {
    const { settleOutgoingPix: settle } = await import("../../server/transfers/send-pix");
    await settle(db(), entry.seq);
    return;
  }
  // what the worker's relay hands the rail: the submission event, with the receiver's document
  const { transmitOutgoing } = await import("../../server/pix/outgoing");
  const submitted = await db().outboxEvent.findFirstOrThrow({
    where: { topic: "rail.payment_submitted", payload: { path: ["entrySeq"], equals: entry.seq.toString() } },
  });
  await transmitOutgoing(db(), submitted.payload as Parameters<typeof transmitOutgoing>[1]);
  // the SPI's pacs.002 reaches the server's stream reader, which decides the payment
  await expect
    .poll(async () => (await db().ledgerEntry.findUniqueOrThrow({ where: { seq: entry.seq } })).status, {
      timeout: 15_000,
    })
    .not.toBe("processing");
}
