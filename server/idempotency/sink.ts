/**
 * The effect sink: what a service receives when its request holds an Idempotency-Key claim, and
 * writes to inside the transaction that commits its effect. The effect and the claim's recovery
 * point commit or roll back together; the write is fenced by the claim's lease token, so a claim
 * another process has taken over refuses it and the effect rolls back (docs/decisions/0010).
 *
 * Three forms of one write: `record` in a Prisma transaction, `writeOn` in a plain `pg` one, and
 * `answeredPayout`, the argument of a statement that writes many claims in its own transaction
 * (`gateway_cash_out_many`, server/ledger/cash-out-batch.ts). The last two also complete the record:
 * the effect is the whole answer, and the door stores nothing after it.
 */
import type { Tx } from "../db/client";
import { AppError } from "../errors";
import type { Lease } from "./claim";
import type { AnswerHead, Effect, PayoutEffect } from "./effects";

export const CLAIM_IN_PROGRESS = "A request with this Idempotency-Key is still in progress";

/** The refusal of a recovery point whose claim was taken over (or already holds an effect). */
export const claimTaken = () => new AppError("CONFLICT", CLAIM_IN_PROGRESS);

/** A recovery point that completes its record, in the form `gateway_cash_out_many` reads. */
export type AnsweringRecoveryPoint = { record_id: string; token: string; effect: Effect; answer: AnswerHead };

/** The query method of a plain `pg` transaction's client (server/ledger/apply.ts LedgerWriter). */
type SqlWriter = { query: (sql: string, params: unknown[]) => Promise<unknown[]> };

const CREATED: AnswerHead = { status: 201, headers: { "content-type": "application/json" } };

export class EffectSink {
  #answersRequest = false;

  constructor(
    readonly lease: Lease,
    /** the key case the request is answered in: an answered payout's replays rebuild it in this case */
    private readonly keyCase: NonNullable<PayoutEffect["keyCase"]> = "snake",
  ) {}

  /** Inside the effect's transaction: the recovery point. Throws (the effect must roll back) when the claim was taken. */
  async record(tx: Tx, effect: Effect): Promise<void> {
    const bound = await tx.$executeRaw`
      UPDATE idempotency_records SET effect = ${JSON.stringify(effect)}::jsonb
       WHERE id = ${this.lease.recordId}::uuid AND lease_token = ${this.lease.token}::uuid AND effect IS NULL`;
    if (bound !== 1) throw claimTaken();
  }

  /**
   * A payout sent at once (the cash-out fast path) answers 201 with its view as created: its
   * recovery point completes the record (status and headers, no body) and replays rebuild the
   * body from the entry. Written by `writeOn`, or by a batched statement in its own transaction.
   */
  answeredPayout(payout: { entryId: string; accountId: string }): AnsweringRecoveryPoint {
    this.#answersRequest = true;
    return {
      record_id: this.lease.recordId,
      token: this.lease.token,
      effect: { kind: "payout", entryId: payout.entryId, accountId: payout.accountId, keyCase: this.keyCase },
      answer: CREATED,
    };
  }

  /** Whether an effect was given the whole answer: after a 2xx, the door stores nothing. */
  get answersRequest(): boolean {
    return this.#answersRequest;
  }
}

/** An answering recovery point written on a plain `pg` transaction; throws as `record` does. */
export async function writeOn(writer: SqlWriter, point: AnsweringRecoveryPoint): Promise<void> {
  const bound = await writer.query(
    `UPDATE idempotency_records
        SET effect = $1::jsonb, state = 'completed', response_status = $4, response_headers = $5::jsonb,
            lease_token = NULL, lease_expires_at = NULL
      WHERE id = $2::uuid AND lease_token = $3::uuid AND effect IS NULL RETURNING id`,
    [
      JSON.stringify(point.effect),
      point.record_id,
      point.token,
      point.answer.status,
      JSON.stringify(point.answer.headers),
    ],
  );
  if (bound.length !== 1) throw claimTaken();
}
