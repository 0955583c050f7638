/** Helpers of the lotecobv tests: a batch body, its submission, and running the worker until it is done. */
import { processDueDateBatches } from "../../server/charges/due-date/batch-worker";
import { db } from "../../server/db/client";
import { cobvBody } from "./cobv-support";
import { newTxid, pixCall } from "./support";

let nextId = Date.now() % 1_000_000_000;
/** A batch id not used yet in this run. */
export const newBatchId = () => String(nextId++);

/** `count` valid cobv items on `chave`, each with a fresh txid. */
export function batchItems(chave: string, count: number, extra: Record<string, unknown> = {}) {
  return Array.from({ length: count }, () => ({ txid: newTxid(), ...cobvBody(chave), ...extra }));
}

export async function putLote(bearer: string, body: unknown, id = newBatchId()) {
  return { id, res: await pixCall(bearer, "PUT", `/lotecobv/${id}`, { body }) };
}

/** Runs worker passes until no item waits. */
export async function drainBatches() {
  while ((await processDueDateBatches(db())) > 0) {}
}
