/** An error after the effect committed must not free the key for a second effect. */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "../../server/db/client";
import { post } from "../gateway/support";
import { fundedMerchant } from "../support/fixtures";

const failures = vi.hoisted(() => ({ remaining: 0 }));

// The QR image is drawn after createCharge committed: make it fail once, as a crash-like error would.
vi.mock("../../server/charges/qr-image", async (original) => {
  const real = await original<typeof import("../../server/charges/qr-image")>();
  return {
    ...real,
    qrCodePng: async (emv: string) => {
      if (failures.remaining > 0) {
        failures.remaining--;
        throw new Error("renderer crashed");
      }
      return real.qrCodePng(emv);
    },
  };
});

describe("a failure after the commit", () => {
  let m: Awaited<ReturnType<typeof fundedMerchant>>;
  beforeAll(async () => {
    m = await fundedMerchant(0n);
  });

  it("the retry gets the committed charge; no second charge is created", async () => {
    const body = { amount: 3, description: "after-commit" };
    failures.remaining = 1;
    const first = await post(m, "/pix/cash-in", body, { "idempotency-key": "k-qr" });
    expect(first.status).toBe(500);
    const retry = await post(m, "/pix/cash-in", body, { "idempotency-key": "k-qr" });
    expect(retry.status).toBe(201);
    expect(retry.json).toMatchObject({ amount: 3, status: expect.any(String), qr_code_image: expect.any(String) });
    const again = await post(m, "/pix/cash-in", body, { "idempotency-key": "k-qr" });
    expect(again.json.tx_id).toBe(retry.json.tx_id);
    expect(await db().charge.count({ where: { accountId: m.accountId } })).toBe(1);
  });
});
