/** OUTBOX_RELAY_LOOPS: several relay passes at once share a backlog, each event handled once. */
import { describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import type { OutboxTopic } from "../../server/outbox/record";
import { type OutboxHandlers, startOutboxRelay } from "../../server/outbox/relay";

// Other test files relay the shared database's due events at any moment: these events have a
// topic of their own and fall due only at a time that this file's relay asks for.
const LATER = new Date(Date.now() + 3_600_000);

async function backlog(count: number): Promise<OutboxTopic> {
  const topic = `test.loops.${crypto.randomUUID()}` as OutboxTopic;
  await db().outboxEvent.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      id: crypto.randomUUID(),
      topic,
      payload: { n: i },
      availableAt: LATER,
    })),
  });
  return topic;
}

async function drain(topic: OutboxTopic, loops: number) {
  const handled = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  const relay = startOutboxRelay(
    db(),
    {
      [topic]: async (event: { id: string }) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 2));
        handled.set(event.id, (handled.get(event.id) ?? 0) + 1);
        inFlight--;
      },
    } as OutboxHandlers,
    20,
    [topic],
    loops,
    () => new Date(LATER.getTime() + 1000),
  );
  while ((await db().outboxEvent.count({ where: { topic, publishedAt: null } })) > 0) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await relay.stop();
  return { handled, maxInFlight };
}

describe("outbox relay passes", () => {
  it("one pass handles events one at a time", async () => {
    const { handled, maxInFlight } = await drain(await backlog(30), 1);
    expect(handled.size).toBe(30);
    expect(maxInFlight).toBe(1);
  });

  it("three passes share a backlog larger than one claim; every event handled exactly once", async () => {
    const { handled, maxInFlight } = await drain(await backlog(250), 3);
    expect(handled.size).toBe(250);
    expect([...handled.values()].every((n) => n === 1)).toBe(true);
    expect(maxInFlight).toBeGreaterThan(1);
  });
});
