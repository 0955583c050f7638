/**
 * An Idempotency-Key whose process died is retryable after its lease and
 * gives the committed result or performs the effect once; stored answers hold no plain secret.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { claimIdempotencyKey, requestHash } from "../../server/idempotency/claim";
import { EffectSink } from "../../server/idempotency/sink";
import { post } from "../gateway/support";
import { availableCents, fundedMerchant } from "../support/fixtures";

const CASH_OUT = "/api/external/pix/cash-out";
const minuteAgo = () => new Date(Date.now() - 60_000);

/** What a process killed mid-request leaves: its claim, lease ran out, no answer stored. */
async function crashedClaim(clientId: string, key: string, body: unknown) {
  const apiKey = await db().apiKey.findUniqueOrThrow({ where: { clientId } });
  const scope = { apiKeyId: apiKey.id, method: "POST", path: CASH_OUT, key };
  return { scope, claim: await claimIdempotencyKey(scope, requestHash(JSON.stringify(body)), minuteAgo()) };
}

async function payoutsOf(accountId: string, externalId: string) {
  return db().ledgerEntry.count({ where: { accountId, type: "debit", externalId } });
}

describe("idempotency after a crash (atomic phases)", () => {
  let m: Awaited<ReturnType<typeof fundedMerchant>>;
  beforeAll(async () => {
    m = await fundedMerchant(100_000n);
  });

  it("died before the effect: after the lease the retry performs it once, then replays it", async () => {
    const body = { amount: 1, pix_key: "ana@example.invalid", pix_key_type: "email", external_id: "crash-before" };
    await crashedClaim(m.clientId, "k-before", body);
    const before = await availableCents(m.accountId);
    const retry = await post(m, "/pix/cash-out", body, { "idempotency-key": "k-before" });
    expect(retry.status).toBe(201);
    const again = await post(m, "/pix/cash-out", body, { "idempotency-key": "k-before" });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json.id).toBe(retry.json.id);
    expect(await payoutsOf(m.accountId, "crash-before")).toBe(1);
    expect(await availableCents(m.accountId)).toBe(before - 100n);
  });

  it("died after the effect committed: the retry answers with the committed payout, not a second one", async () => {
    const body = { amount: 2, pix_key: "bia@example.invalid", pix_key_type: "email", external_id: "crash-after" };
    const first = await post(m, "/pix/cash-out", body, { "idempotency-key": "k-after" });
    expect(first.status).toBe(201);
    // the answer never got stored: the process died between the commit and the last write
    await db().$executeRaw`
      UPDATE idempotency_records SET state = 'in_progress', response_status = NULL, response_body = NULL,
             response_headers = NULL, lease_expires_at = now() - interval '1 second'
       WHERE key = 'k-after'`;
    const before = await availableCents(m.accountId);
    const retry = await post(m, "/pix/cash-out", body, { "idempotency-key": "k-after" });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.json).toEqual(expect.objectContaining({ id: first.json.id, external_id: "crash-after", amount: 2 }));
    expect(await payoutsOf(m.accountId, "crash-after")).toBe(1);
    expect(await availableCents(m.accountId)).toBe(before);
    const stored = await db().idempotencyRecord.findFirstOrThrow({ where: { key: "k-after" } });
    expect(stored.state).toBe("completed");
  });

  it("a live claim still answers 409; a taken-over claim can no longer commit its effect", async () => {
    const body = { amount: 1, pix_key: "caio@example.invalid", pix_key_type: "email" };
    const live = await post(m, "/pix/cash-out", body, { "idempotency-key": "k-live" });
    expect(live.status).toBe(201);
    const { scope, claim: old } = await crashedClaim(m.clientId, "k-fenced", body);
    const hash = requestHash(JSON.stringify(body));
    const takeover = await claimIdempotencyKey(scope, hash);
    expect(takeover.kind).toBe("new");
    expect(await claimIdempotencyKey(scope, hash)).toEqual({ kind: "in-progress" });
    if (old.kind !== "new" || takeover.kind !== "new") throw new Error("expected claims");
    const effect = { kind: "payout", entryId: "E-none" } as const;
    await expect(db().$transaction((tx) => new EffectSink(old).record(tx, effect))).rejects.toThrow(/in progress/);
    await db().$transaction((tx) => new EffectSink(takeover).record(tx, effect));
  });
});

describe("secret-bearing answers", () => {
  it("a registration's secret is nowhere in the database in plain text, and a replay returns it", async () => {
    const m = await fundedMerchant(0n);
    const body = { url: "https://192.0.2.1/hook", events: ["pix.charge.paid"] };
    const first = await post(m, "/webhooks", body, { "idempotency-key": "wh-1" });
    expect(first.status).toBe(201);
    const secret = first.json.secret as string;
    expect(secret).toMatch(/^.{64}$/);

    const tables = await db().$queryRaw<{ name: string }[]>`
      SELECT quote_ident(table_name) AS name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`;
    for (const { name } of tables) {
      const [row] = await db().$queryRawUnsafe<{ dump: string | null }[]>(
        `SELECT string_agg(t::text, E'\\n') AS dump FROM ${name} t`,
      );
      expect(row?.dump ?? "", `table ${name}`).not.toContain(secret);
    }

    const replay = await post(m, "/webhooks", body, { "idempotency-key": "wh-1" });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json).toEqual(first.json);
  });
});
