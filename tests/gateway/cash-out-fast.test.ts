/**
 * The cash-out by key on the plain pool (server/payouts/fast.ts, docs/decisions/0021): the same
 * answers as the general path, and the hold commits only with the idempotency recovery point,
 * which completes the record: replays rebuild the answer from it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { CREATED_PAYOUTS } from "../../server/gateway/recover";
import { claimIdempotencyKey, requestHash } from "../../server/idempotency/claim";
import { EffectSink } from "../../server/idempotency/sink";
import type { Entry } from "../../server/ledger/types";
import { release } from "../../server/ledger/verbs";
import { cashOutOnPool, READ_MANY } from "../../server/payouts/fast";
import { registerPixKey } from "../../server/pix/platform-keys";
import { availableCents, fundedMerchant } from "../support/fixtures";
import { genericPlanOf } from "../support/plans";
import { post } from "./support";

describe("cash-out fast path", () => {
  let m: Awaited<ReturnType<typeof fundedMerchant>>;
  beforeAll(async () => {
    m = await fundedMerchant(100_000n);
  });

  it("holds the money, records the rail submission and the recovery point in one commit", async () => {
    const body = { amount: 3, pix_key: "elis@example.invalid", pix_key_type: "email", external_id: "fast-1" };
    const before = await availableCents(m.accountId);
    const res = await post(m, "/pix/cash-out", body, { "idempotency-key": "k-fast-1" });
    expect(res.status).toBe(201);
    expect(res.json).toEqual(expect.objectContaining({ status: "processing", amount: 3, external_id: "fast-1" }));
    expect(await availableCents(m.accountId)).toBe(before - 300n);
    const entry = await db().ledgerEntry.findFirstOrThrow({ where: { accountId: m.accountId, externalId: "fast-1" } });
    expect(entry.status).toBe("processing");
    const topics = await db().outboxEvent.findMany({ where: { entryId: entry.id }, select: { topic: true } });
    expect(topics.map((t) => t.topic).sort()).toEqual(["entry.created", "rail.payment_submitted"]);
    const record = await db().idempotencyRecord.findFirstOrThrow({ where: { key: "k-fast-1" } });
    expect(record.effect).toEqual({ kind: "payout", entryId: entry.id, accountId: m.accountId, keyCase: "snake" });
    // Completed by the hold's own commit: no lease left, no body stored after it.
    expect(record).toMatchObject({ state: "completed", responseStatus: 201, responseBody: null, leaseToken: null });
    expect(record.responseHeaders).toEqual({ "content-type": "application/json" });
  });

  it("a replay gives the answer as it was given: rebuilt from the effect, in its key case, whatever the payout became", async () => {
    const body = { amount: 2.5, pix_key: "hana@example.invalid", pix_key_type: "email", external_id: "fast-replay" };
    const key = { "idempotency-key": "k-fast-replay" };
    const first = await post(m, "/pix/cash-out", body, { ...key, "x-key-case": "camelCase" });
    expect(first.status).toBe(201);
    expect(first.json).toEqual(expect.objectContaining({ endToEndId: expect.any(String), externalId: "fast-replay" }));
    const entry = await db().ledgerEntry.findFirstOrThrow({
      where: { accountId: m.accountId, externalId: "fast-replay" },
    });
    await db().$transaction((tx) => release(tx, entry as Entry, "AC03: invalid account"));

    const replay = await post(m, "/pix/cash-out", body, key); // snake_case asked this time
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.headers.get("content-type")).toBe("application/json");
    expect(replay.text).toBe(first.text);
    expect(replay.json).toEqual(expect.objectContaining({ status: "processing" }));
    expect(replay.json).not.toHaveProperty("errorMessage");

    const other = await post(m, "/pix/cash-out", { ...body, amount: 3 }, key);
    expect(other.status).toBe(422);
  });

  it("a replay by another merchant's key never sees this one's answer", async () => {
    const stranger = await fundedMerchant(100_000n);
    const body = { amount: 1, pix_key: "ines@example.invalid", pix_key_type: "email", external_id: "fast-own" };
    const mine = await post(m, "/pix/cash-out", body, { "idempotency-key": "k-fast-own" });
    const theirs = await post(stranger, "/pix/cash-out", body, { "idempotency-key": "k-fast-own" });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(theirs.json.id).not.toBe(mine.json.id);
  });

  it("an external_id already used is refused with nothing held", async () => {
    const body = { amount: 1, pix_key: "fabi@example.invalid", pix_key_type: "email", external_id: "fast-dup" };
    expect((await post(m, "/pix/cash-out", body, { "idempotency-key": "k-dup-1" })).status).toBe(201);
    const before = await availableCents(m.accountId);
    const again = await post(m, "/pix/cash-out", body, { "idempotency-key": "k-dup-2" });
    expect(again.status).toBe(409);
    expect(await availableCents(m.accountId)).toBe(before);
    expect(await db().ledgerEntry.count({ where: { accountId: m.accountId, externalId: "fast-dup" } })).toBe(1);
  });

  it("a claim taken over by another process cannot commit its hold", async () => {
    const apiKey = await db().apiKey.findUniqueOrThrow({ where: { clientId: m.clientId } });
    const scope = { apiKeyId: apiKey.id, method: "POST", path: "/api/external/pix/cash-out", key: "k-fast-fenced" };
    const hash = requestHash("{}");
    const old = await claimIdempotencyKey(scope, hash, new Date(Date.now() - 60_000));
    const takeover = await claimIdempotencyKey(scope, hash);
    if (old.kind !== "new" || takeover.kind !== "new") throw new Error("expected two claims");
    const before = await availableCents(m.accountId);
    const input = {
      userId: m.userId,
      accountId: m.accountId,
      amountCents: 100n,
      pixKey: "gil@example.invalid",
      pixKeyType: "EMAIL" as const,
      externalId: "fast-fenced",
    };
    await expect(cashOutOnPool(input, new EffectSink(old))).rejects.toThrow(/in progress/);
    expect(await availableCents(m.accountId)).toBe(before);
    expect(await db().ledgerEntry.count({ where: { accountId: m.accountId, externalId: "fast-fenced" } })).toBe(0);
  });

  it("a key of this platform is not for the fast path: nothing held here", async () => {
    const other = await fundedMerchant(0n);
    const key = `fast-platform-${other.accountId}@example.test`;
    await registerPixKey(db(), other.accountId, "EMAIL", key);
    const before = await availableCents(m.accountId);
    const input = {
      userId: m.userId,
      accountId: m.accountId,
      amountCents: 100n,
      pixKey: key,
      pixKeyType: "EMAIL" as const,
    };
    expect(await cashOutOnPool(input)).toBeNull();
    expect(await availableCents(m.accountId)).toBe(before);
  });

  it("its read probes unique indexes even in a generic plan (no hashed sub-plan over the ledger)", async () => {
    const plan = await genericPlanOf(
      READ_MANY,
      ["text[]", "text[]", "text[]"],
      `ARRAY['${m.accountId}'], ARRAY['x@example.invalid'], ARRAY['e-1']`,
      ["accounts", "pix_keys", "ledger_entries"],
    );
    expect(plan).not.toMatch(/hashed SubPlan|Seq Scan on (ledger_entries|pix_keys)/);
    expect(plan).toMatch(/Index (Only )?Scan (using|on) ledger_entries_account_id_outgoing_external_id_key/);
    expect(plan).toMatch(/Index (Only )?Scan (using|on) pix_keys_key_key/);
  });

  it("a replay's read of the payout probes its unique index even in a generic plan", async () => {
    const plan = await genericPlanOf(CREATED_PAYOUTS, ["text[]", "text[]"], `ARRAY['${m.accountId}'], ARRAY['E-1']`, [
      "ledger_entries",
    ]);
    expect(plan).not.toMatch(/hashed SubPlan|Seq Scan on ledger_entries/);
    expect(plan).toMatch(/Index (Only )?Scan (using|on) ledger_entries_account_id_id_key/);
  });
});
