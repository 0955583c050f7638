/** Running the worker's outbox relay inside a test, as the worker would, until it is done. */
import { db } from "../../server/db/client";
import { relayDueEvents } from "../../server/outbox/relay";
import { outboxHandlers } from "../../server/worker/outbox-handlers";

/**
 * Relays every due outbox event (settling sandbox payments, fanning out webhooks), again while one
 * is left: under load a pass can fail and back off, and a test must not then read a payment as
 * unsettled. Gives up after 15 s; the test's own assertion then says what is missing.
 */
export async function settleOutbox() {
  const deadline = Date.now() + 15_000;
  for (;;) {
    await relayDueEvents(db(), outboxHandlers(db()), 1000);
    const left = await db().outboxEvent.findFirst({
      where: { publishedAt: null, availableAt: { lte: new Date() } },
      select: { id: true },
    });
    if (!left || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
