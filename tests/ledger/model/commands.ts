/**
 * The operations of the model-based ledger test as fast-check commands: each predicts its outcome
 * with the model (model.ts), performs it through the service a door calls, and checks that the
 * database agrees — the same refusal, or the same balances, payment statuses and MEDs — and that
 * the ledger's invariants hold.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { expect } from "vitest";
import { blockAccount, unblockAccount } from "../../../server/accounts/status";
import { db } from "../../../server/db/client";
import { AppError } from "../../../server/errors";
import { verifyLedger } from "../../../server/ledger/verify";
import { inBatch } from "../../../server/ledger/write-path";
import { openMed, resolveMed } from "../../../server/meds/service";
import { requestRefund } from "../../../server/refunds/service";
import { creditIncomingPix, returnOutgoingPix } from "../../../server/transfers/incoming";
import { transferInternal } from "../../../server/transfers/internal";
import { sendPixToKey } from "../../../server/transfers/pix-out";
import { settleOutgoingPix } from "../../../server/transfers/send-pix";
import type { HoldModel, LedgerModel, Prediction, Refusal } from "./model";
import * as ledger from "./model";

/** The database side of one sequence: its accounts and what its operations created, in order. */
export type RealLedger = {
  userId: string;
  accounts: string[];
  /** each held payment or refund, as `LedgerModel.holds` */
  holds: { seq: bigint; endToEndId: string }[];
  /** end-to-end id of each received PIX, as `LedgerModel.credits` */
  credits: string[];
  meds: string[];
  /** strictly increasing: MEDs cover what they owe in the order they were opened */
  now: () => Date;
};

export type LedgerCommand = fc.AsyncCommand<LedgerModel, RealLedger>;

/** A key SPI answers with a rejection (AM02) in the sandbox. */
const REJECTED_KEY = "am02@fail.sandbox";
const OPERATOR = { userId: randomUUID(), email: "operator@ledger-model.invalid" };

const refusalOf = (error: unknown): Refusal => {
  if (!(error instanceof AppError) || error.status >= 500) throw error;
  return error.reason ? { code: error.code, reason: error.reason } : { code: error.code };
};

/** Everything the model predicts of the database, in the model's words. */
async function observed(real: RealLedger) {
  const [accounts, holds, meds] = await Promise.all([
    db().account.findMany({ where: { id: { in: real.accounts } } }),
    db().ledgerEntry.findMany({
      where: { seq: { in: real.holds.map((held) => held.seq) } },
      select: { seq: true, status: true },
    }),
    db().med.findMany({ where: { id: { in: real.meds } } }),
  ]);
  const byId = <T extends { id: string }>(rows: T[], id: string) => rows.find((row) => row.id === id);
  return {
    accounts: real.accounts.map((id) => {
      const row = byId(accounts, id);
      return (
        row && { status: row.status, available: row.availableCents, held: row.heldCents, blocked: row.blockedCents }
      );
    }),
    holds: real.holds.map((held) => holds.find((row) => row.seq === held.seq)?.status),
    meds: real.meds.map((id) => {
      const row = byId(meds, id);
      return row && { status: row.status, disputed: row.disputedCents, blocked: row.blockedCents };
    }),
  };
}

const expected = (model: LedgerModel) => ({
  accounts: model.accounts.map(({ status, available, held, blocked }) => ({ status, available, held, blocked })),
  holds: model.holds.map((held) => held.status),
  meds: model.meds.map(({ status, disputed, blocked }) => ({ status, disputed, blocked })),
});

/** What an operation does, decided against the model when it runs (its picks depend on what came before). */
type Plan<T> = {
  /** the model's prediction; the model applies the effect when it predicts success */
  predicted: Prediction;
  perform: (real: RealLedger) => Promise<T>;
  /** what the database side keeps of a success, for later operations to pick */
  record?: (real: RealLedger, result: T) => Promise<void> | void;
};

/**
 * One operation: the model's prediction first, then the service; the refusal must match, and so
 * must everything the model knows afterwards; and `ledger verify` must still find nothing.
 */
