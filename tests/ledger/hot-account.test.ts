/**
 * A hot account (docs/decisions/0056-hot-accounts.md): one account receiving most of the credits,
 * as a platform's big merchant does. Its balance stays one row: several ledger batches in the
 * database at once (several web processes) queue on that row's lock and all land; every read of
 * it is exact; a debit from it can never overdraw it while credits race in.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { databaseUrl } from "../../server/config";
import { db } from "../../server/db/client";
import { pool } from "../../server/db/pool";
import { changeArgument, jsonArgument } from "../../server/ledger/apply";
import { groupedChange } from "../../server/ledger/group-commit";
import { InsufficientFunds } from "../../server/ledger/types";
import { verifyLedger } from "../../server/ledger/verify";
import { inBatch, inCallerTransaction } from "../../server/ledger/write-path";
import { internalTransferChange, type TransferAccount, transferInternal } from "../../server/transfers/internal";
import { availableCents, call, fundedMerchant } from "../support/fixtures";

type Merchant = Awaited<ReturnType<typeof fundedMerchant>>;

const accountRow = (m: Merchant): TransferAccount => ({
  id: m.accountId,
  user_id: m.userId,
  name: "Loja",
  document: "11144477735",
  person_type: "person",
  agency: "0001",
  status: "active",
  owes_meds: false,
});

type Queryable = Pick<pg.Client, "query">;

/** One batch as another web process's group commit sends it: one ledger_post_many call. */
async function postBatch(transfers: { from: Merchant; to: Merchant; cents: bigint }[], on: Queryable = pool()) {
  const changes = transfers.map(({ from, to, cents }) =>
    changeArgument(groupedChange(internalTransferChange(accountRow(from), accountRow(to), { amountCents: cents }))),
  );
  const { rows } = await on.query("SELECT ledger_post_many($1::jsonb) AS outcomes", [jsonArgument(changes)]);
  return rows[0].outcomes as ({ entries: unknown[] } | { error: string })[];
}

/**
 * Reads the account over and over until `stop()`: in one snapshot, its cached available balance
 * against the sum of its postings, and the balance the account API answers, which only grows
 * while the account only receives. Answers what it saw.
 */
function watchBalance(hot: Merchant, options: { onlyCredits: boolean }) {
  let running = true;
  const mismatches: string[] = [];
  let snapshots = 0;
  const watching = (async () => {
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    let lastApi = -1;
    try {
      while (running) {
        await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
        const { rows } = await client.query<{ cached: string; posted: string }>(
          `SELECT (SELECT available_cents FROM accounts WHERE id = $1)::text AS cached,
                  (SELECT COALESCE(SUM(amount_cents), 0) FROM ledger_postings
                    WHERE account_id = $1 AND bucket = 'available')::text AS posted`,
          [hot.accountId],
        );
        await client.query("COMMIT");
        const [row] = rows as [{ cached: string; posted: string }];
        if (row.cached !== row.posted) mismatches.push(`cached ${row.cached}, posted ${row.posted}`);
        const answer = await call(accountApi(), "GET", `/v4/i/bank-accounts/${hot.accountId}/balance`, {
          auth: hot.auth,
        });
        const api = Number((answer.json as { data: { availableBalance: number } }).data.availableBalance);
        if (options.onlyCredits && api < lastApi) mismatches.push(`API balance went from ${lastApi} to ${api}`);
        lastApi = api;
        snapshots++;
      }
    } finally {
      await client.end();
    }
  })();
  return {
    stop: async () => {
      running = false;
      await watching;
      return { mismatches, snapshots };
    },
  };
}

