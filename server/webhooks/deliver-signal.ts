/**
 * In-process nudge for the delivery loop: the fan-out (and replays, test events) call it after
 * creating due deliveries, so a worker running both sends without waiting for its next poll.
 * Other processes rely on the poll.
 */
const listeners = new Set<() => void>();

export function wakeDeliveries(): void {
  for (const listener of listeners) listener();
}

export function onWake(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