function operation<T>(
  label: string,
  plan: (model: LedgerModel) => Plan<T>,
  applicable: (model: Readonly<LedgerModel>) => boolean = () => true,
): LedgerCommand {
  return {
    check: applicable,
    async run(model, real) {
      const { predicted, perform, record } = plan(model);
      let refusal: Refusal | null = null;
      try {
        const result = await perform(real);
        await record?.(real, result);
      } catch (error) {
        refusal = refusalOf(error);
      }
      expect(refusal, "refusal").toEqual(predicted);
      expect(await observed(real)).toEqual(expected(model));
      expect((await verifyLedger(db())).violations).toEqual([]);
    },
    toString: () => label,
  };
}

const pick = (index: number, count: number) => index % count;
/** The `index`-th (modulo) of the model's items that `fits`, by position; -1 when none does. */
const nth = <I>(items: readonly I[], index: number, fits: (item: I) => boolean = () => true) => {
  const positions = items.flatMap((item, position) => (fits(item) ? [position] : []));
  return positions.length ? (positions[pick(index, positions.length)] as number) : -1;
};
const keepHold = (real: RealLedger, entry: { seq: bigint; endToEndId: string | null }) => {
  real.holds.push({ seq: entry.seq, endToEndId: entry.endToEndId as string });
};

/** Accounts per sequence: enough for a transfer to have a third party to block. */
export const ACCOUNTS = 3;

/** The operations, by name; account arguments are 0..ACCOUNTS-1, other picks any natural number. */
export const op = {
  receive: (account: number, cents: bigint) =>
    operation(`receive(#${account}, ${cents})`, (model) => ({
      predicted: ledger.receive(model, account, cents),
      perform: (real) =>
        creditIncomingPix(db(), {
          userId: real.userId,
          accountId: real.accounts[account] as string,
          amountCents: cents,
        }),
      record: (real, credit) => {
        real.credits.push(credit.endToEndId as string);
      },
    })),

  transfer: (from: number, to: number, cents: bigint) =>
    operation(`transfer(#${from} → #${to}, ${cents})`, (model) => ({
      predicted: ledger.transfer(model, from, to, cents),
      perform: (real) =>
        transferInternal(inBatch(db()), {
          userId: real.userId,
          accountId: real.accounts[from] as string,
          receiverAccountId: real.accounts[to] as string,
          amountCents: cents,
        }),
    })),

  /** A PIX to another institution, which SPI will settle or reject (by the key, in the sandbox). */
  hold: (account: number, cents: bigint, answer: HoldModel["answer"]) =>
    operation(`hold(#${account}, ${cents}, SPI ${answer})`, (model) => ({
      predicted: ledger.hold(model, account, cents, answer),
      perform: (real) =>
        sendPixToKey(db(), {
          userId: real.userId,
          accountId: real.accounts[account] as string,
          amountCents: cents,
          // a fresh EVP key is held by no account of this platform: the payment leaves it
          pixKey: answer === "settles" ? randomUUID() : REJECTED_KEY,
        }),
      record: keepHold,
    })),

  /** SPI's answer for a held payment or refund: `settles` picks among those it accepts, `fails` the others. */
  answer: (kind: HoldModel["answer"], index: number) => {
    const target = (model: Readonly<LedgerModel>) => nth(model.holds, index, (held) => held.answer === kind);
    return operation(
      `${kind === "settles" ? "settle" : "release"}(hold ${index})`,
      (model) => {
        const held = target(model);
        const { changed } = ledger.answer(model, held);
        return {
          predicted: null,
          perform: (real) => settleOutgoingPix(db(), (real.holds[held] as { seq: bigint }).seq),
          record: (_real, entry) => {
            expect(entry !== null, "an answer changes a payment while it is processing, only then").toBe(changed);
          },
        };
      },
      (model) => target(model) >= 0,
    );
  },

  /** The receiver of a payment sends back all (`null`) or part of it. */
  giveBack: (index: number, cents: bigint | null) => {
    // only payments SPI settles can come back; one still processing cannot yet
    const target = (model: Readonly<LedgerModel>) =>
      nth(model.holds, index, (held) => held.refunds === undefined && held.answer === "settles");
    return operation(
      `giveBack(payment ${index}, ${cents ?? "all"})`,
      (model) => {
        const payment = target(model);
        return {
          predicted: ledger.giveBack(model, payment, cents),
          perform: (real) =>
            returnOutgoingPix(db(), {
              userId: real.userId,
              endToEndId: (real.holds[payment] as { endToEndId: string }).endToEndId,
              amountCents: cents,
            }),
        };
      },
      (model) => target(model) >= 0,
    );
  },

  refund: (index: number, cents: bigint | null) =>
    operation(
      `refund(credit ${index}, ${cents ?? "all"})`,
      (model) => {
        const credit = pick(index, model.credits.length);
        return {
          predicted: ledger.refund(model, credit, cents),
          perform: (real) =>
            requestRefund(db(), {
              userId: real.userId,
              endToEndId: real.credits[credit] as string,
              amountCents: cents,
              now: real.now(),
            }),
          record: keepHold,
        };
      },
      (model) => model.credits.length > 0,
    ),

  openMed: (index: number) =>
    operation(
      `openMed(credit ${index})`,
      (model) => {
        const credit = pick(index, model.credits.length);
        return {
          predicted: ledger.openMed(model, credit),
          perform: (real) =>
            openMed(db(), { userId: real.userId, endToEndId: real.credits[credit] as string, now: real.now() }),
          record: (real, med) => {
            real.meds.push(med.id);
          },
        };
      },
      (model) => model.credits.length > 0,
    ),

  resolveMed: (index: number, decision: "accepted" | "rejected") =>
    operation(
      `${decision === "accepted" ? "acceptMed" : "rejectMed"}(med ${index})`,
      (model) => {
        const med = pick(index, model.meds.length);
        return {
          predicted: ledger.resolveMed(model, med, decision),
          perform: (real) => resolveMed(db(), { medId: real.meds[med] as string, status: decision, now: real.now() }),
          record: async (real, resolved) => {
            if (!resolved.refundedEndToEndId) return;
            keepHold(real, await db().ledgerEntry.findFirstOrThrow({ where: { id: resolved.refundedEndToEndId } }));
          },
        };
      },
      (model) => model.meds.length > 0,
    ),

  setStatus: (account: number, status: "active" | "inactive") =>
    operation(`${status === "inactive" ? "block" : "unblock"}(#${account})`, (model) => ({
      predicted: ledger.setStatus(model, account, status),
      perform: (real) =>
        (status === "inactive" ? blockAccount : unblockAccount)(db(), {
          accountId: real.accounts[account] as string,
          reason: "model-based test",
          actor: OPERATOR,
        }),
    })),
};

