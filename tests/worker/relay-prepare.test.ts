/** A handler's `prepare` sees a pass's events before the first is handled; its failure costs nothing. */
import { describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import type { OutboxTopic } from "../../server/outbox/record";
import { type OutboxHandler, type OutboxHandlers, relayDueEvents } from "../../server/outbox/relay";

// Other test files relay the shared database's due events at any moment: these events have a
// topic of their own and fall due only at a time that this file's passes ask for.
const LATER = new Date(Date.now() + 3_600_000);

async function backlog(count: number) {
  const topic = `test.prepare.${crypto.randomUUID()}` as OutboxTopic;
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await db().outboxEvent.createMany({ data: ids.map((id, n) => ({ id, topic, payload: { n }, availableAt: LATER })) });
  const relay = (handler: OutboxHandler) =>
    relayDueEvents(db(), { [topic]: handler } as OutboxHandlers, 100, new Date(LATER.getTime() + 1000), [topic]);
  return { ids, relay };
}

const unpublished = (ids: string[]) => db().outboxEvent.count({ where: { id: { in: ids }, publishedAt: null } });

describe("outbox relay: handlers that prepare a pass", () => {
  it("hands every event of the pass to prepare once, before the handler sees the first", async () => {
    const { ids, relay } = await backlog(12);
    const log: string[] = [];
    const handler: OutboxHandler = async (event) => {
      log.push(`handle ${event.id}`);
    };
    handler.prepare = async (events) => {
      log.push(
        `prepare ${events
          .map((e) => e.id)
          .sort()
          .join(",")}`,
      );
    };
    await relay(handler);
    expect(log[0]).toBe(`prepare ${[...ids].sort().join(",")}`);
    expect(log.slice(1).sort()).toEqual(ids.map((id) => `handle ${id}`).sort());
    expect(await unpublished(ids)).toBe(0);
  });

  it("handles and publishes the events when prepare fails", async () => {
    const { ids, relay } = await backlog(5);
    const handled: string[] = [];
    const handler: OutboxHandler = async (event) => {
      handled.push(event.id);
    };
    handler.prepare = async () => {
      throw new Error("database went away for a moment");
    };
    await relay(handler);
    expect(handled.sort()).toEqual([...ids].sort());
    expect(await unpublished(ids)).toBe(0);
  });
});
