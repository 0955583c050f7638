/**
 * Coalesces concurrent look-ups into one query (DataLoader, no cache): every `load` made while
 * the event loop handles one round of sockets is answered by a single `WHERE … = ANY($1)`. A hot
 * path that reads one row per request then costs PostgreSQL one statement per round, not one per
 * request (docs/decisions/0022-group-commit.md). Nothing is cached: each round reads afresh.
 */
import DataLoader from "dataloader";

export function batchedLookup<K, V>(
  readMany: (keys: readonly K[]) => Promise<Map<K, V>>,
  maxBatchSize = 256,
): (key: K) => Promise<V | null> {
  const loader = new DataLoader<K, V | null>(
    async (keys) => {
      const found = await readMany([...new Set(keys)]);
      return keys.map((key) => found.get(key) ?? null);
    },
    { cache: false, maxBatchSize, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );
  return (key) => loader.load(key);
}