const accountArb = fc.nat(ACCOUNTS - 1);
const centsArb = (max: bigint) => fc.bigInt({ min: 1n, max });
const someCentsArb = fc.option(centsArb(3_000n), { nil: null });
const openMedArb = fc.nat(19).map((index) => op.openMed(index));
const receiveArb = fc.tuple(accountArb, centsArb(3_000n)).map(([account, cents]) => op.receive(account, cents));

/**
 * Every operation; money arrives twice as often as any other, so that the others have work, and
 * so do MEDs, so that an account often has several open at once.
 */
export const ledgerCommands: fc.Arbitrary<LedgerCommand>[] = [
  receiveArb,
  receiveArb,
  // to the same account one time in five
  fc
    .tuple(
      accountArb,
      fc.oneof(
        { arbitrary: fc.constant(0), weight: 1 },
        { arbitrary: fc.integer({ min: 1, max: ACCOUNTS - 1 }), weight: 4 },
      ),
      centsArb(3_000n),
    )
    .map(([from, offset, cents]) => op.transfer(from, (from + offset) % ACCOUNTS, cents)),
  fc
    .tuple(accountArb, centsArb(3_000n), fc.constantFrom("settles" as const, "fails" as const))
    .map(([account, cents, answer]) => op.hold(account, cents, answer)),
  fc.nat(19).map((index) => op.answer("settles", index)),
  fc.nat(19).map((index) => op.answer("fails", index)),
  fc.tuple(fc.nat(19), someCentsArb).map(([index, cents]) => op.giveBack(index, cents)),
  fc.tuple(fc.nat(19), someCentsArb).map(([index, cents]) => op.refund(index, cents)),
  openMedArb,
  openMedArb,
  fc
    .tuple(fc.nat(19), fc.constantFrom("accepted" as const, "rejected" as const))
    .map(([index, decision]) => op.resolveMed(index, decision)),
  fc
    .tuple(accountArb, fc.constantFrom("active" as const, "inactive" as const))
    .map(([account, status]) => op.setStatus(account, status)),
];
