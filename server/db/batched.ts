/**
 * Coalesces concurrent single-row statements into one (DataLoader, no cache). Natural batching
 * (docs/decisions/0022-group-commit.md, 0023-gateway-write-path.md): while a statement of a kind
 * is in the database, the next one gathers every call that arrives meanwhile, so a hot path that
 * reads or writes one row per request costs PostgreSQL one statement per batch, not one per
 * request, and a lone request waits for nothing. Nothing is cached: each call is answered by a
 * statement sent after it was made.
 */
import DataLoader from "dataloader";
import { config } from "../config";

/** Batches of one kind in the database at once; the next one waits for a free place. */
function inFlightGate(limit: () => number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    schedule(dispatch: () => void) {
      setImmediate(() => {
        if (running < limit()) dispatch();
        else waiting.push(dispatch);
      });
    },
    started() {
      running++;
    },
    finished() {
      running--;
      waiting.shift()?.();
    },
  };
}

/**
 * One statement for many items: `runMany` answers, in order, one result (or Error) per item.
 * Items are not merged: two equal items are two rows of the statement.
 */
export function batchedStatement<I, O>(
  runMany: (items: readonly I[]) => Promise<(O | Error)[]>,
  maxBatchSize = 256,
  inFlight: () => number = () => config().GROUP_COMMIT_IN_FLIGHT,
): (item: I) => Promise<O> {
  const gate = inFlightGate(inFlight);
  const loader = new DataLoader<I, O>(
    async (items) => {
      gate.started();
      try {
        return await runMany(items);
      } finally {
        gate.finished();
      }
    },
    { cache: false, maxBatchSize, batchScheduleFn: gate.schedule },
  );
  return (item) => loader.load(item);
}

/** A single-row read by key, answered by one `WHERE … = ANY($1)` per batch (null: no such row). */
export function batchedLookup<K, V>(
  readMany: (keys: readonly K[]) => Promise<Map<K, V>>,
  maxBatchSize = 256,
): (key: K) => Promise<V | null> {
  return batchedStatement<K, V | null>(async (keys) => {
    const found = await readMany([...new Set(keys)]);
    return keys.map((key) => found.get(key) ?? null);
  }, maxBatchSize);
}
