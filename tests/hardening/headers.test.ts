/** CSP with frame-ancestors on every page, Origin check on tRPC mutations, health detail. */
import { describe, expect, it, vi } from "vitest";
import { GET as health } from "../../app/api/health/route";
// @ts-expect-error next.config.mjs is plain JavaScript (no types)
import nextConfig from "../../next.config.mjs";
import { PEER_ADDRESS_HEADER, PEER_TOKEN_HEADER, peerToken } from "../../server/http/ip";
import { handleTrpc } from "../../server/trpc/http";

// No dashboard session in these requests (outside Next there is no request scope to read one from).
vi.mock("../../server/auth/next-auth", async (original) => ({
  ...(await original<typeof import("../../server/auth/next-auth")>()),
  getSession: async () => null,
}));

const from = (address: string) => ({ [PEER_ADDRESS_HEADER]: address, [PEER_TOKEN_HEADER]: peerToken() });

describe("security headers on every page", () => {
  it("a content security policy with frame-ancestors 'none' on every path", async () => {
    const rules = (await nextConfig.headers?.()) ?? [];
    const everyPath = rules.find((rule: { source: string }) => rule.source === "/:path*");
    const csp = everyPath?.headers.find((h: { key: string }) => h.key === "Content-Security-Policy")?.value ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(everyPath?.headers).toContainEqual({ key: "X-Frame-Options", value: "DENY" });
    expect(csp).toContain("frame-src 'self'");
    // stored files (MED evidence, KYC documents) may be framed by pages of this origin: their rules
    // come after the page rule, and Next lets a later rule's header replace an earlier one's
    for (const source of ["/api/meds/evidence/:path*", "/api/onboarding/files/:path*"]) {
      const index = rules.findIndex((rule: { source: string }) => rule.source === source);
      expect(index, source).toBeGreaterThan(rules.indexOf(everyPath as (typeof rules)[number]));
      const files = rules[index];
      expect(files?.headers).toContainEqual({ key: "X-Frame-Options", value: "SAMEORIGIN" });
      expect(files?.headers).toContainEqual({ key: "Content-Security-Policy", value: "frame-ancestors 'self'" });
      expect(files?.headers).toContainEqual({ key: "X-Content-Type-Options", value: "nosniff" });
    }
  });
});

describe("tRPC mutations check the Origin", () => {
  const mutation = (headers: Record<string, string>) =>
    handleTrpc(
      new Request("http://localhost:3000/api/trpc/transfers.internal", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ json: {} }),
      }),
    );

  it("refuses another site's origin, and a POST without Origin", async () => {
    const cross = await mutation({ origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect((await cross.json()).error.json.data.code).toBe("FORBIDDEN");
    expect((await mutation({})).status).toBe(403);
  });

  it("lets the dashboard's own origin through to the procedure", async () => {
    const own = await mutation({ origin: "http://localhost:3000" });
    // no session in this test: the procedure itself answers 401
    expect(own.status).toBe(401);
  });
});

describe("/api/health detail", () => {
  it("hostnames, pids and queues only for trusted addresses", async () => {
    const outside = await health(new Request("http://localhost/api/health", { headers: from("203.0.113.9") }));
    const body = await outside.json();
    expect(body).toMatchObject({ status: "ok", database: "ok", worker: { status: expect.any(String) } });
    expect(body.worker.workers).toBeUndefined();
    const local = await health(new Request("http://localhost/api/health", { headers: from("127.0.0.1") }));
    const detail = await local.json();
    expect(detail.worker.workers).toEqual(expect.any(Array));
    expect(detail.outbox).toEqual({
      due: expect.any(Number),
      oldestDueAt: expect.toBeOneOf([null, expect.any(String)]),
    });
    expect(body.outbox).toBeUndefined();
  });
});
