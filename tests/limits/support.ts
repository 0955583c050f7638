import { afterEach, beforeAll } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { cliActor } from "../../server/cli/actor";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { type LimitChanges, setLimits } from "../../server/limits/changes";
import { limitsClock } from "../../server/limits/limits";
import { call, fundedMerchant } from "../support/fixtures";

export type Shop = Awaited<ReturnType<typeof fundedMerchant>>;

/** Defaults no test reaches, and a raise above R$ 1.000,00 waits for an operator. */
export function limitSettings(): void {
  for (const name of ["PER_TRANSACTION", "DAILY", "MONTHLY", "NIGHTLY_PER_TRANSACTION", "NIGHTLY"])
    process.env[`PIX_LIMIT_${name}_CENTS`] = "100000000";
  process.env.PIX_LIMIT_RAISE_APPROVAL_CENTS = "100000";
  resetConfigForTests();
}

/**
 * Inside a describe: limitSettings, a receiver with nothing in it for the tests' transfers, and the
 * limits clock put back after each test. `receiver` is there once beforeAll ran.
 */
export function limitsSuite(): { receiver: Shop } {
  const suite = {} as { receiver: Shop };
  const realClock = limitsClock.now;
  beforeAll(async () => {
    limitSettings();
    suite.receiver = await fundedMerchant(0n);
  });
  afterEach(() => {
    limitsClock.now = realClock;
  });
  return suite;
}

export const operatorSets = (accountId: string, changes: LimitChanges) =>
  db().$transaction((tx) => setLimits(tx, { accountId, changes, actor: cliActor() }));

export const v4 = (shop: Shop, method: string, path: string, body?: unknown) =>
  call(accountApi(), method, `/v4/i/bank-accounts/${shop.accountId}${path}`, {
    auth: shop.auth,
    ...(body === undefined ? {} : { body }),
  });

export const internal = (from: Shop, to: Shop, amount: number) =>
  v4(from, "POST", "/transfer/internal", { receiverBankAccount: to.accountId, amount });

export const external = (from: Shop, amount: number) =>
  v4(from, "POST", "/transfer/external", { pixKey: "lia@example.invalid", amount });
