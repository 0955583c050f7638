import { describe, expect, it } from "vitest";
import { startPollingLoop } from "./loop";

describe("startPollingLoop", () => {
  it("passes again at once while there is work, survives a failed pass, and idles between empty passes", async () => {
    let passes = 0;
    const loop = startPollingLoop(
      "test",
      async () => {
        passes++;
        if (passes === 2) throw new Error("a failed pass");
        return passes < 5;
      },
      1000,
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    // passes 1, 3, 4 found work (no wait); 2 failed and 5 found none: each waits the idle second
    expect(passes).toBe(2);
    await loop.stop();
  });

  it("stop waits for the pass under way and then no pass runs", async () => {
    let finished = 0;
    const loop = startPollingLoop(
      "test",
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        finished++;
        return true;
      },
      10,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await loop.stop();
    const atStop = finished;
    expect(atStop).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(finished).toBe(atStop);
  });
});
