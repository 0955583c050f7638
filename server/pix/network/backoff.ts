/** How long to wait before trying the network again after `attempts` failures: doubling, capped, jittered. */
export function backoffMs(attempts: number, { baseMs = 500, maxMs = 30_000, random = Math.random } = {}): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  // between half and all of the ceiling, so that many senders do not come back at the same instant
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
