/**
 * Watches one kind of batched statement on the main pool (server/db/batched.ts): the first call
 * is held until `release()`, every call's item count is recorded, and so is the most calls of it
 * that were in the database at once.
 */
import { vi } from "vitest";
import { pool } from "../../server/db/pool";
import { sqlOf } from "./fixtures";

export function holdFirstBatch(functionName: string) {
  const target = pool();
  const query = target.query.bind(target) as (...args: unknown[]) => Promise<unknown>;
  const sizes: number[] = [];
  let inDatabase = 0;
  let most = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.spyOn(target, "query").mockImplementation((async (...args: unknown[]) => {
    const [statement] = args as [{ values?: unknown[] }];
    if (!sqlOf(statement).includes(`${functionName}(`)) return query(...args);
    sizes.push((JSON.parse(String(statement.values?.[0])) as unknown[]).length);
    inDatabase++;
    most = Math.max(most, inDatabase);
    try {
      if (sizes.length === 1) await held;
      return await query(...args);
    } finally {
      inDatabase--;
    }
  }) as never);
  return { sizes, release, mostAtOnce: () => most };
}
