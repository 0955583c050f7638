/** proxy.ts: every page gets its own nonce; what is not a page keeps next.config.mjs's policy. */
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { config, proxy } from "../../proxy";
import { contentSecurityPolicy } from "./security-headers.mjs";

const scriptSrc = (policy: string) => policy.split("; ").find((d) => d.startsWith("script-src ")) ?? "";

describe("a page's content security policy", () => {
  const answer = (path: string) => proxy(new NextRequest(`http://localhost:3000${path}`));

  it("allows the scripts of its own nonce, never inline code at large", () => {
    const policy = answer("/overview").headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
    expect(nonce).toHaveLength(24); // 16 random bytes
    // (under test NODE_ENV is not production: the development policy adds 'unsafe-eval' at the end)
    expect(scriptSrc(policy).startsWith(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`)).toBe(true);
    expect(scriptSrc(policy)).not.toContain("unsafe-inline");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it("hands Next the same policy with the request, so its scripts carry that nonce", () => {
    const response = answer("/ledger");
    expect(response.headers.get("x-middleware-request-content-security-policy")).toBe(
      response.headers.get("content-security-policy"),
    );
  });

  it("draws a new nonce for every request", () => {
    const nonces = new Set(
      Array.from(
        { length: 20 },
        () => /'nonce-([^']+)'/.exec(answer("/login").headers.get("content-security-policy") ?? "")?.[1],
      ),
    );
    expect(nonces.size).toBe(20);
  });

  it("runs for pages only: not the REST surfaces, API routes, the API reference or built files", () => {
    const matches = (url: string, headers = {}) =>
      unstable_doesMiddlewareMatch({ config, url: `http://localhost:3000${url}`, headers });
    for (const page of ["/", "/login", "/overview", "/ledger?page=2", "/admin/merchants", "/print/static-qr/abc"]) {
      expect(matches(page), page).toBe(true);
    }
    for (const other of [
      "/api/trpc/ledger.list",
      "/api/external/pix/cash-out",
      "/v4/i/ledger",
      "/docs/api",
      "/pix/qr/v2/jwks.json",
      "/_next/static/chunks/app.js",
    ]) {
      expect(matches(other), other).toBe(false);
    }
    expect(matches("/overview", { "next-router-prefetch": "1" })).toBe(false);
  });

  it("without a nonce (what is not a page) scripts come from this origin only", () => {
    expect(scriptSrc(contentSecurityPolicy(false))).toBe("script-src 'self'");
    expect(scriptSrc(contentSecurityPolicy(true))).toBe("script-src 'self' 'unsafe-eval'");
  });
});

describe("a page POST from another site", () => {
  const post = (origin: string | null) =>
    proxy(
      new NextRequest("http://localhost:3000/onboarding/verify", {
        method: "POST",
        headers: origin ? { origin } : {},
      }),
    );

  it("is refused with 403 before Next handles it", () => {
    expect(post("https://attacker.example.invalid").status).toBe(403);
  });

  it("from our own origin goes on to the page", () => {
    expect(post("http://localhost:3000").headers.get("x-middleware-next")).toBe("1");
  });
});
