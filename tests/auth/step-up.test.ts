/** Step-up (decision 0044): money above the setting, API keys and webhooks ask for a fresh check. */
import type { JWT } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { confirmTotp, startTotpEnrolment } from "../../server/second-factor/service";
import { fundedMerchant, LOCAL_IP } from "../support/fixtures";
import { appCode, callerOf, passwordSignIn, secondStep } from "./second-factor-support";

process.env.RATE_LIMITS_ENABLED = "false";

const ELEVEN_MINUTES = 11 * 60 * 1000;
const aged = (token: JWT): JWT => ({ ...token, checkedAt: (token.checkedAt ?? Date.now()) - ELEVEN_MINUTES });

async function stepUpCode(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.code === "PRECONDITION_FAILED" ? (e.cause?.code ?? "PRECONDITION_FAILED") : null;
  }
}

const send = (accountId: string, amount: number) => ({ accountId, pixKey: "ana@example.invalid", amount });
const newKey = { name: "ci", scopes: ["balance:read" as const], ipWhitelist: [LOCAL_IP], expiresAt: null };

describe("step-up for a user without a second factor (the password)", () => {
  it("a fresh sign-in may send above R$ 5.000,00; ten minutes later it must confirm the password", async () => {
    const shop = await fundedMerchant(2_000_000n);
    const token = await passwordSignIn(shop.email);
    const fresh = await callerOf(token);
    expect(await stepUpCode(fresh.transfers.sendToKey(send(shop.accountId, 5_000.01)))).toBeNull();

    const old = await callerOf(aged(token));
    const before = await db().ledgerEntry.count({ where: { accountId: shop.accountId } });
    expect(await stepUpCode(old.transfers.sendToKey(send(shop.accountId, 5_000.01)))).toBe("STEP_UP_REQUIRED");
    expect(await db().ledgerEntry.count({ where: { accountId: shop.accountId } })).toBe(before);
    // At the setting itself, no step-up.
    expect(await stepUpCode(old.transfers.sendToKey(send(shop.accountId, 5_000)))).toBeNull();
    expect(await stepUpCode(old.apiKeys.create(newKey))).toBe("STEP_UP_REQUIRED");
    expect(
      await stepUpCode(
        old.webhooks.account.create({ event: ["pix_in:credited"], targetUrl: "http://127.0.0.1:9/hook" }),
      ),
    ).toBe("STEP_UP_REQUIRED");

    await expect(secondStep(aged(token), { password: "wrong-password-here" })).rejects.toThrow("SecondFactorInvalid");
    const renewed = await secondStep(aged(token), { password: "correct-horse-battery" });
    const again = await callerOf(renewed ?? {});
    expect(await stepUpCode(again.apiKeys.create(newKey))).toBeNull();
  });
});

describe("step-up for a user with a second factor", () => {
  it("a password-only check no longer stands once a factor is enrolled; a code renews it", async () => {
    const shop = await fundedMerchant(2_000_000n);
    const token = await passwordSignIn(shop.email);
    const { secret } = await startTotpEnrolment(db(), { id: shop.userId, email: shop.email });
    await confirmTotp(db(), shop.userId, await appCode(secret));

    const caller = await callerOf(token);
    expect(
      await stepUpCode(
        caller.transfers.internal({ accountId: shop.accountId, receiverAccountId: shop.accountId, amount: 6_000 }),
      ),
    ).toBe("STEP_UP_REQUIRED");
    // The password does not renew a check for a user who has a second factor.
    expect(await secondStep(token, { password: "correct-horse-battery" })).toBeNull();

    const renewed = (await secondStep(token, { code: await appCode(secret, 1) })) ?? {};
    const after = await callerOf(renewed);
    expect(await stepUpCode(after.transfers.sendToKey(send(shop.accountId, 6_000)))).toBeNull();
    expect(await stepUpCode((await callerOf(aged(renewed))).transfers.sendToKey(send(shop.accountId, 6_000)))).toBe(
      "STEP_UP_REQUIRED",
    );
  });

  it("removing a factor asks for a step-up too", async () => {
    const shop = await fundedMerchant(0n);
    const token = await passwordSignIn(shop.email);
    const { secret } = await startTotpEnrolment(db(), { id: shop.userId, email: shop.email });
    await confirmTotp(db(), shop.userId, await appCode(secret));
    const caller = await callerOf(token);
    expect(await stepUpCode(caller.security.disableTotp())).toBe("STEP_UP_REQUIRED");
    expect(await stepUpCode(caller.security.regenerateRecoveryCodes())).toBe("STEP_UP_REQUIRED");
    expect(await db().userTotp.count({ where: { userId: shop.userId } })).toBe(1);
  });
});
