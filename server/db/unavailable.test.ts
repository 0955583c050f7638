import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { asServiceError, isDatabaseUnavailable } from "./unavailable";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused socket", withCode("ECONNREFUSED")],
    ["a reset socket", withCode("ECONNRESET")],
    ["pg's dropped connection", new Error("Connection terminated unexpectedly")],
    ["an administrator's shutdown", withCode("57P01", "terminating connection due to administrator command")],
    ["a standby still recovering", withCode("57P03", "the database system is in recovery mode")],
    ["a connection failure class", withCode("08006")],
    ["a write on a standby", withCode("25006", "cannot execute INSERT in a read-only transaction")],
    ["Prisma's unreachable server", withCode("P1001")],
    ["Prisma's pool timeout", withCode("P2024")],
    ["the adapter's closed connection", { name: "DriverAdapterError", cause: { kind: "ConnectionClosed" } }],
    ["a wrapped pool timeout", new Error("outer", { cause: new Error("timeout exceeded when trying to connect") })],
  ])("recognises %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("23505", "duplicate key value")],
    ["Prisma's record not found", withCode("P2025")],
    ["a plain bug", new TypeError("cannot read properties of undefined")],
    ["nothing", undefined],
  ])("leaves %s alone", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("asServiceError", () => {
  it("turns an outage into a 503 with Retry-After", () => {
    const mapped = asServiceError(withCode("ECONNREFUSED"));
    expect(mapped).toBeInstanceOf(AppError);
    expect((mapped as AppError).status).toBe(503);
    expect((mapped as AppError).retryAfterSeconds).toBeGreaterThan(0);
  });

  it("passes other errors through unchanged", () => {
    const bug = new TypeError("bug");
    const refusal = new AppError("NOT_FOUND", "no");
    expect(asServiceError(bug)).toBe(bug);
    expect(asServiceError(refusal)).toBe(refusal);
  });
});
