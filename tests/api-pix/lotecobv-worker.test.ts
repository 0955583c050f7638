/**
 * The batch worker is crash-safe and processes each item once: a crash between the claim and the
 * commit (simulated, and a real kill -9 of a worker process) leaves items EM_PROCESSAMENTO, and the
 * next passes create exactly one charge (one location, one charge.created event) per item.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { processDueDateBatches } from "../../server/charges/due-date/batch-worker";
import { db } from "../../server/db/client";
import { batchItems, drainBatches, putLote } from "./lotecobv-support";
import { apiPixMerchantWithKey } from "./support";

type Merchant = Awaited<ReturnType<typeof apiPixMerchantWithKey>>;

async function statuses(txIds: string[]) {
  const items = await db().dueDateBatchItem.groupBy({ by: ["status"], where: { txId: { in: txIds } }, _count: true });
  return Object.fromEntries(items.map((i) => [i.status, i._count]));
}

/** Every txid has exactly one charge, one location and one charge.created event. */
async function expectOnceEach(txIds: string[]) {
  const charges = await db().charge.groupBy({ by: ["txId"], where: { txId: { in: txIds } }, _count: true });
  expect(charges).toHaveLength(txIds.length);
  const locations = await db().payloadLocation.groupBy({ by: ["txId"], where: { txId: { in: txIds } }, _count: true });
  expect(locations.every((l) => l._count === 1)).toBe(true);
  expect(locations).toHaveLength(txIds.length);
  const events = await db().outboxEvent.groupBy({
    by: ["entryId"],
    where: { topic: "charge.created", entryId: { in: txIds } },
    _count: true,
  });
  expect(events).toHaveLength(txIds.length);
  expect(events.every((e) => e._count === 1)).toBe(true);
}

describe("due-date batch worker", () => {
  let shop: Merchant;

  beforeAll(async () => {
    shop = await apiPixMerchantWithKey();
  });

  it("a crash between claim and commit leaves the chunk EM_PROCESSAMENTO; the next pass creates each once", async () => {
    const items = batchItems(shop.chave, 30);
    const txIds = items.map((i) => i.txid);
    await putLote(shop.bearer, { descricao: "crash", cobsv: items });
    const crash = processDueDateBatches(db(), {
      size: 20,
      beforeCommit: async () => {
        throw new Error("killed");
      },
    });
    await expect(crash).rejects.toThrow("killed");
    expect(await statuses(txIds)).toEqual({ EM_PROCESSAMENTO: 30 });
    expect(await db().charge.count({ where: { txId: { in: txIds } } })).toBe(0);
    await drainBatches();
    expect(await statuses(txIds)).toEqual({ CRIADA: 30 });
    await expectOnceEach(txIds);
  });

  it("two workers at once never take the same item", async () => {
    const items = batchItems(shop.chave, 120);
    const txIds = items.map((i) => i.txid);
    await putLote(shop.bearer, { descricao: "race", cobsv: items });
    const worker = async () => {
      while ((await processDueDateBatches(db(), { size: 10 })) > 0) {}
    };
    await Promise.all([worker(), worker(), worker()]);
    expect(await statuses(txIds)).toEqual({ CRIADA: 120 });
    await expectOnceEach(txIds);
  });

  it("an item that fails with no refusal waits; the others of its chunk are done, and the pass says so", async () => {
    const items = batchItems(shop.chave, 3);
    const txIds = items.map((i) => i.txid);
    await putLote(shop.bearer, { descricao: "poison", cobsv: items });
    // an input the service cannot even read (not a refusal: a fault)
    await db()
      .$executeRaw`UPDATE due_date_batch_items SET input = input || '{"locationId":"abc"}'::jsonb WHERE tx_id = ${txIds[1]}`;
    expect(await processDueDateBatches(db())).toBe(2);
    expect(await statuses(txIds)).toEqual({ CRIADA: 2, EM_PROCESSAMENTO: 1 });
    // nothing more can be done now: the loop idles instead of spinning on it
    expect(await processDueDateBatches(db())).toBe(0);
    await db().dueDateBatchItem.delete({ where: { txId: txIds[1] as string } });
  });

  it("kill -9 of a worker process mid-batch: the rest is picked up again, one charge per item", async () => {
    const items = batchItems(shop.chave, 600);
    const txIds = items.map((i) => i.txid);
    await putLote(shop.bearer, { descricao: "kill -9", cobsv: items });
    const child = spawn(path.resolve("node_modules/.bin/tsx"), ["tests/api-pix/lotecobv-drain.ts"], {
      env: { ...process.env, CHUNK: "25" },
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => child.on("exit", resolve));
    // kill it as soon as its first chunks are committed, surely mid-way through the batch
    for (let i = 0; i < 600; i++) {
      if (((await statuses(txIds)).CRIADA ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.kill("SIGKILL");
    await exited;
    const atKill = await statuses(txIds);
    expect(atKill.CRIADA ?? 0).toBeGreaterThan(0);
    expect(atKill.EM_PROCESSAMENTO ?? 0).toBeGreaterThan(0);
    // one statement, one snapshot: the killed process's last COMMIT may still land between two reads
    const [seen] = await db().$queryRaw<{ charges: number; created: number }[]>`
      SELECT (SELECT count(*)::int FROM charges WHERE tx_id = ANY(${txIds})) AS charges,
             (SELECT count(*)::int FROM due_date_batch_items WHERE tx_id = ANY(${txIds}) AND status = 'CRIADA') AS created`;
    expect(seen?.charges).toBe(seen?.created);
    // the killed process's backend may still hold its chunk's row locks until it notices: drain until done
    const deadline = Date.now() + 30_000;
    while ((await statuses(txIds)).EM_PROCESSAMENTO && Date.now() < deadline) {
      await drainBatches();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await statuses(txIds)).toEqual({ CRIADA: 600 });
    await expectOnceEach(txIds);
  }, 60_000);
});
