import { describe, expect, it } from "vitest";
import { pollDelay } from "./live-updates";

describe("the dashboard's polling", () => {
  it("looks every 5 s after a change and backs off to a minute while nothing moves", () => {
    expect(pollDelay(0)).toBe(5_000);
    expect(pollDelay(1)).toBe(7_500);
    const delays = Array.from({ length: 12 }, (_, quiet) => pollDelay(quiet));
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(pollDelay(11)).toBe(60_000);
    expect(pollDelay(100)).toBe(60_000);
  });
});
