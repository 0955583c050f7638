/** Body size before authentication on every surface; deep JSON → 4xx. */
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { gatewayApi } from "../../server/gateway/app";
import { PEER_ADDRESS_HEADER, PEER_TOKEN_HEADER, peerToken } from "../../server/http/ip";
import { handleTrpc } from "../../server/trpc/http";
import { apiKeyAuth, post } from "../gateway/support";
import { call, fundedMerchant, LOCAL_IP } from "../support/fixtures";

const MiB = 1_048_576;

/** A body sent in chunks without Content-Length, counting how much of it was pulled. */
function streamed(bytes: number) {
  const chunk = new TextEncoder().encode(`{"a":"${"x".repeat(64 * 1024 - 8)}"}`);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

function rawRequest(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      [PEER_ADDRESS_HEADER]: LOCAL_IP,
      [PEER_TOKEN_HEADER]: peerToken(),
      ...headers,
    },
    // @ts-expect-error Node's fetch needs it for a stream body
    duplex: "half",
  });
}

describe("body size limits (413 before authentication)", () => {
  let m: Awaited<ReturnType<typeof fundedMerchant>>;
  beforeAll(async () => {
    m = await fundedMerchant(1_000n);
  });

  it("gateway: refuses by Content-Length without credentials", async () => {
    const res = await call(gatewayApi(), "POST", "/api/external/pix/cash-in", { rawBody: "x".repeat(2 * MiB) });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: { status: 413, message: "Payload Too Large" } });
  });

  it("gateway: refuses a streamed body without Content-Length, stopping early", async () => {
    const body = streamed(100 * MiB);
    const res = await gatewayApi().fetch(rawRequest("/api/external/pix/cash-in", body.stream));
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThan(3 * MiB);
  });

  it("gateway: an authenticated, signed body over the limit is refused too", async () => {
    const res = await post(m, "/pix/cash-in", { amount: 1, description: "d", metadata: { pad: "x".repeat(2 * MiB) } });
    expect(res.status).toBe(413);
  });

  it("account surface: refuses a streamed body without credentials", async () => {
    const body = streamed(100 * MiB);
    const res = await accountApi().fetch(rawRequest("/v4/i/bank-accounts/1/transfer/internal", body.stream));
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe("PAYLOAD_TOO_LARGE");
    expect(body.pulled()).toBeLessThan(3 * MiB);
  });

  it("tRPC: refuses by Content-Length and while streaming, in tRPC's error shape", async () => {
    const origin = { origin: "http://localhost" };
    const declared = await handleTrpc(rawRequest("/api/trpc/transfers.internal", "x".repeat(2 * MiB), origin));
    expect(declared.status).toBe(413);
    expect((await declared.json()).error.json.data.code).toBe("PAYLOAD_TOO_LARGE");
    const body = streamed(100 * MiB);
    const counted = await handleTrpc(rawRequest("/api/trpc/transfers.internal", body.stream, origin));
    expect(counted.status).toBe(413);
    expect(body.pulled()).toBeLessThan(3 * MiB);
  });
});

describe("deeply nested JSON is a 4xx", () => {
  let m: Awaited<ReturnType<typeof fundedMerchant>>;
  beforeAll(async () => {
    m = await fundedMerchant(1_000n);
  });
  const deep = (depth: number) => `{"amount":1,"metadata":{"a":${"[".repeat(depth)}${"]".repeat(depth)}}}`;

  it("gateway: a signed POST nested 100,000 deep gets 400 in the pipeline's shape", async () => {
    const raw = deep(100_000);
    const res = await call(gatewayApi(), "POST", "/api/external/pix/cash-in", {
      auth: apiKeyAuth(m),
      rawBody: raw,
      headers: { hmac: "0".repeat(128) },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: { status: 400, message: "Request body must not nest deeper than 32 levels" } });
  });

  it("gateway: with X-Key-Case camelCase too", async () => {
    const res = await call(gatewayApi(), "POST", "/api/external/pix/cash-in", {
      auth: apiKeyAuth(m),
      rawBody: deep(100_000),
      headers: { hmac: "0".repeat(128), "x-key-case": "camelCase" },
    });
    expect(res.status).toBe(400);
  });

  it("tRPC: 400 in tRPC's error shape", async () => {
    const res = await handleTrpc(
      rawRequest("/api/trpc/transfers.internal", `{"json":${deep(100_000)}}`, { origin: "http://localhost" }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error.json.data.code).toBe("BAD_REQUEST");
  });

  it("account surface: 400 VALIDATION_ERROR", async () => {
    const res = await call(accountApi(), "POST", `/v4/i/bank-accounts/${m.accountId}/transfer/internal`, {
      auth: m.auth,
      rawBody: deep(100),
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("VALIDATION_ERROR");
  });
});
