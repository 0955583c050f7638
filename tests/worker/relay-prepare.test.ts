/** A handler's `prepare` sees a pass's events before the first is handled; its failure costs nothing. */
import { describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { type OutboxHandler, relayDueEvents } from "../../server/outbox/relay";

async function backlog(topic: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await db().outboxEvent.createMany({ data: ids.map((id, n) => ({ id, topic, payload: { n } })) });
  return ids;
}

describe("outbox relay: handlers that prepare a pass", () => {
  it("hands every event of the pass to prepare once, before the handler sees the first", async () => {
    const ids = await backlog("rail.payment_submitted", 12);
    const log: string[] = [];
    const handler: OutboxHandler = async (event) => {
      log.push(`handle ${event.id}`);
    };
    handler.prepare = async (events) => {
      log.push(`prepare ${events.map((e) => e.id).sort().join(",")}`);
    };
    await relayDueEvents(db(), { "rail.payment_submitted": handler }, 100, new Date(), ["rail.payment_submitted"]);
    expect(log[0]).toBe(`prepare ${[...ids].sort().join(",")}`);
    expect(log.slice(1).sort()).toEqual(ids.map((id) => `handle ${id}`).sort());
    expect(await db().outboxEvent.count({ where: { id: { in: ids }, publishedAt: null } })).toBe(0);
  });

  it("handles and publishes the events when prepare fails", async () => {
    const ids = await backlog("mail.send", 5);
    const handled: string[] = [];
    const handler: OutboxHandler = async (event) => {
      handled.push(event.id);
    };
    handler.prepare = async () => {
      throw new Error("database went away for a moment");
    };
    await relayDueEvents(db(), { "mail.send": handler }, 100, new Date(), ["mail.send"]);
    expect(handled.sort()).toEqual([...ids].sort());
    expect(await db().outboxEvent.count({ where: { id: { in: ids }, publishedAt: null } })).toBe(0);
  });
});
