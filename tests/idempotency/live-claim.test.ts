/**
 * A request whose Idempotency-Key another request holds (its lease still runs) is refused with
 * 409 through the real route, before the route runs: nothing happens, and the holder's claim is
 * left as it was.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { claimIdempotencyKey, requestHash } from "../../server/idempotency/claim";
import { post } from "../gateway/support";
import { availableCents, fundedMerchant } from "../support/fixtures";

describe("a live claim", () => {
  let m: Awaited<ReturnType<typeof fundedMerchant>>;
  beforeAll(async () => {
    m = await fundedMerchant(10_000n);
  });

  it("answers 409 to the same Idempotency-Key while the holder's lease runs, and changes nothing", async () => {
    const body = { amount: 1, pix_key: "ana@example.invalid", pix_key_type: "email", external_id: "live-claim" };
    const apiKey = await db().apiKey.findUniqueOrThrow({ where: { clientId: m.clientId } });
    const scope = { apiKeyId: apiKey.id, method: "POST", path: "/api/external/pix/cash-out", key: "k-live-claim" };
    const holder = await claimIdempotencyKey(scope, requestHash(JSON.stringify(body)));
    if (holder.kind !== "new") throw new Error(`expected a new claim, got ${holder.kind}`);
    const before = await availableCents(m.accountId);

    const refused = await post(m, "/pix/cash-out", body, { "idempotency-key": "k-live-claim" });

    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({
      error: { status: 409, message: "A request with this Idempotency-Key is still in progress" },
    });
    expect(refused.headers.get("idempotent-replayed")).toBeNull();
    expect(await availableCents(m.accountId)).toBe(before);
    expect(await db().ledgerEntry.count({ where: { accountId: m.accountId, externalId: "live-claim" } })).toBe(0);
    expect(await db().idempotencyRecord.findUniqueOrThrow({ where: { id: holder.recordId } })).toMatchObject({
      state: "in_progress",
      leaseToken: holder.token,
      effect: null,
    });
  });
});
