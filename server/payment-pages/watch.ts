/**
 * The live status of payment pages (docs/decisions/0037-payment-pages.md): every open page's
 * server-sent events stream subscribes here; one loop per process reads the status of every
 * watched charge in one indexed query every WATCH_INTERVAL_MS and tells each page's subscribers
 * when it changes. Any number of viewers of one page cost one row in that query; a payment made
 * by any process is seen from the database, so no message bus is needed.
 */
import { db } from "../db/client";
import { logger } from "../logger";
import { type PageStatus, pageStatus } from "./view";

export const WATCH_INTERVAL_MS = 250;

type Listener = (status: PageStatus) => void;
type Watched = { status: PageStatus | null; listeners: Set<Listener> };

const watched = new Map<string, Watched>();
let timer: NodeJS.Timeout | null = null;
let reading = false;

async function look(): Promise<void> {
  if (reading || watched.size === 0) return;
  reading = true;
  try {
    const now = new Date();
    const rows = await db().charge.findMany({
      where: { publicId: { in: [...watched.keys()] } },
      select: { publicId: true, status: true, expiresAt: true },
    });
    for (const row of rows) {
      const entry = watched.get(row.publicId);
      const status = pageStatus(row, now);
      if (!entry || entry.status === status) continue;
      entry.status = status;
      for (const listener of entry.listeners) listener(status);
    }
  } catch (error) {
    logger().warn({ err: error }, "payment page watch: read failed");
  } finally {
    reading = false;
  }
}

/** Calls `listener` with each new status of the page's charge (starting from `current`); returns the unsubscribe. */
export function watchPage(publicId: string, current: PageStatus, listener: Listener): () => void {
  let entry = watched.get(publicId);
  if (!entry) {
    entry = { status: current, listeners: new Set() };
    watched.set(publicId, entry);
  }
  entry.listeners.add(listener);
  if (!timer) {
    timer = setInterval(() => void look(), WATCH_INTERVAL_MS);
    timer.unref?.();
  }
  return () => {
    const kept = watched.get(publicId);
    kept?.listeners.delete(listener);
    if (kept && kept.listeners.size === 0) watched.delete(publicId);
    if (watched.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** How many pages are watched (tests, health). */
export function watchedPages(): number {
  return watched.size;
}
