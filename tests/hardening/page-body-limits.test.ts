/**
 * The web server's door (server/web/listener.ts, as server/web/main.ts runs it) before anything
 * reads a body: sign-in and page POSTs are small forms, so a large body is a 413 there before
 * Next (whose handlers read bodies whole) sees a byte of it. Next is stood in for by a handler
 * that reads the body and says how much it read.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { apiPixFetch } from "../../server/api-pix/surface";
import { config } from "../../server/config";
import { gatewayApi } from "../../server/gateway/app";
import { peerToken } from "../../server/http/ip";
import { webRequestListener } from "../../server/web/listener";

const KiB = 1024;

describe("body limits at the web server's door", () => {
  let server: Server;
  let base: string;
  const reachedNext: { path: string; bytes: number }[] = [];

  beforeAll(async () => {
    const listener = webRequestListener({
      next: async (req, res) => {
        let bytes = 0;
        for await (const chunk of req) bytes += (chunk as Buffer).length;
        reachedNext.push({ path: req.url ?? "", bytes });
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ bytes }));
      },
      accountSurface: getRequestListener((request, bindings) => accountApi().fetch(request, bindings)),
      gatewaySurface: getRequestListener((request, bindings) => gatewayApi().fetch(request, bindings)),
      apiPixSurface: getRequestListener((request, bindings) => apiPixFetch(request, bindings)),
      peerToken: peerToken(),
      limits: { maxBytes: config().REQUEST_BODY_MAX_BYTES, formBytes: config().FORM_BODY_LIMIT_BYTES },
    });
    server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const form = (bytes: number) => `email=a%40example.test&password=${"x".repeat(bytes)}`;
  const post = (path: string, body: string, type = "application/x-www-form-urlencoded") =>
    fetch(`${base}${path}`, { method: "POST", body, headers: { "content-type": type } });

  it.each(["/api/auth/callback/credentials", "/login", "/onboarding/verify"])(
    "%s: a body of a few KiB goes through; 64 KiB is a 413 that Next never sees",
    async (path) => {
      const small = await post(path, form(2 * KiB));
      expect(small.status).toBe(200);
      reachedNext.length = 0;
      const large = await post(path, form(64 * KiB));
      expect(large.status).toBe(413);
      expect(await large.json()).toEqual({ error: { status: 413, message: "Payload Too Large" } });
      expect(reachedNext).toEqual([]);
    },
  );

  it("refuses by the declared length alone, before the body is sent", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${base}/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(20 * 1_048_576) },
      });
      req.on("response", (res) => resolve(res.statusCode ?? 0));
      req.on("error", reject);
      req.write("email=");
    });
    expect(status).toBe(413);
  });

  it("a streamed body without a length is refused before it is read", async () => {
    reachedNext.length = 0;
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 16 * KiB;
        if (pulled > 4 * 1_048_576) return controller.close();
        controller.enqueue(new Uint8Array(16 * KiB).fill(120));
      },
    });
    const res = await fetch(`${base}/api/auth/callback/credentials`, {
      method: "POST",
      body: stream,
      // @ts-expect-error Node's fetch needs it for a stream body
      duplex: "half",
    }).catch(() => null);
    expect(res === null || res.status === 411 || res.status === 413).toBe(true);
    expect(reachedNext).toEqual([]);
  });

  it("the dashboard's API keeps its own, larger limit (tRPC counts its body itself)", async () => {
    const res = await post(
      "/api/trpc/transfers.internal",
      JSON.stringify({ pad: "x".repeat(64 * KiB) }),
      "application/json",
    );
    expect(res.status).toBe(200);
  });

  it("the REST surfaces keep theirs", async () => {
    const res = await post(
      "/api/external/pix/cash-in",
      JSON.stringify({ pad: "x".repeat(64 * KiB) }),
      "application/json",
    );
    expect(res.status).toBe(401);
  });
});
