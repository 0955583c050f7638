/**
 * NUL characters and unpaired surrogates (which PostgreSQL refuses in text and jsonb) and
 * malformed ids are a 4xx in each surface's error shape, never a 500, and change nothing.
 */
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { db } from "../../server/db/client";
import { gatewayApi } from "../../server/gateway/app";
import { appRouter } from "../../server/trpc/routers";
import { apiKeyAuth, get, post } from "../gateway/support";
import { availableCents, call, fundedMerchant } from "../support/fixtures";

// As a client's JSON carries them: escapes in the raw body, parsed by the server.
const NUL = "a\\u0000b";
const LONE_HIGH = "a\\ud800b";
const LONE_LOW = "\\udc00";
const UNSAFE = [NUL, LONE_HIGH, LONE_LOW];

const accountError = { success: false, status: 400, code: "VALIDATION_ERROR" };

describe("unsafe characters and malformed ids", () => {
  let m: Awaited<ReturnType<typeof fundedMerchant>>;

  beforeAll(async () => {
    m = await fundedMerchant(10_000n);
  });

  it.each(UNSAFE)("account surface: %s in a body string is a 400 and moves no money", async (bad) => {
    const before = await availableCents(m.accountId);
    const bodies = [
      `{"amount":1,"receiverBankAccount":"${m.accountId}","obs":"${bad}"}`,
      `{"amount":1,"pixKey":"${bad}"}`,
      `{"amount":1,"pixKey":"ana@example.invalid","description":"${bad}","externalId":"x"}`,
    ];
    const paths = ["transfer/internal", "transfer/external", "transfer/external"];
    for (const [i, rawBody] of bodies.entries()) {
      const res = await call(accountApi(), "POST", `/v4/i/bank-accounts/${m.accountId}/${paths[i]}`, {
        auth: m.auth,
        rawBody,
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject(accountError);
      expect(typeof res.json.requestId).toBe("string");
    }
    const charge = await call(accountApi(), "POST", "/v4/i/pix/in/dynamic-qrcode", {
      auth: m.auth,
      rawBody: `{"accountId":"${m.accountId}","amount":5,"metadata":{"note":"${bad}"}}`,
    });
    expect(charge.status).toBe(400);
    expect(charge.json).toMatchObject(accountError);
    expect(await availableCents(m.accountId)).toBe(before);
    expect(await db().charge.count({ where: { accountId: m.accountId } })).toBe(0);
  });

  it.each([
    "/v4/i/bank-accounts/1000%00000001/balance",
    "/v4/i/bank-accounts/12345/balance",
    "/v4/i/pix/in/dynamic-qrcode/abc%00def",
    "/v4/i/ledger/end-to-end/E%00",
    "/v4/i/ledger/external-id/a%00b",
    "/v4/i/pix/in/refund/not-an-end-to-end-id",
  ])("account surface: malformed path id %s is a 400", async (path) => {
    const res = await call(accountApi(), "GET", path, { auth: m.auth });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject(accountError);
  });

  // Their contract answers an id that names nothing with 404 and lists no 400.
  it.each([
    ["PUT", "/v4/i/webhooks/config/%00"],
    ["DELETE", "/v4/i/webhooks/config/a%00b"],
    ["GET", "/v4/i/ledger/extract/%00"],
  ])("account surface: %s %s with a malformed id is a 404, never a 500", async (method, path) => {
    const res = await call(accountApi(), method, path, {
      auth: m.auth,
      ...(method === "PUT" ? { body: { event: ["*"] } } : {}),
    });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ success: false, status: 404, code: "NOT_FOUND" });
  });

  it.each(UNSAFE)("gateway: %s in a body string is a 400 in the gateway's shape", async (bad) => {
    const before = await availableCents(m.accountId);
    const description = JSON.parse(`"${bad}"`) as string;
    for (const [path, body] of [
      ["/pix/cash-out", { amount: 1, pix_key: "ana@example.invalid", pix_key_type: "email", description }],
      ["/pix/cash-in", { amount: 1, metadata: { note: description } }],
      ["/webhooks", { url: `https://hooks.example.invalid/${description}`, events: ["pix.payment.received"] }],
    ] as const) {
      const res = await post(m, path, body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.json.errors).length).toBeGreaterThan(0);
    }
    expect(await availableCents(m.accountId)).toBe(before);
  });

  it.each(["/pix/transactions/a%00b", "/pix/transactions/%ED%A0%80", "/webhooks/not-a-uuid/deliveries"])(
    "gateway: malformed path id %s is a 400",
    async (path) => {
      const res = await get(m, path);
      expect(res.status).toBe(400);
      expect(res.json).toHaveProperty("errors");
    },
  );

  it("gateway: DELETE of a webhook with NUL in its id is a 400", async () => {
    const removed = await call(gatewayApi(), "DELETE", "/api/external/webhooks/%00", { auth: apiKeyAuth(m) });
    expect(removed.status).toBe(400);
    expect(removed.json).toHaveProperty("errors");
  });

  it.each(UNSAFE)("tRPC: %s in an input string is BAD_REQUEST", async (bad) => {
    const user = await db().user.findUniqueOrThrow({ where: { id: m.userId } });
    const session = { id: user.id, role: user.role as "MERCHANT", name: user.name, email: user.email };
    // Queries travel in the URL, mutations in the body: both as the browser's client sends them.
    const trpc = (procedure: string, rawJson: string, query = false) =>
      fetchRequestHandler({
        endpoint: "/api/trpc",
        req: query
          ? new Request(`http://localhost/api/trpc/${procedure}?input=${encodeURIComponent(`{"json":${rawJson}}`)}`)
          : new Request(`http://localhost/api/trpc/${procedure}`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: `{"json":${rawJson}}`,
            }),
        router: appRouter,
        createContext: async () => ({ user: session }),
      });
    const before = await availableCents(m.accountId);
    const calls: [procedure: string, input: string, query?: boolean][] = [
      ["transfers.sendToKey", `{"accountId":"${m.accountId}","pixKey":"${bad}","amount":1}`],
      ["charges.create", `{"accountId":"${m.accountId}","amount":1,"expirationSeconds":60,"description":"${bad}"}`],
      ["charges.byTxId", `{"txId":"${bad}"}`, true],
      ["webhooks.account.create", `{"event":["*"],"targetUrl":"https://hooks.example.invalid","authHeader":"${bad}"}`],
    ];
    for (const [procedure, input, query = false] of calls) {
      const res = await trpc(procedure, input, query);
      expect(res.status, procedure).toBe(400);
      const body = await res.json();
      expect(body.error.json.data.code).toBe("BAD_REQUEST");
    }
    expect(await availableCents(m.accountId)).toBe(before);
  });
});
