/**
 * Every signed POST of the gateway, killed after its effect committed and before its answer left
 * (the request never answers and stores nothing more, as when its process dies), then retried
 * with the same Idempotency-Key: while the dead request's lease runs the key answers 409; once it
 * ran out the retry gets the very answer the dead request was about to give, and the effect
 * happened once.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { gatewayApi } from "../../server/gateway/app";
import { dictQuota } from "../../server/payouts/cash-out";
import { registerPixKey } from "../../server/pix/platform-keys";
import { REFUND_REASON } from "../../server/refunds/reasons";
import { post } from "../gateway/support";
import { call, fundedMerchant } from "../support/fixtures";

const kill = vi.hoisted(() => ({
  armed: false,
  reached: (_answer: { status: number; body: unknown }) => {},
}));

// The dead request's last act: the route has its answer and never sends it.
vi.mock("../../server/gateway/respond", async (original) => {
  const real = await original<typeof import("../../server/gateway/respond")>();
  const respond: typeof real.respond = (c, body, status, headers) => {
    const code = status ?? 200;
    if (kill.armed && code >= 200 && code < 300) {
      kill.armed = false;
      kill.reached({ status: code, body: JSON.parse(JSON.stringify(body)) });
      return new Promise<never>(() => {}) as never;
    }
    return real.respond(c, body, status, headers);
  };
  return { ...real, respond };
});

type Merchant = Awaited<ReturnType<typeof fundedMerchant>>;

/** Sends the request and resolves with the answer it had when it died. */
function killedAfterCommit(m: Merchant, path: string, body: unknown, key: string) {
  const reached = new Promise<{ status: number; body: unknown }>((resolve) => {
    kill.reached = resolve;
  });
  kill.armed = true;
  void post(m, path, body, { "idempotency-key": key });
  return reached;
}

/** What waiting out the dead request's lease does: the key can be taken over. */
async function leaseRunsOut(key: string) {
  await db().$executeRaw`
    UPDATE idempotency_records SET lease_expires_at = now() - interval '1 second'
     WHERE key = ${key} AND state = 'in_progress'`;
}

type Case = {
  /** which of the route's paths, when it has several */
  variant?: string;
  /** the request: its path under /api/external and its body */
  prepare: (m: Merchant) => Promise<{ path: string; body: unknown }> | { path: string; body: unknown };
  /** how many times the effect happened */
  effects: (m: Merchant) => Promise<number>;
  /** the effect's transaction also completed the record: no 409 window */
  answeredInEffect?: boolean;
  /** nothing to commit: the retry runs the request again */
  pure?: boolean;
  /** what the case leaves that would reach other files' tests (they share the database) */
  cleanUp?: (m: Merchant) => Promise<unknown>;
};

const debits = (m: Merchant, externalId: string) =>
  db().ledgerEntry.count({ where: { accountId: m.accountId, type: "debit", externalId } });

const cashOut = (body: Record<string, unknown>) => ({ path: "/pix/cash-out", body });

