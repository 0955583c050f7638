/** OUTBOX_RELAY_LOOPS: several relay passes at once share a backlog, each event handled once. */
import { describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { startOutboxRelay } from "../../server/outbox/relay";

async function backlog(count: number): Promise<void> {
  await db().outboxEvent.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      id: crypto.randomUUID(),
      topic: "mail.send",
      payload: { n: i },
    })),
  });
}

async function drain(loops: number) {
  const handled = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  const relay = startOutboxRelay(
    db(),
    {
      "mail.send": async (event) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 2));
        handled.set(event.id, (handled.get(event.id) ?? 0) + 1);
        inFlight--;
      },
    },
    20,
    ["mail.send"],
    loops,
  );
  while ((await db().outboxEvent.count({ where: { topic: "mail.send", publishedAt: null } })) > 0) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await relay.stop();
  return { handled, maxInFlight };
}

describe("outbox relay passes", () => {
  it("one pass handles events one at a time", async () => {
    await backlog(30);
    const { handled, maxInFlight } = await drain(1);
    expect(handled.size).toBe(30);
    expect(maxInFlight).toBe(1);
  });

  it("three passes share a backlog larger than one claim; every event handled exactly once", async () => {
    await backlog(250);
    const { handled, maxInFlight } = await drain(3);
    expect(handled.size).toBe(250);
    expect([...handled.values()].every((n) => n === 1)).toBe(true);
    expect(maxInFlight).toBeGreaterThan(1);
  });
});
