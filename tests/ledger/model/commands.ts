/**
 * The operations of the model-based ledger test as fast-check commands: each predicts its outcome
 * with the model (model.ts), performs it through the service a door calls, and checks that the
 * database agrees — the same refusal, or the same balances, payment statuses and MEDs.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { expect } from "vitest";
import { blockAccount, unblockAccount } from "../../../server/accounts/status";
import { db } from "../../../server/db/client";
import { AppError } from "../../../server/errors";
import { inBatch } from "../../../server/ledger/write-path";
import { openMed, resolveMed } from "../../../server/meds/service";
import { requestRefund } from "../../../server/refunds/service";
import { creditIncomingPix } from "../../../server/transfers/incoming";
import { transferInternal } from "../../../server/transfers/internal";
import { sendPixToKey } from "../../../server/transfers/pix-out";
import { settleOutgoingPix } from "../../../server/transfers/send-pix";
import type { HoldModel, LedgerModel, Prediction, Refusal } from "./model";
import * as ledger from "./model";

/** The database side of one sequence: its accounts and what its operations created, in order. */
export type RealLedger = {
  userId: string;
  accounts: string[];
  /** seq of each held payment or refund, as `LedgerModel.holds` */
  holds: bigint[];
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
    db().ledgerEntry.findMany({ where: { seq: { in: real.holds } }, select: { seq: true, status: true } }),
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
    holds: real.holds.map((seq) => holds.find((row) => row.seq === seq)?.status),
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

/**
 * One operation: the model's prediction first (it applies the effect when it predicts success),
 * then the service; the refusal must match, and so must everything the model knows afterwards.
 */
async function step<T>(
  model: LedgerModel,
  real: RealLedger,
  predicted: Prediction,
  perform: () => Promise<T>,
  record: (result: T) => Promise<void> | void = () => {},
): Promise<void> {
  let refusal: Refusal | null = null;
  try {
    await record(await perform());
  } catch (error) {
    refusal = refusalOf(error);
  }
  expect(refusal, "refusal").toEqual(predicted);
  expect(await observed(real)).toEqual(expected(model));
}

const pick = (index: number, count: number) => index % count;
const centsArb = (max: bigint) => fc.bigInt({ min: 1n, max });
/** Accounts per sequence: enough for transfers to pick a third party. */
export const ACCOUNTS = 3;
const accountArb = fc.nat(ACCOUNTS - 1);

export class Receive implements LedgerCommand {
  constructor(
    readonly account: number,
    readonly cents: bigint,
  ) {}
  check = () => true;
  async run(model: LedgerModel, real: RealLedger) {
    const account = pick(this.account, real.accounts.length);
    await step(
      model,
      real,
      ledger.receive(model, account, this.cents),
      () =>
        creditIncomingPix(db(), {
          userId: real.userId,
          accountId: real.accounts[account] as string,
          amountCents: this.cents,
        }),
      (credit) => {
        real.credits.push(credit.endToEndId as string);
      },
    );
  }
  toString = () => `receive(#${this.account}, ${this.cents})`;
}

export class Transfer implements LedgerCommand {
  constructor(
    readonly from: number,
    readonly to: number,
    readonly cents: bigint,
  ) {}
  check = () => true;
  async run(model: LedgerModel, real: RealLedger) {
    const from = pick(this.from, real.accounts.length);
    const to = pick(this.to, real.accounts.length);
    await step(model, real, ledger.transfer(model, from, to, this.cents), () =>
      transferInternal(inBatch(db()), {
        userId: real.userId,
        accountId: real.accounts[from] as string,
        receiverAccountId: real.accounts[to] as string,
        amountCents: this.cents,
      }),
    );
  }
  toString = () => `transfer(#${this.from} → #${this.to}, ${this.cents})`;
}

export class Hold implements LedgerCommand {
  constructor(
    readonly account: number,
    readonly cents: bigint,
    readonly answer: HoldModel["answer"],
  ) {}
  check = () => true;
  async run(model: LedgerModel, real: RealLedger) {
    const account = pick(this.account, real.accounts.length);
    // a fresh EVP key no account of this platform holds: the payment leaves for another institution
    const pixKey = this.answer === "settles" ? randomUUID() : REJECTED_KEY;
    await step(
      model,
      real,
      ledger.hold(model, account, this.cents, this.answer),
      () =>
        sendPixToKey(db(), {
          userId: real.userId,
          accountId: real.accounts[account] as string,
          amountCents: this.cents,
          pixKey,
        }),
      (held) => {
        real.holds.push(held.seq);
      },
    );
  }
  toString = () => `hold(#${this.account}, ${this.cents}, SPI ${this.answer})`;
}

/** SPI's answer for one held payment or refund: `settle` picks among those it accepts, `release` the others. */
export class Answer implements LedgerCommand {
  constructor(
    readonly kind: HoldModel["answer"],
    readonly hold: number,
  ) {}
  private candidates = (model: Readonly<LedgerModel>) =>
    model.holds.flatMap((held, index) => (held.answer === this.kind ? [index] : []));
  check = (model: Readonly<LedgerModel>) => this.candidates(model).length > 0;
  async run(model: LedgerModel, real: RealLedger) {
    const candidates = this.candidates(model);
    const index = candidates[pick(this.hold, candidates.length)] as number;
    const { changed } = ledger.answer(model, index);
    await step(
      model,
      real,
      null,
      () => settleOutgoingPix(db(), real.holds[index] as bigint),
      (entry) => {
        expect(entry !== null, "an answer for a payment still processing changes it").toBe(changed);
      },
    );
  }
  toString = () => `${this.kind === "settles" ? "settle" : "release"}(hold ${this.hold})`;
}

export class Refund implements LedgerCommand {
  constructor(
    readonly credit: number,
    readonly cents: bigint | null,
  ) {}
  check = (model: Readonly<LedgerModel>) => model.credits.length > 0;
  async run(model: LedgerModel, real: RealLedger) {
    const credit = pick(this.credit, real.credits.length);
    await step(
      model,
      real,
      ledger.refund(model, credit, this.cents),
      () =>
        requestRefund(db(), {
          userId: real.userId,
          endToEndId: real.credits[credit] as string,
          amountCents: this.cents,
          now: real.now(),
        }),
      (held) => {
        real.holds.push(held.seq);
      },
    );
  }
  toString = () => `refund(credit ${this.credit}, ${this.cents ?? "all"})`;
}

export class OpenMed implements LedgerCommand {
  constructor(readonly credit: number) {}
  check = (model: Readonly<LedgerModel>) => model.credits.length > 0;
  async run(model: LedgerModel, real: RealLedger) {
    const credit = pick(this.credit, real.credits.length);
    await step(
      model,
      real,
      ledger.openMed(model, credit),
      () => openMed(db(), { userId: real.userId, endToEndId: real.credits[credit] as string, now: real.now() }),
      (med) => {
        real.meds.push(med.id);
      },
    );
  }
  toString = () => `openMed(credit ${this.credit})`;
}

export class ResolveMed implements LedgerCommand {
  constructor(
    readonly med: number,
    readonly decision: "accepted" | "rejected",
  ) {}
  check = (model: Readonly<LedgerModel>) => model.meds.length > 0;
  async run(model: LedgerModel, real: RealLedger) {
    const med = pick(this.med, real.meds.length);
    await step(
      model,
      real,
      ledger.resolveMed(model, med, this.decision),
      () => resolveMed(db(), { medId: real.meds[med] as string, status: this.decision, now: real.now() }),
      async (resolved) => {
        if (!resolved.refundedEndToEndId) return;
        const refund = await db().ledgerEntry.findFirstOrThrow({ where: { id: resolved.refundedEndToEndId } });
        real.holds.push(refund.seq);
      },
    );
  }
  toString = () => `${this.decision === "accepted" ? "acceptMed" : "rejectMed"}(med ${this.med})`;
}

export class SetStatus implements LedgerCommand {
  constructor(
    readonly account: number,
    readonly status: "active" | "inactive",
  ) {}
  check = () => true;
  async run(model: LedgerModel, real: RealLedger) {
    const account = pick(this.account, real.accounts.length);
    const change = this.status === "inactive" ? blockAccount : unblockAccount;
    await step(model, real, ledger.setStatus(model, account, this.status), () =>
      change(db(), { accountId: real.accounts[account] as string, reason: "model-based test", actor: OPERATOR }),
    );
  }
  toString = () => `${this.status === "inactive" ? "block" : "unblock"}(#${this.account})`;
}

const receiveArb = fc.tuple(accountArb, centsArb(10_000n)).map(([account, cents]) => new Receive(account, cents));

/** Every operation; money arrives twice as often as any other, so that the others have work. */
export const ledgerCommands: fc.Arbitrary<LedgerCommand>[] = [
  receiveArb,
  receiveArb,
  fc.tuple(accountArb, accountArb, centsArb(3_000n)).map(([from, to, cents]) => new Transfer(from, to, cents)),
  fc
    .tuple(accountArb, centsArb(3_000n), fc.constantFrom("settles" as const, "fails" as const))
    .map(([account, cents, answer]) => new Hold(account, cents, answer)),
  fc.nat(19).map((hold) => new Answer("settles", hold)),
  fc.nat(19).map((hold) => new Answer("fails", hold)),
  fc.tuple(fc.nat(19), fc.option(centsArb(3_000n), { nil: null })).map(([credit, cents]) => new Refund(credit, cents)),
  fc.nat(19).map((credit) => new OpenMed(credit)),
  fc
    .tuple(fc.nat(19), fc.constantFrom("accepted" as const, "rejected" as const))
    .map(([med, decision]) => new ResolveMed(med, decision)),
  fc
    .tuple(accountArb, fc.constantFrom("active" as const, "inactive" as const))
    .map(([account, status]) => new SetStatus(account, status)),
];
