import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { AppError } from "../../server/errors";
import { verifyLedger } from "../../server/ledger/verify";
import { inBatch } from "../../server/ledger/write-path";
import { relayDueEvents } from "../../server/outbox/relay";
import { registerPixKey } from "../../server/pix/platform-keys";
import { creditIncomingPix, returnOutgoingPix } from "../../server/transfers/incoming";
import { transferInternal } from "../../server/transfers/internal";
import { sendPixToKey } from "../../server/transfers/pix-out";
import { outboxHandlers } from "../../server/worker/outbox-handlers";
import { newMerchant } from "../support/fixtures";

type Merchant = Awaited<ReturnType<typeof newMerchant>> & { key: string };

const operation = fc.oneof(
  fc.record({ kind: fc.constant("credit" as const), to: fc.nat(3), cents: fc.bigInt({ min: 1n, max: 5000n }) }),
  fc.record({
    kind: fc.constant("internal" as const),
    from: fc.nat(3),
    to: fc.nat(3),
    cents: fc.bigInt({ min: 1n, max: 3000n }),
  }),
  fc.record({
    kind: fc.constant("pixPlatform" as const),
    from: fc.nat(3),
    to: fc.nat(3),
    cents: fc.bigInt({ min: 1n, max: 3000n }),
  }),
  fc.record({
    kind: fc.constant("pixOut" as const),
    from: fc.nat(3),
    key: fc.constantFrom("ana@example.invalid", "+5511912345678", "am02@fail.sandbox", "be01@fail.sandbox"),
    cents: fc.bigInt({ min: 1n, max: 3000n }),
  }),
  fc.record({ kind: fc.constant("settle" as const) }),
  fc.record({ kind: fc.constant("return" as const), from: fc.nat(3), cents: fc.bigInt({ min: 1n, max: 2000n }) }),
);

describe("random sequences of operations", () => {
  const merchants: Merchant[] = [];

  beforeAll(async () => {
    process.env.SANDBOX_SETTLEMENT_DELAY_MS = "0";
    resetConfigForTests();
    for (let i = 0; i < 4; i++) {
      const merchant = await newMerchant();
      const key = `rand-${merchant.accountId}@example.test`;
      await registerPixKey(db(), merchant.accountId, "EMAIL", key);
      merchants.push({ ...merchant, key });
    }
  });

  async function run(op: typeof operation extends fc.Arbitrary<infer T> ? T : never) {
    const pick = (i: number) => merchants[i] as Merchant;
    switch (op.kind) {
      case "credit":
        return creditIncomingPix(db(), {
          userId: pick(op.to).userId,
          accountId: pick(op.to).accountId,
          amountCents: op.cents,
        });
      case "internal":
        return transferInternal(inBatch(db()), {
          userId: pick(op.from).userId,
          accountId: pick(op.from).accountId,
          receiverAccountId: pick(op.to).accountId,
          amountCents: op.cents,
        });
      case "pixPlatform":
        return sendPixToKey(db(), {
          userId: pick(op.from).userId,
          accountId: pick(op.from).accountId,
          amountCents: op.cents,
          pixKey: pick(op.to).key,
        });
      case "pixOut":
        return sendPixToKey(db(), {
          userId: pick(op.from).userId,
          accountId: pick(op.from).accountId,
          amountCents: op.cents,
          pixKey: op.key,
        });
      case "settle":
        return relayDueEvents(db(), outboxHandlers(db()), 1000);
      case "return": {
        const sent = await db().ledgerEntry.findFirst({
          where: {
            accountId: pick(op.from).accountId,
            type: "debit",
            status: "succeeded",
            reason: "pix_out:processing",
          },
          orderBy: { seq: "desc" },
        });
        if (!sent?.endToEndId) return null;
        return returnOutgoingPix(db(), {
          userId: pick(op.from).userId,
          endToEndId: sent.endToEndId,
          amountCents: op.cents,
        });
      }
    }
  }

  it("keeps every invariant after each sequence", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const op of ops) {
          try {
            await run(op);
          } catch (error) {
            // Business refusals (insufficient balance, same account, over-return) are expected;
            // anything else is a bug.
            if (!(error instanceof AppError) || error.status >= 500) throw error;
          }
        }
        const report = await verifyLedger(db());
        expect(report.violations).toEqual([]);
        // money is neither created nor destroyed: what the merchants hold is what came in through
        // SPI less what left through it and the fees (a negative balance is the trigger's to refuse)
        const [totals] = await db().$queryRaw<{ merchants: bigint; system: bigint }[]>`
          SELECT (SELECT COALESCE(SUM(available_cents + held_cents + blocked_cents), 0) FROM accounts)::bigint AS merchants,
                 (SELECT COALESCE(SUM(amount_cents), 0) FROM ledger_postings WHERE account_id IS NULL)::bigint AS system`;
        expect(totals?.merchants).toBe(-(totals?.system ?? 0n));
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
