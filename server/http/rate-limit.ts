/**
 * Fixed-window request limits (interface section 8) on rate-limiter-flexible: in process
 * memory by default, in Redis when REDIS_URL is set so several instances share one window.
 */
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { redis } from "../redis";

export type WindowState = {
  limit: number;
  remaining: number;
  /** epoch seconds when the window resets */
  resetAt: number;
  /** seconds until a new request may pass */
  retryAfter: number;
};

export type LimitCheck = { allowed: boolean; state: WindowState };

export class FixedWindowLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    readonly name: string,
    readonly limit: number,
    readonly windowSeconds: number,
  ) {
    const options = { keyPrefix: `rl:${name}`, points: limit, duration: windowSeconds };
    const client = redis();
    this.limiter = client ? new RateLimiterRedis({ ...options, storeClient: client }) : new RateLimiterMemory(options);
  }

  async consume(key: string): Promise<LimitCheck> {
    try {
      return { allowed: true, state: this.stateOf(await this.limiter.consume(key)) };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return { allowed: false, state: this.stateOf(rejection) };
      throw rejection;
    }
  }

  /** Whether the key's window is used up, without consuming (seconds to wait, or null). */
  async blockedFor(key: string): Promise<number | null> {
    const res = await this.limiter.get(key);
    if (!res || res.consumedPoints < this.limit) return null;
    return this.stateOf(res).retryAfter;
  }

  /** Ends the key's current window (a new minute, for tests and operators). */
  async forget(key: string): Promise<void> {
    await this.limiter.delete(key);
  }

  private stateOf(res: RateLimiterRes): WindowState {
    const msLeft = Math.max(0, res.msBeforeNext);
    return {
      limit: this.limit,
      remaining: Math.max(0, res.remainingPoints),
      resetAt: Math.ceil((Date.now() + msLeft) / 1000),
      retryAfter: Math.max(1, Math.ceil(msLeft / 1000)),
    };
  }
}

const current = new Map<string, FixedWindowLimiter>();

/**
 * The limiter named `name` for the limit the settings give now: kept while the setting stays,
 * replaced (with fresh windows) when it changes — so a changed setting needs no reset call.
 */
export function limiterFor(name: string, limit: number, windowSeconds = 60): FixedWindowLimiter {
  const existing = current.get(name);
  if (existing?.limit === limit && existing.windowSeconds === windowSeconds) return existing;
  const limiter = new FixedWindowLimiter(name, limit, windowSeconds);
  current.set(name, limiter);
  return limiter;
}

/** Consumes every limiter; the answer describes the one with the least remaining. */
export async function consumeAll(checks: { limiter: FixedWindowLimiter; key: string }[]): Promise<LimitCheck> {
  const results = await Promise.all(checks.map(({ limiter, key }) => limiter.consume(key)));
  const denied = results.filter((r) => !r.allowed);
  const pool = denied.length ? denied : results;
  const tightest = pool.reduce((a, b) => (b.state.remaining < a.state.remaining ? b : a));
  return { allowed: denied.length === 0, state: tightest.state };
}
