/**
 * What a keyed request created, written as its claim's recovery point (`idempotency_records.effect`)
 * in the effect's own transaction: enough for the door to rebuild the answer when the request
 * died before storing it (server/gateway/recover.ts).
 */
export type PayoutEffect = {
  kind: "payout";
  entryId: string;
  /** set, with keyCase, when the recovery point also completed the record (EffectSink.answeredPayout) */
  accountId?: string;
  /** the key case the answer was written in (the gateway's X-Key-Case) */
  keyCase?: "snake" | "camel";
};

export type Effect =
  | PayoutEffect
  | { kind: "charge"; txId: string }
  | { kind: "refund"; entryId: string }
  | { kind: "webhook"; webhookId: string }
  | { kind: "delivery"; eventId: string };

/** The answer's status and headers, stored with the effect when the effect is the whole answer. */
export type AnswerHead = { status: number; headers: Record<string, string> };
