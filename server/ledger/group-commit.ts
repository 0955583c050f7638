/**
 * Group commit (docs/decisions/0022-group-commit.md): concurrent `postGrouped` calls are posted
 * together, one `ledger_post_many` statement — one transaction, one commit — per batch. While a
 * batch is in the database the next one gathers what arrives, so batches grow with the load and
 * a lone request waits for nothing. Each caller gets its own entries or its own error, the same
 * ones `post` gives (InsufficientFunds, IDEMPOTENCY_CONFLICT). When the statement as a whole fails
 * (a unique index hit by a concurrent batch, a deadlock) each change is posted again on its own.
 */
import { config } from "../config";
import { batchedStatement } from "../db/batched";
import { pool } from "../db/pool";
import {
  applyLedgerChange,
  changeArgument,
  jsonArgument,
  type LedgerChange,
  type Placed,
  poolWriter,
  postedEntries,
  translate,
} from "./apply";
import type { Entry, Leg, NewEntry } from "./types";

/** What a batch function answers per item: the columns the database chose, or the refusal. */
export type BatchOutcome = Placed | { error: string };

/** One call of a batch function (ledger_post_many, gateway_cash_out_many) on the pool, named. */
export async function callBatch(name: "ledger_post_many" | "gateway_cash_out_many", items: unknown[]) {
  const { rows } = await pool().query({
    name,
    text: `SELECT ${name}($1::jsonb) AS outcomes`,
    values: [jsonArgument(items)],
  });
  return rows[0]?.outcomes as BatchOutcome[];
}

async function postBatch(changes: readonly LedgerChange[]): Promise<(Entry[] | Error)[]> {
  try {
    const argument = changes.map(changeArgument);
    const outcomes = await callBatch("ledger_post_many", argument);
    return outcomes.map((outcome, index) =>
      "error" in outcome
        ? (translate(outcome.error) as Error)
        : postedEntries(argument[index] as ReturnType<typeof changeArgument>, outcome),
    );
  } catch (error) {
    return eachAloneAfter(
      error,
      changes,
      async (change) => (await applyLedgerChange(poolWriter(pool()), change)).entries,
    );
  }
}

const reportedByServer = (error: unknown) =>
  error instanceof Error && "code" in error && typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code);

/**
 * After a batch statement failed as a whole: only an error the server reported means the batch
 * wrote nothing (a lost connection may have lost the answer to a commit), and then each item on
 * its own gets its own answer; otherwise every item gets the error.
 */
export function eachAloneAfter<I, O>(error: unknown, items: readonly I[], alone: (item: I) => Promise<O>) {
  if (!reportedByServer(error)) return items.map(() => error as Error);
  return Promise.all(
    items.map((item) =>
      alone(item).catch((failure: unknown) => (failure instanceof Error ? failure : new Error(String(failure)))),
    ),
  );
}

/**
 * A batched statement that writes the ledger (transfers here, gateway cash-outs in
 * cash-out-batch.ts): LEDGER_COMMIT_IN_FLIGHT of them in the database at once (one: each
 * batch gathers what arrives while the one before commits), at most GROUP_COMMIT_MAX_CHANGES items.
 */
export function ledgerCommitBatches<I, O>(
  runMany: (items: readonly I[]) => Promise<(O | Error)[]>,
): (item: I) => Promise<O> {
  return batchedStatement(runMany, config().GROUP_COMMIT_MAX_CHANGES, () => config().LEDGER_COMMIT_IN_FLIGHT);
}

let postOne: ((change: LedgerChange) => Promise<Entry[]>) | undefined;

/** A change as ledger_post_many takes it: its legs belong to its first entry. */
export const groupedChange = (change: { entries: NewEntry[]; legs: Leg[] }): LedgerChange => ({
  entries: change.entries,
  legs: change.legs.map((leg) => ({ ...leg, entry: 0 })),
});

/**
 * New entries with the legs that move their money (legs belong to the first entry), as `post`,
 * committed with whatever other changes arrive meanwhile. Only outside a caller's transaction.
 */
export function postGrouped(change: { entries: NewEntry[]; legs: Leg[] }): Promise<Entry[]> {
  postOne ??= ledgerCommitBatches(postBatch);
  return postOne(groupedChange(change));
}
