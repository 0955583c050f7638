import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { db } from "../../server/db/client";
import { verifyLedger } from "../../server/ledger/verify";
import { ACCOUNTS_SQL } from "../../server/transfers/internal";
import { availableCents, call, fundedMerchant, newMerchant } from "../support/fixtures";
import { genericPlanOf } from "../support/plans";

const path = (accountId: string) => `/v4/i/bank-accounts/${accountId}/transfer/internal`;

describe("POST /v4/i/bank-accounts/{accountId}/transfer/internal", () => {
  let payer: Awaited<ReturnType<typeof fundedMerchant>>;
  let receiver: Awaited<ReturnType<typeof newMerchant>>;

  beforeAll(async () => {
    payer = await fundedMerchant(5000n);
    receiver = await newMerchant();
  });

  it("moves the money at once and answers the debit entry with every field", async () => {
    const res = await call(accountApi(), "POST", path(payer.accountId), {
      auth: payer.auth,
      body: { amount: 12.34, receiverBankAccount: receiver.accountId, obs: "aluguel", externalId: "rent-1" },
    });
    expect(res.status).toBe(200);
    const entry = res.json.data;
    expect(entry).toMatchObject({
      type: "debit",
      reason: "internal:transfer_out",
      status: "succeeded",
      grossAmount: 12.34,
      feeAmount: 0,
      netAmount: 12.34,
      obs: "aluguel",
      externalId: "rent-1",
      accountId: payer.accountId,
      userId: payer.userId,
      endToEndId: null,
      parentEndToEndId: null,
      errorMessage: null,
      split: null,
      af: null,
      sameDocument: null,
      medId: null,
    });
    expect(entry.idempotencyKey).toBe(`debit:internal:transfer_out:${entry.id}`);
    expect(entry.createdDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(entry.receiver.accountNumber).toBe(receiver.accountId);
    expect(await availableCents(payer.accountId)).toBe(5000n - 1234n);
    expect(await availableCents(receiver.accountId)).toBe(1234n);
  });

  it.each([
    [{ amount: 0, receiverBankAccount: "x" }, "greater than zero|12-digit"],
    [{ amount: 1.005, receiverBankAccount: "100000000000" }, "two decimals"],
    [{ amount: -1, receiverBankAccount: "100000000000" }, "positive"],
    [{ receiverBankAccount: "100000000000" }, "amount"],
    [{ amount: 1 }, "receiverBankAccount"],
    [{ amount: "1", receiverBankAccount: "100000000000" }, "amount"],
  ])("answers 400 for invalid or incomplete data %j", async (body, message) => {
    const res = await call(accountApi(), "POST", path(payer.accountId), { auth: payer.auth, body });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "VALIDATION_ERROR", success: false });
    expect(res.json.message).toMatch(new RegExp(message));
  });

  it("answers 400 for a destination that is not found or is the source", async () => {
    for (const destination of ["999999999997", payer.accountId, "12345"]) {
      const res = await call(accountApi(), "POST", path(payer.accountId), {
        auth: payer.auth,
        body: { amount: 1, receiverBankAccount: destination },
      });
      expect(res.status, destination).toBe(400);
    }
  });

  it("answers 400 for malformed JSON and changes nothing", async () => {
    const before = await availableCents(payer.accountId);
    const res = await call(accountApi(), "POST", path(payer.accountId), { auth: payer.auth, rawBody: '{"amount": 1,' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "VALIDATION_ERROR", message: "Malformed JSON in request body" });
    expect(await availableCents(payer.accountId)).toBe(before);
  });

  it("answers 403 for another merchant's account and 404 for an unknown one", async () => {
    const forbidden = await call(accountApi(), "POST", path(receiver.accountId), {
      auth: payer.auth,
      body: { amount: 1, receiverBankAccount: payer.accountId },
    });
    expect(forbidden.status).toBe(403);
    const missing = await call(accountApi(), "POST", path("999999999996"), {
      auth: payer.auth,
      body: { amount: 1, receiverBankAccount: receiver.accountId },
    });
    expect(missing.status).toBe(404);
  });

  it("answers 409 when the externalId was already used, and 422 on insufficient balance", async () => {
    const body = { amount: 0.01, receiverBankAccount: receiver.accountId, externalId: "dup-1" };
    expect((await call(accountApi(), "POST", path(payer.accountId), { auth: payer.auth, body })).status).toBe(200);
    const again = await call(accountApi(), "POST", path(payer.accountId), { auth: payer.auth, body });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("IDEMPOTENCY_CONFLICT");

    const before = await availableCents(payer.accountId);
    const broke = await call(accountApi(), "POST", path(payer.accountId), {
      auth: payer.auth,
      body: { amount: 1_000, receiverBankAccount: receiver.accountId },
    });
    expect(broke.status).toBe(422);
    expect(broke.json).toMatchObject({ code: "INSUFFICIENT_BALANCE", message: "insufficient balance" });
    expect(await availableCents(payer.accountId)).toBe(before);
  });
});

describe("concurrent transfers", () => {
  it("40 transfers of 1.00 from 20.00: exactly 20 succeed, the rest get 422, the ledger stays whole", async () => {
    const payer = await fundedMerchant(2000n);
    const receivers = await Promise.all([newMerchant(), newMerchant(), newMerchant(), newMerchant()]);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(accountApi(), "POST", path(payer.accountId), {
          auth: payer.auth,
          body: { amount: 1, receiverBankAccount: (receivers[i % 4] as (typeof receivers)[number]).accountId },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 422)).toHaveLength(20);
    expect(await availableCents(payer.accountId)).toBe(0n);
    const received = await Promise.all(receivers.map((r) => availableCents(r.accountId)));
    expect(received.reduce((a, b) => a + b, 0n)).toBe(2000n);
    expect((await verifyLedger(db())).violations).toEqual([]);
  });

  it("opposite transfers between two accounts do not deadlock", async () => {
    const a = await fundedMerchant(1000n);
    const b = await fundedMerchant(1000n);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const [from, to] = i % 2 ? [a, b] : [b, a];
        return call(accountApi(), "POST", path(from.accountId), {
          auth: from.auth,
          body: { amount: 0.5, receiverBankAccount: to.accountId },
        });
      }),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await availableCents(a.accountId)) + (await availableCents(b.accountId))).toBe(2000n);
  });
});

describe("the transfer's account read", () => {
  it("probes indexes even in a generic plan (none reads every account or every MED under analysis)", async () => {
    const plan = await genericPlanOf(ACCOUNTS_SQL, ["varchar[]"], "ARRAY['000000000001', '000000000002']", [
      "accounts",
      "meds",
    ]);
    expect(plan).not.toMatch(/hashed SubPlan|Seq Scan on (accounts|meds)|meds_status/);
    expect(plan).toMatch(/Index (Only )?Scan (using|on) accounts_pkey/);
    expect(plan).toMatch(/Index (Only )?Scan (using|on) meds_account_id_\w+/);
  });
});
