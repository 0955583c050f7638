/** Token checks read no database per request: a key's state is read once, then believed for 15 s. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiKey } from "../generated/prisma/client";
import { forgetKeyStates, issueAccessToken, verifyAccessToken } from "./token";

const stored = new Map<string, ApiKey>();
const findUnique = vi.fn(async ({ where }: { where: { id: string } }) => stored.get(where.id) ?? null);
vi.mock("../db/client", () => ({ db: () => ({ apiKey: { findUnique } }) }));

function apiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: "key-1",
    clientId: "client-1",
    userId: "user-1",
    scopes: ["cob.read", "cob.write", "pix.read"],
    ipWhitelist: ["127.0.0.1"],
    active: true,
    revokedAt: null,
    expiresAt: null,
    ...overrides,
  } as ApiKey;
}

describe("verifyAccessToken", () => {
  beforeEach(() => {
    forgetKeyStates();
    findUnique.mockClear();
    stored.set("key-1", apiKey());
  });
  afterEach(() => vi.useRealTimers());

  it("reads the key once for many requests", async () => {
    const { access_token } = await issueAccessToken({ apiKey: apiKey(), scopes: ["cob.read", "pix.read"] });
    for (let i = 0; i < 50; i++) {
      expect((await verifyAccessToken(access_token))?.scopes).toEqual(["cob.read", "pix.read"]);
    }
    expect(findUnique).toHaveBeenCalledTimes(1);
  });

  it("stops accepting a revoked key after forgetKeyStates(), and by itself once the cached state is 15 s old", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { access_token } = await issueAccessToken({ apiKey: apiKey(), scopes: ["cob.read"] });
    expect(await verifyAccessToken(access_token)).not.toBeNull();
    stored.set("key-1", apiKey({ revokedAt: new Date(), active: false }));

    // still believed from the cache within the window (no database read)...
    vi.advanceTimersByTime(14_000);
    expect(await verifyAccessToken(access_token)).not.toBeNull();
    expect(findUnique).toHaveBeenCalledTimes(1);
    // ...refused once the window has passed
    vi.advanceTimersByTime(1_001);
    expect(await verifyAccessToken(access_token)).toBeNull();
    expect(findUnique).toHaveBeenCalledTimes(2);

    stored.set("key-1", apiKey());
    expect(await verifyAccessToken(access_token)).toBeNull(); // the revoked state is cached in turn
    forgetKeyStates();
    expect(await verifyAccessToken(access_token)).not.toBeNull();
    stored.set("key-1", apiKey({ revokedAt: new Date() }));
    forgetKeyStates();
    expect(await verifyAccessToken(access_token)).toBeNull();
  });

  it("drops scopes taken off the key since the token was issued, and refuses expired or deleted keys", async () => {
    const { access_token } = await issueAccessToken({ apiKey: apiKey(), scopes: ["cob.read", "cob.write"] });
    stored.set("key-1", apiKey({ scopes: ["cob.read"] }));
    expect((await verifyAccessToken(access_token))?.scopes).toEqual(["cob.read"]);
    stored.set("key-1", apiKey({ expiresAt: new Date(Date.now() - 1000) }));
    forgetKeyStates();
    expect(await verifyAccessToken(access_token)).toBeNull();
    stored.delete("key-1");
    forgetKeyStates();
    expect(await verifyAccessToken(access_token)).toBeNull();
  });

  it("carries the certificate thumbprint of a bound token, and refuses a token that is not ours", async () => {
    const bound = await issueAccessToken({ apiKey: apiKey(), scopes: ["cob.read"], certificateThumbprint: "abc_-123" });
    expect((await verifyAccessToken(bound.access_token))?.certificateThumbprint).toBe("abc_-123");
    const unbound = await issueAccessToken({ apiKey: apiKey(), scopes: ["cob.read"] });
    expect((await verifyAccessToken(unbound.access_token))?.certificateThumbprint).toBeNull();
    expect(await verifyAccessToken(`${unbound.access_token.slice(0, -2)}xx`)).toBeNull();
    expect(await verifyAccessToken("not.a.token")).toBeNull();
  });
});
