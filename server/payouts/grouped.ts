/**
 * Group commit for the gateway's cash-outs (docs/decisions/0023-gateway-write-path.md): the
 * held debit, the rail's submission event and the idempotency recovery point (which completes the
 * record, docs/decisions/0010) of concurrent cash-outs are written by one `gateway_cash_out_many`
 * statement — one transaction, one commit per batch — and each cash-out still commits with its own
 * recovery point or not at all. Each caller gets its own entry or its own error, the ones the
 * one-transaction path gives. Batching as in server/ledger/group-commit.ts: one batch in the
 * database at a time (ledgerCommitBatches), the next one gathering meanwhile.
 */
import { pool } from "../db/pool";
import { type AnsweringRecoveryPoint, claimTaken } from "../idempotency/sink";
import { changeArgument, jsonArgument, type LedgerChange, translate } from "../ledger/apply";
import { eachAloneAfter, ledgerCommitBatches, postedEntries } from "../ledger/group-commit";
import type { Entry } from "../ledger/types";
import type { OutboxEventInput } from "../outbox/record";

export type GroupedCashOut = {
  /** the held debit and its legs (legs on entry 0) */
  change: LedgerChange;
  /** the rail's submission event; the debit's seq is written at `payload[seqKey]` */
  submission: OutboxEventInput;
  seqKey: string;
  /** the request's recovery point, which completes its record: the batched form of its EffectSink */
  recovery: AnsweringRecoveryPoint | null;
  /** the same cash-out in a transaction of its own, for a batch that failed as a whole */
  alone: () => Promise<Entry>;
};

type Outcome = { entries: { seq: string; created_at: string }[] } | { error: string };

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
    recovery: item.recovery,
  };
};

async function postBatch(items: readonly GroupedCashOut[]): Promise<(Entry | Error)[]> {
  try {
    const argument = items.map(itemArgument);
    const { rows } = await pool().query({
      name: "gateway_cash_out_many",
      text: "SELECT gateway_cash_out_many($1::jsonb) AS outcomes",
      values: [jsonArgument(argument)],
    });
    const outcomes = rows[0]?.outcomes as Outcome[];
    return outcomes.map((outcome, index) => {
      if (!("error" in outcome)) {
        const change = (argument[index] as ReturnType<typeof itemArgument>).change;
        return postedEntries(change, outcome)[0] as Entry;
      }
      if (outcome.error === "recovery_point") return claimTaken();
      return translate(outcome.error) as Error;
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