/** By the operation's path as the API reference names it. */
const SIGNED_POSTS: Record<string, Case[]> = {
  "/pix/cash-in": [
    {
      prepare: () => ({ path: "/pix/cash-in", body: { amount: 3, external_id: "k-cash-in" } }),
      effects: (m) => db().charge.count({ where: { accountId: m.accountId, externalId: "k-cash-in" } }),
    },
  ],
  "/pix/cash-out": [
    {
      variant: "to another institution, answered in its effect's own transaction",
      prepare: () =>
        cashOut({ amount: 2, pix_key: "ana@example.invalid", pix_key_type: "email", external_id: "k-fast" }),
      effects: (m) => debits(m, "k-fast"),
      answeredInEffect: true,
    },
    {
      variant: "to a key of this platform, settled at once",
      prepare: async () => {
        const payee = await fundedMerchant(0n);
        const key = `killed-${payee.accountId}@example.test`;
        await registerPixKey(db(), payee.accountId, "EMAIL", key);
        return cashOut({ amount: 2, pix_key: key, pix_key_type: "email", external_id: "k-platform" });
      },
      effects: (m) => debits(m, "k-platform"),
    },
    {
      variant: "queued over the DICT quota",
      prepare: async (m) => {
        process.env.DICT_QUOTA_PER_MINUTE = "1";
        resetConfigForTests();
        await dictQuota().consume(m.userId);
        return cashOut({ amount: 2, pix_key: "bia@example.invalid", pix_key_type: "email", external_id: "k-queued" });
      },
      effects: (m) => debits(m, "k-queued"),
      // a queue pass of another file would send it
      cleanUp: (m) =>
        db().queuedPayout.updateMany({ where: { accountId: m.accountId, status: "queued" }, data: { status: "sent" } }),
    },
  ],
  "/pix/refund": [
    {
      prepare: async (m) => {
        const credit = await db().ledgerEntry.findFirstOrThrow({ where: { accountId: m.accountId, type: "credit" } });
        return { path: "/pix/refund", body: { end_to_end_id: credit.endToEndId, amount: 1 } };
      },
      effects: (m) => db().ledgerEntry.count({ where: { accountId: m.accountId, reason: REFUND_REASON } }),
    },
  ],
  "/webhooks": [
    {
      prepare: () => ({
        path: "/webhooks",
        body: { url: "http://127.0.0.1:9/killed-hook", events: ["pix.charge.paid"], allow_insecure: true },
      }),
      effects: (m) => db().gatewayWebhook.count({ where: { userId: m.userId } }),
    },
  ],
  "/webhooks/deliveries/{event_id}/replay": [
    {
      prepare: async (m) => {
        const delivery = await db().webhookDelivery.create({
          data: {
            id: randomUUID(),
            surface: "gateway",
            userId: m.userId,
            targetKey: "killed",
            eventType: "pix.charge.paid",
            payload: {},
            status: "delivered",
            attempts: 1,
            deliveredAt: new Date(),
          },
        });
        return { path: `/webhooks/deliveries/${delivery.id}/replay`, body: {} };
      },
      effects: (m) => db().webhookDelivery.count({ where: { userId: m.userId, manualReplay: true } }),
      // a delivery pass of another file would try to send it
      cleanUp: (m) =>
        db().webhookDelivery.updateMany({
          where: { userId: m.userId, status: "pending" },
          data: { status: "delivered" },
        }),
    },
  ],
  "/cpf/validate": [
    {
      prepare: () => ({ path: "/cpf/validate", body: { cpf: "529.982.247-25" } }),
      effects: async () => 0,
      pure: true,
    },
  ],
};

const cases = Object.entries(SIGNED_POSTS).flatMap(([operation, list]) =>
  list.map((c) => [`${operation}${c.variant ? ` (${c.variant})` : ""}`, c] as const),
);

describe("a signed POST killed between its effect's commit and its answer", () => {
  beforeAll(() => {
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "true";
    resetConfigForTests();
  });
  const quota = process.env.DICT_QUOTA_PER_MINUTE;
  afterEach(() => {
    if (quota === undefined) delete process.env.DICT_QUOTA_PER_MINUTE;
    else process.env.DICT_QUOTA_PER_MINUTE = quota;
    resetConfigForTests();
  });
  afterAll(() => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    resetConfigForTests();
  });

  it.each(cases)("%s: the retry gets the same answer, the effect happened once", async (name, c) => {
    const m = await fundedMerchant(100_000n);
    const key = `killed-${name}`;
    const { path, body } = await c.prepare(m);
    onTestFinished(async () => {
      await c.cleanUp?.(m);
    });
    const died = await killedAfterCommit(m, path, body, key);
    expect(await c.effects(m)).toBe(c.pure ? 0 : 1);

    if (!c.answeredInEffect) {
      const live = await post(m, path, body, { "idempotency-key": key });
      expect(live.status).toBe(409);
      expect(live.json).toEqual({ error: { status: 409, message: expect.stringMatching(/still in progress/) } });
      await leaseRunsOut(key);
    }
    const retry = await post(m, path, body, { "idempotency-key": key });
    expect(retry.status).toBe(died.status);
    expect(retry.json).toEqual(died.body);
    if (!c.pure) expect(retry.headers.get("idempotent-replayed")).toBe("true");
    const again = await post(m, path, body, { "idempotency-key": key });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(retry.text);
    expect(await c.effects(m)).toBe(c.pure ? 0 : 1);
  });

  it("covers every signed POST of the API reference", async () => {
    const document = (await call(gatewayApi(), "GET", "/api/external/openapi.json")).json as {
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    const signed = Object.entries(document.paths)
      .filter(([, operations]) => operations.post?.security?.some((scheme) => "hmac" in scheme))
      .map(([path]) => path.replace(/^\/api\/external/, ""));
    expect(signed.sort()).toEqual(Object.keys(SIGNED_POSTS).sort());
  });
});
