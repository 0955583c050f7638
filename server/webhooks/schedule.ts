/**
 * Retry schedules. Gateway (interface 6.2): 8 attempts — now, then 30 s, 2 min, 10 min, 30 min,
 * 1 h, 2 h, 4 h after the previous one — then `failed`. Account surface (docs/contract.md): 6 attempts —
 * now, 1 min, 5 min, 15 min, 1 h, 4 h. Pure, so the whole schedule is testable with a moved clock.
 */
import type { WebhookSurface } from "../generated/prisma/client";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** delaysMs[n] is the wait after attempt n (1-based) fails before attempt n + 1. */
export const SCHEDULES: Record<WebhookSurface, { delaysMs: number[]; maxAttempts: number }> = {
  gateway: {
    delaysMs: [0, 30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 4 * HOUR],
    maxAttempts: 8,
  },
  account: { delaysMs: [0, MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR, 4 * HOUR], maxAttempts: 6 },
  // API Pix webhooks of PIX keys: the account surface's schedule (the specification leaves it to the PSP).
  api_pix: { delaysMs: [0, MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR, 4 * HOUR], maxAttempts: 6 },
};

export type AttemptResult = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

export type NextState = { status: "delivered" } | { status: "pending"; nextAttemptAt: Date } | { status: "failed" };

/** Where a delivery goes after its `attempt`-th attempt (1-based) ended at `now` with `result`. */
export function afterAttempt(surface: WebhookSurface, attempt: number, result: AttemptResult, now: Date): NextState {
  if (result.ok) return { status: "delivered" };
  const { delaysMs, maxAttempts } = SCHEDULES[surface];
  if (attempt >= maxAttempts) return { status: "failed" };
  return { status: "pending", nextAttemptAt: new Date(now.getTime() + (delaysMs[attempt] ?? 0)) };
}

/**
 * Interface 3.4: a gateway delivery whose first attempt would start more than `expiryMs` after it
 * was created is `expired` and nothing is sent, unless it is a manual replay.
 */
export function isExpired(
  delivery: { surface: WebhookSurface; manualReplay: boolean; createdAt: Date },
  attempt: number,
  now: Date,
  expiryMs: number,
): boolean {
  return (
    delivery.surface === "gateway" &&
    attempt === 1 &&
    !delivery.manualReplay &&
    now.getTime() - delivery.createdAt.getTime() > expiryMs
  );
}
