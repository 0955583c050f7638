import { describe, expect, it } from "vitest";
import { afterAttempt, isExpired, SCHEDULES } from "./schedule";

const fail = { ok: false as const, statusCode: 500, error: "HTTP 500" };
const T0 = new Date("2026-01-01T00:00:00.000Z");

function walk(surface: "gateway" | "account") {
  const gaps: number[] = [];
  let now = T0;
  for (let attempt = 1; ; attempt++) {
    const next = afterAttempt(surface, attempt, fail, now);
    if (next.status !== "pending") return { gaps, attempts: attempt, final: next.status };
    gaps.push((next.nextAttemptAt.getTime() - now.getTime()) / 1000);
    now = next.nextAttemptAt;
  }
}

describe("retry schedules", () => {
  it("gateway: 8 attempts — now, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h — then failed", () => {
    expect(walk("gateway")).toEqual({ gaps: [30, 120, 600, 1800, 3600, 7200, 14400], attempts: 8, final: "failed" });
    expect(SCHEDULES.gateway.maxAttempts).toBe(8);
  });

  it("account surface: 6 attempts — now, 1 min, 5 min, 15 min, 1 h, 4 h — then failed", () => {
    expect(walk("account")).toEqual({ gaps: [60, 300, 900, 3600, 14400], attempts: 6, final: "failed" });
  });

  it("any 2xx delivers, on any attempt", () => {
    expect(afterAttempt("gateway", 8, { ok: true, statusCode: 204 }, T0)).toEqual({ status: "delivered" });
    expect(afterAttempt("account", 1, { ok: true, statusCode: 200 }, T0)).toEqual({ status: "delivered" });
  });
});

describe("expiry (interface 3.4)", () => {
  const d = (over: Partial<{ surface: "gateway" | "account"; manualReplay: boolean }> = {}) => ({
    surface: "gateway" as const,
    manualReplay: false,
    createdAt: T0,
    ...over,
  });
  const at = (ms: number) => new Date(T0.getTime() + ms);

  it("a gateway first attempt more than 5 minutes after creation expires", () => {
    expect(isExpired(d(), 1, at(300_000), 300_000)).toBe(false);
    expect(isExpired(d(), 1, at(300_001), 300_000)).toBe(true);
  });

  it("never for retries, manual replays or the account surface", () => {
    expect(isExpired(d(), 2, at(3_600_000), 300_000)).toBe(false);
    expect(isExpired(d({ manualReplay: true }), 1, at(3_600_000), 300_000)).toBe(false);
    expect(isExpired(d({ surface: "account" }), 1, at(3_600_000), 300_000)).toBe(false);
  });
});
