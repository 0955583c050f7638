/**
 * The worker's outbox relay: claims due events with SKIP LOCKED (so several workers share the
 * work without doing it twice), hands each to its topic's handler, and marks it published in
 * the same transaction. A crash before commit leaves the events to be claimed again, so
 * handlers must be idempotent (at-least-once).
 */
import type { Db } from "../db/client";
import type { OutboxEvent } from "../generated/prisma/client";
import { logger } from "../logger";
import type { OutboxTopic } from "./record";

/**
 * Handles one event. `prepare`, when a handler has it, gets every event of a pass that the
 * handler will see, before the first: a chance to read what they need in one round trip.
 */
export type OutboxHandler = ((event: OutboxEvent) => Promise<void>) & {
  prepare?: (events: OutboxEvent[]) => Promise<void>;
};
export type OutboxHandlers = Partial<Record<OutboxTopic, OutboxHandler>>;

const MAX_BACKOFF_MS = 60_000;

/** `topics`: claim only events of these topics (a process that does one job, e.g. the e2e server's e-mail). */
export async function relayDueEvents(
  db: Db,
  handlers: OutboxHandlers,
  limit = 100,
  now = new Date(),
  topics: OutboxTopic[] | null = null,
): Promise<number> {
  return db.$transaction(
    async (tx) => {
      const due = await tx.$queryRaw<OutboxEvent[]>`
        SELECT id, topic, account_id AS "accountId", user_id AS "userId", entry_id AS "entryId", payload,
               available_at AS "availableAt", created_at AS "createdAt", published_at AS "publishedAt",
               attempts, last_error AS "lastError"
          FROM outbox_events
         WHERE published_at IS NULL AND available_at <= ${now}
           AND (${topics}::text[] IS NULL OR topic = ANY(${topics}::text[]))
         ORDER BY available_at
         LIMIT ${limit}
         FOR UPDATE SKIP LOCKED`;
      await prepareHandlers(handlers, due);
      const published: string[] = [];
      for (const event of due) {
        const handler = handlers[event.topic as OutboxTopic];
        try {
          if (handler) await handler(event);
          published.push(event.id);
        } catch (error) {
          const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** event.attempts);
          logger().warn({ err: error, eventId: event.id, topic: event.topic }, "outbox handler failed; will retry");
          await tx.outboxEvent.update({
            where: { id: event.id },
            data: {
              attempts: { increment: 1 },
              lastError: error instanceof Error ? error.message.slice(0, 500) : "unknown error",
              availableAt: new Date(Date.now() + backoff),
            },
          });
        }
      }
      // One statement for the whole pass (a model update per event cost more than most handlers).
      if (published.length > 0) {
        await tx.$executeRaw`
          UPDATE outbox_events SET published_at = now(), attempts = attempts + 1
           WHERE id = ANY(${published}::uuid[])`;
      }
      return due.length;
    },
    { timeout: 60_000 },
  );
}

async function prepareHandlers(handlers: OutboxHandlers, events: OutboxEvent[]): Promise<void> {
  const byHandler = new Map<OutboxHandler, OutboxEvent[]>();
  for (const event of events) {
    const handler = handlers[event.topic as OutboxTopic];
    if (!handler?.prepare) continue;
    const mine = byHandler.get(handler) ?? [];
    mine.push(event);
    byHandler.set(handler, mine);
  }
  // A failed preparation only costs speed: each handler still reads what it needs.
  await Promise.all(
    [...byHandler].map(([handler, mine]) =>
      handler.prepare?.(mine).catch((error) => logger().warn({ err: error }, "outbox handler preparation failed")),
    ),
  );
}

/**
 * Polls until stopped; drains back-to-back while there is a backlog. `loops` passes run at once
 * (OUTBOX_RELAY_LOOPS), each claiming its own events: more throughput for a backlog, but two
 * events of one entry may then be handled in either order (handlers are idempotent already).
 */
export function startOutboxRelay(
  db: Db,
  handlers: OutboxHandlers,
  intervalMs = 200,
  topics: OutboxTopic[] | null = null,
  loops = 1,
  clock: () => Date = () => new Date(),
): { stop: () => Promise<void> } {
  let running = true;
  const loop = async () => {
    while (running) {
      let handled = 0;
      try {
        handled = await relayDueEvents(db, handlers, 100, clock(), topics);
      } catch (error) {
        logger().error({ err: error }, "outbox relay pass failed");
      }
      if (handled === 0) await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  };
  const passes = Array.from({ length: Math.max(1, loops) }, loop);
  return {
    stop: async () => {
      running = false;
      await Promise.all(passes);
    },
  };
}
