/**
 * The cash-out batch, a verb of the ledger: group commit for the gateway's cash-outs
 * (docs/decisions/0023-gateway-write-path.md). The held debit, the rail's submission event and the
 * idempotency recovery point (which completes the record, docs/decisions/0010) of concurrent
 * cash-outs are written by one `gateway_cash_out_many` statement — one transaction, one commit per
 * batch — and each cash-out still commits with its own recovery point or not at all. Each caller gets its own entry or its own error, the ones the
 * one-transaction path gives. Batching as in group-commit.ts: one batch in the database at a time
 * (ledgerCommitBatches), the next one gathering meanwhile.
 */
import type { OutboxEventInput } from "../outbox/record";
import { changeArgument, type LedgerChange, postedEntries, translate } from "./apply";
import { callBatch, eachAloneAfter, ledgerCommitBatches } from "./group-commit";
import type { Entry } from "./types";

/**
 * An idempotency claim's recovery point, written with the cash-out: `point` in the form
 * `gateway_cash_out_many` reads (server/idempotency/sink.ts builds it), and `taken`, the error
 * the caller gets when the claim was taken over meanwhile and the point no longer binds.
 */
export type CashOutRecovery = {
  point: {
    record_id: string;
    token: string;
    effect: unknown;
    answer: { status: number; headers: Record<string, string> };
  };
  taken: () => Error;
};

export type GroupedCashOut = {
  /** the held debit and its legs (legs on entry 0) */
  change: LedgerChange;
  /** the rail's submission event; the debit's seq is written at `payload[seqKey]` */
  submission: OutboxEventInput;
  seqKey: string;
  /** the request's recovery point, which completes its idempotency record */
  recovery: CashOutRecovery | null;
  /** the same cash-out in a transaction of its own, for a batch that failed as a whole */
  alone: () => Promise<Entry>;
};

const itemArgument = (item: GroupedCashOut) => {
  const event = item.submission;
  return {
    change: changeArgument(item.change),
    submission: {
      topic: event.topic,
      account_id: event.accountId ?? null,
      user_id: event.userId ?? null,
      entry_id: event.entryId ?? null,
      payload: event.payload,
      available_at: event.availableAt?.toISOString() ?? null,
      seq_key: item.seqKey,
    },
    recovery: item.recovery?.point ?? null,
  };
};

async function postBatch(items: readonly GroupedCashOut[]): Promise<(Entry | Error)[]> {
  try {
    const argument = items.map(itemArgument);
    const outcomes = await callBatch("gateway_cash_out_many", argument);
    return outcomes.map((outcome, index) => {
      if (!("error" in outcome)) {
        const change = (argument[index] as ReturnType<typeof itemArgument>).change;
        return postedEntries(change, outcome)[0] as Entry;
      }
      const taken = outcome.error === "recovery_point" ? items[index]?.recovery?.taken() : undefined;
      return taken ?? (translate(outcome.error) as Error);
    });
  } catch (error) {
    return eachAloneAfter(error, items, (item) => item.alone());
  }
}

let postOne: ((item: GroupedCashOut) => Promise<Entry>) | undefined;

/** The cash-out's held debit, committed with whatever other cash-outs arrive meanwhile. */
export function cashOutGrouped(item: GroupedCashOut): Promise<Entry> {
  postOne ??= ledgerCommitBatches(postBatch);
  return postOne(item);
}