describe("a hot account", () => {
  it("receives every credit of batches in the database at once, and reads exact meanwhile", async () => {
    const hot = await fundedMerchant(0n);
    const payers = await Promise.all(Array.from({ length: 12 }, () => fundedMerchant(10_000n)));
    const payer = (i: number) => payers[i % payers.length] as Merchant;
    const watcher = watchBalance(hot, { onlyCredits: true });

    // six "web processes", each on its own connection posting its batches one after another,
    // all into the hot account
    const processes = Array.from({ length: 6 }, async (_, p) => {
      const connection = new pg.Client({ connectionString: databaseUrl() });
      await connection.connect();
      const outcomes = [];
      try {
        for (let b = 0; b < 5; b++) {
          const batch = Array.from({ length: 10 }, (_, i) => ({
            from: payer(p + b + i),
            to: hot,
            cents: BigInt(1 + i),
          }));
          outcomes.push(...(await postBatch(batch, connection)));
        }
      } finally {
        await connection.end();
      }
      return outcomes;
    });
    // and this process's own doors: group commit and transfers inside a caller's transaction
    const doors = Array.from({ length: 40 }, (_, i) => {
      const input = {
        userId: payer(i).userId,
        accountId: payer(i).accountId,
        receiverAccountId: hot.accountId,
        amountCents: 100n,
      };
      return i % 4 === 0
        ? db().$transaction((tx) => transferInternal(inCallerTransaction(tx), input))
        : transferInternal(inBatch(db()), input);
    });
    const batched = (await Promise.all(processes)).flat();
    await Promise.all(doors);
    const seen = await watcher.stop();

    expect(batched.filter((outcome) => "error" in outcome)).toEqual([]);
    expect(batched).toHaveLength(300);
    // 6 × 5 batches of 1 + 2 + … + 10 centavos, and 40 transfers of 1.00
    expect(await availableCents(hot.accountId)).toBe(30n * 55n + 40n * 100n);
    expect(await db().ledgerEntry.count({ where: { accountId: hot.accountId, type: "credit" } })).toBe(340);
    expect(seen.snapshots).toBeGreaterThan(0);
    expect(seen.mismatches).toEqual([]);
    expect((await verifyLedger(db())).violations).toEqual([]);
  });

  it("never lets a debit overdraw it while credits race in", async () => {
    const hot = await fundedMerchant(1_000n);
    const others = await Promise.all(Array.from({ length: 8 }, () => fundedMerchant(10_000n)));
    const other = (i: number) => others[i % others.length] as Merchant;
    const watcher = watchBalance(hot, { onlyCredits: false });

    // 60 credits of 0.10 (6.00 in) race 60 debits of 0.50 (30.00 out of at most 16.00)
    const moves = Array.from({ length: 120 }, (_, i) => {
      const debit = i % 2 === 1;
      const [from, to] = debit ? [hot, other(i)] : [other(i), hot];
      const input = {
        userId: from.userId,
        accountId: from.accountId,
        receiverAccountId: to.accountId,
        amountCents: debit ? 50n : 10n,
      };
      const posted =
        i % 3 === 0
          ? db().$transaction((tx) => transferInternal(inCallerTransaction(tx), input))
          : i % 3 === 1
            ? transferInternal(inBatch(db()), input)
            : // another process's batch: refused in its answer, or as a whole at the re-check under the lock
              postBatch([{ from, to, cents: input.amountCents }]).then(
                ([outcome]) => {
                  if (outcome && "error" in outcome) throw new InsufficientFunds(outcome.error);
                },
                (error: unknown) => {
                  throw String(error).includes("insufficient_funds:") ? new InsufficientFunds(String(error)) : error;
                },
              );
      return posted.then(
        () => ({ debit, ok: true as const }),
        (error: unknown) => ({ debit, ok: false as const, error }),
      );
    });
    const results = await Promise.all(moves);
    const seen = await watcher.stop();

    const refused = results.filter((r) => !r.ok);
    for (const r of refused) {
      expect(r.debit).toBe(true);
      expect(r.error).toBeInstanceOf(InsufficientFunds);
    }
    const debited = results.filter((r) => r.debit && r.ok).length;
    expect(debited).toBeGreaterThan(0);
    expect(debited).toBeLessThanOrEqual(32);
    const balance = await availableCents(hot.accountId);
    expect(balance).toBe(1_000n + 60n * 10n - BigInt(debited) * 50n);
    expect(balance).toBeGreaterThanOrEqual(0n);
    expect(seen.mismatches).toEqual([]);
    expect((await verifyLedger(db())).violations).toEqual([]);
  });

  it("lets one of two batches in the database at once spend what only one can", async () => {
    const hot = await fundedMerchant(500n);
    const [a, b] = (await Promise.all([fundedMerchant(0n), fundedMerchant(0n)])) as [Merchant, Merchant];
    const results = await Promise.allSettled([
      postBatch([{ from: hot, to: a, cents: 400n }]),
      postBatch([{ from: hot, to: b, cents: 400n }]),
    ]);
    // the loser is refused in its answer (it read the balance after the winner's commit) or
    // fails as a whole at the re-check under the row lock, writing nothing
    const accepted = results.filter((r) => r.status === "fulfilled" && !("error" in (r.value[0] ?? {})));
    const refusals = results
      .filter((r) => !accepted.includes(r))
      .map((r) => (r.status === "fulfilled" ? (r.value[0] as { error: string }).error : String(r.reason)));
    expect(accepted).toHaveLength(1);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toContain(`insufficient_funds:${hot.accountId}`);
    expect(await availableCents(hot.accountId)).toBe(100n);
    expect(await db().ledgerEntry.count({ where: { accountId: hot.accountId, type: "debit" } })).toBe(1);
  });
});
