import { describe, expect, it } from "vitest";
import { batchedStatement } from "./batched";

/** A statement whose batches finish when the test says so, recording what each one carried. */
function controlledStatement(inFlight: number) {
  const batches: number[][] = [];
  const finishers: (() => void)[] = [];
  const run = batchedStatement<number, number>(
    (items) =>
      new Promise((resolve) => {
        batches.push([...items]);
        finishers.push(() => resolve(items.map((item) => item * 10)));
      }),
    256,
    () => inFlight,
  );
  return { run, batches, finish: (index: number) => finishers[index]?.() };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("batchedStatement", () => {
  it("with one in flight, gathers everything that arrives while a batch is in the database", async () => {
    const { run, batches, finish } = controlledStatement(1);
    const first = run(1);
    await turn();
    const later = [run(2), run(3), run(4)];
    await turn();
    expect(batches).toEqual([[1]]);
    finish(0);
    expect(await first).toBe(10);
    await turn();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    finish(1);
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it("with two in flight, starts the second batch without waiting for the first", async () => {
    const { run, batches, finish } = controlledStatement(2);
    const first = run(1);
    await turn();
    const second = run(2);
    await turn();
    expect(batches).toEqual([[1], [2]]);
    finish(1);
    finish(0);
    expect(await Promise.all([first, second])).toEqual([10, 20]);
  });
});
