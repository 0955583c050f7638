/**
 * Model-based test of the ledger: random sequences of receive, transfer, hold, settle, release,
 * give back (a payment's return), refund, MED open/accept/reject and account block/unblock, each
 * through the service a door calls, on fresh accounts per sequence. After every operation the
 * database must agree with the in-memory model (model.ts) — same refusal, same balances, payment
 * statuses and MEDs — and `ledger verify` must find nothing.
 * LEDGER_MODEL_RUNS sets the number of sequences. To replay a failure, set what fast-check printed
 * with it: LEDGER_MODEL_SEED (`seed`), LEDGER_MODEL_PATH (`path`), LEDGER_MODEL_REPLAY (`replayPath`).
 */
import fc from "fast-check";
import { beforeAll, describe, it } from "vitest";
import { createAccount } from "../../../server/accounts/service";
import { resetConfigForTests } from "../../../server/config";
import { db } from "../../../server/db/client";
import { newMerchant, randomCpf } from "../../support/fixtures";
import { ACCOUNTS, type LedgerCommand, ledgerCommands, op, type RealLedger } from "./commands";
import { emptyLedger } from "./model";

const RUNS = Number(process.env.LEDGER_MODEL_RUNS ?? 200);
const { LEDGER_MODEL_SEED, LEDGER_MODEL_PATH, LEDGER_MODEL_REPLAY } = process.env;
const REPLAY = LEDGER_MODEL_SEED ? { seed: Number(LEDGER_MODEL_SEED), path: LEDGER_MODEL_PATH } : {};

/** Fresh accounts of the merchant for one sequence, each with its fee for payments that leave. */
async function freshLedger(userId: string, fees: bigint[]): Promise<RealLedger> {
  const accounts = await db().$transaction(async (tx) => {
    const ids: string[] = [];
    for (const fee of fees) {
      const account = await createAccount(tx, { userId, name: "Conta do modelo", document: randomCpf() });
      await tx.account.update({ where: { id: account.id }, data: { externalFeeCents: fee } });
      ids.push(account.id);
    }
    return ids;
  });
  let last = 0;
  const now = () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last);
  };
  return { userId, accounts, holds: [], credits: [], meds: [], now };
}

/**
 * Sequences run before the random ones: those that once disagreed with the model, and those the
 * random ones seldom reach.
 */
const ALWAYS_RUN: [bigint[], LedgerCommand[]][] = [
  // An accepted MED refunds less than it blocked (the merchant refunded part meanwhile): what it
  // released must cover the account's other MED that still owes.
  [
    [0n, 0n, 0n],
    [
      op.receive(0, 100n),
      op.receive(0, 100n),
      op.openMed(0),
      op.refund(0, 60n),
      op.answer("settles", 0),
      op.transfer(0, 1, 40n),
      op.openMed(1),
      op.resolveMed(0, "accepted"),
    ],
  ],
  // Two MEDs of an account owe: a credit covers the older first, and so does what a decision on
  // the older releases.
  [
    [0n, 0n, 0n],
    [
      op.receive(0, 100n),
      op.receive(0, 100n),
      op.hold(0, 150n, "settles"),
      op.openMed(0),
      op.openMed(1),
      op.receive(0, 30n),
      op.resolveMed(0, "rejected"),
    ],
  ],
];

describe("the ledger agrees with its model", () => {
  let userId: string;

  beforeAll(async () => {
    // Payments settle only when a command says so: a day's delay keeps them out of the relay
    // passes other test files run on the same database.
    process.env.SANDBOX_SETTLEMENT_DELAY_MS = String(24 * 60 * 60 * 1000);
    resetConfigForTests();
    ({ userId } = await newMerchant());
  });

  it(`for ${RUNS} random sequences of up to 40 operations`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<bigint>(0n, 0n, 1n, 250n), { minLength: ACCOUNTS, maxLength: ACCOUNTS }),
        fc.commands(ledgerCommands, { maxCommands: 40, size: "max", replayPath: LEDGER_MODEL_REPLAY }),
        async (fees, commands) => {
          const real = await freshLedger(userId, fees);
          await fc.asyncModelRun(() => ({ model: emptyLedger(fees), real }), commands);
          // No relay runs here: the sequence's events would pile up before the other files' in
          // their relay passes (oldest first, a limit per pass). Nothing needs them any more.
          await db().outboxEvent.updateMany({
            where: { userId, publishedAt: null },
            data: { publishedAt: new Date() },
          });
        },
      ),
      { numRuns: RUNS, examples: ALWAYS_RUN, ...REPLAY },
    );
  }, 600_000);
});
