/**
 * People a spec makes for itself, so the demo users other specs sign in as keep their state (no
 * second factor, their sessions). They are made in this run's database: serve.ts names it at
 * random, so it is found by a PIX the demo merchant receives now.
 */
import { type Browser, expect } from "@playwright/test";
import { DEMO_MERCHANT } from "../../prisma/demo";
import type { Db } from "../../server/db/client";
import { randomCpf } from "../../tests/support/fixtures";
import { runDatabaseOf } from "./rail";
import { signIn } from "./session";
import { openPage, SLOW } from "./walk";

/** Runs `work` on this run's database (the Node side of the spec), then lets it go. */
export async function onRunDatabase<T>(browser: Browser, baseURL: string, work: (db: Db) => Promise<T>): Promise<T> {
  const demo = await openPage(browser, { baseURL });
  await signIn(demo, DEMO_MERCHANT);
  await expect(demo).toHaveURL(/\/overview$/, SLOW);
  const credited = await demo.request.post("/api/trpc/sandbox.creditAccount", {
    headers: { origin: new URL(demo.url()).origin },
    data: { json: { accountId: DEMO_MERCHANT.accountId, amount: 1 } },
  });
  expect(credited.status()).toBe(200);
  const { endToEndId } = (await credited.json()).result.data.json;
  await demo.context().close();

  process.env.DATABASE_URL = await runDatabaseOf(endToEndId);
  const { resetConfigForTests } = await import("../../server/config");
  resetConfigForTests();
  const { db, disconnectDb } = await import("../../server/db/client");
  try {
    return await work(db());
  } finally {
    await disconnectDb();
  }
}

/** A merchant of its own (account, organisation owner) holding `balanceCents`, signing in from 127.0.0.1. */
export async function freshMerchant(
  db: Db,
  person: { name: string; email: string; password: string },
  balanceCents: bigint,
): Promise<void> {
  const { createMerchant } = await import("../../server/accounts/merchants");
  const { creditIncomingPix } = await import("../../server/transfers/incoming");
  const shop = await createMerchant(db, { ...person, document: randomCpf(), ipWhitelist: ["127.0.0.1"] });
  if (balanceCents > 0n) {
    await creditIncomingPix(db, { userId: shop.userId, accountId: shop.accountId, amountCents: balanceCents });
  }
}
