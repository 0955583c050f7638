import { describe, expect, it } from "vitest";
import { coalesced } from "./inbound";

describe("coalesced", () => {
  it("flushes a lone call at once, and the calls made during a flush together in the next", async () => {
    const flushed: number[][] = [];
    let release: () => void = () => {};
    const write = coalesced<number>(async (items) => {
      flushed.push(items);
      if (flushed.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = write(1);
    const later = [write(2), write(3), write(4)];
    expect(flushed).toEqual([[1]]);
    release();
    await Promise.all([first, ...later]);
    expect(flushed).toEqual([[1], [2, 3, 4]]);
  });

  it("fails every call of a batch whose flush failed, and goes on with the next", async () => {
    let calls = 0;
    const write = coalesced<string>(async () => {
      calls++;
      if (calls === 1) throw new Error("the database went away");
    });
    await expect(write("a")).rejects.toThrow("the database went away");
    await expect(write("b")).resolves.toBeUndefined();
  });
});
