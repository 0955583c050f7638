/**
 * Which way a service's ledger write reaches the database, said by its caller rather than guessed
 * from the handle it passes:
 *
 *   batch        committed in a transaction of its own, one statement with the writes that arrive
 *                meanwhile (group-commit.ts, cash-out-batch.ts); `db` serves the service's other
 *                reads and writes. The doors' path.
 *   transaction  inside the caller's transaction, with the caller's other writes (ledger_post).
 */
import type { Db, Tx } from "../db/client";
import { postGrouped } from "./group-commit";
import type { Entry, Leg, NewEntry } from "./types";
import { post } from "./verbs";

export type WritePath = { kind: "batch"; db: Db } | { kind: "transaction"; tx: Tx };

export const inBatch = (db: Db): WritePath => ({ kind: "batch", db });
export const inCallerTransaction = (tx: Tx): WritePath => ({ kind: "transaction", tx });

/** The handle for the service's other reads and writes on this path. */
export const handleOf = (path: WritePath): Db | Tx => (path.kind === "batch" ? path.db : path.tx);

/** New entries with the legs that move their money (legs belong to the first entry), by the path. */
export function postBy(path: WritePath, change: { entries: NewEntry[]; legs: Leg[] }): Promise<Entry[]> {
  return path.kind === "batch" ? postGrouped(change) : post(path.tx, change);
}
