import type { Session } from "next-auth";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { config } from "../config";
import { AppError } from "../errors";
import { withoutSession, withSession } from "./with-session";

let session: Session | null = null;
vi.mock("./next-auth", () => ({ getSession: async () => session }));

const signedIn = (role: "MERCHANT" | "ADMIN"): Session => ({
  user: { id: "u-1", role, name: "Ana", email: "ana@x.test" },
  expires: "",
});
const ok = () => Response.json({ done: true });
const appOrigin = () => new URL(config().APP_URL).origin;
const request = (method: string, headers: Record<string, string> = {}) =>
  new Request(`${appOrigin()}/api/thing`, { method, headers });

describe("withSession", () => {
  beforeEach(() => {
    session = signedIn("MERCHANT");
  });

  it("hands the handler the session and the route's parameters", async () => {
    const handler = withSession<{ id: string }>(({ session, params }) =>
      Response.json({ user: session.user.id, id: params.id }),
    );
    const res = await handler(request("GET"), { params: Promise.resolve({ id: "42" }) });
    expect(await res.json()).toEqual({ user: "u-1", id: "42" });
  });

  it("401 without a session, before the handler runs", async () => {
    session = null;
    const handler = vi.fn(ok);
    const res = await withSession(handler)(request("GET"));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status: 401, success: false, code: "UNAUTHORIZED" });
    expect(handler).not.toHaveBeenCalled();
  });

  it("admin: 403 for a merchant, the handler for an administrator", async () => {
    const handler = withSession(ok, { admin: true });
    const refused = await handler(request("GET"));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "FORBIDDEN" });
    session = signedIn("ADMIN");
    expect((await handler(request("GET"))).status).toBe(200);
  });

  it("refuses a state-changing request from another site or with no Origin (403), not a GET", async () => {
    const handler = withSession(ok);
    expect((await handler(request("POST", { origin: "http://evil.invalid" }))).status).toBe(403);
    expect((await handler(request("DELETE"))).status).toBe(403);
    expect((await handler(request("POST", { origin: appOrigin() }))).status).toBe(200);
    expect((await handler(request("GET"))).status).toBe(200);
    expect((await withSession(ok, { sameOrigin: true })(request("GET"))).status).toBe(403);
    expect((await withSession(ok, { sameOrigin: false })(request("POST"))).status).toBe(200);
  });

  it("answers a service's refusal in the one error shape, with its reason", async () => {
    const handler = withSession(() => {
      throw new AppError("NOT_FOUND", "charge not found", "txId", "UNKNOWN_CHARGE");
    });
    const res = await handler(request("GET"));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      requestId: expect.any(String),
      status: 404,
      success: false,
      code: "NOT_FOUND",
      message: "charge not found",
      reason: "UNKNOWN_CHARGE",
    });
  });

  it("answers anything else as a bare 500: no message, no stack", async () => {
    const handler = withSession(async () => {
      throw new Error('relation "secret_table" does not exist');
    });
    const res = await handler(request("GET"));
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toMatchObject({ status: 500, code: "INTERNAL_ERROR", message: "Internal server error" });
    expect(body).not.toContain("secret_table");
  });
});

describe("withoutSession", () => {
  it("runs the handler with no session, and shapes its refusals the same way", async () => {
    session = null;
    expect((await withoutSession(ok)(request("GET"))).status).toBe(200);
    const refused = await withoutSession(() => {
      throw new AppError("FORBIDDEN", "Link expired or invalid");
    })(request("GET"));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      success: false,
      code: "FORBIDDEN",
      message: "Link expired or invalid",
    });
  });
});
