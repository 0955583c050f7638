import type { Db, Tx } from "./client";

/**
 * Runs `work` in a transaction: a new one on the client, or the caller's when given one, so a
 * service can be a step of a larger change.
 */
export function inTransaction<T>(
  db: Db | Tx,
  work: (tx: Tx) => Promise<T>,
  options?: { timeout?: number },
): Promise<T> {
  return "$transaction" in db ? (db as Db).$transaction(work, options) : work(db);
}
