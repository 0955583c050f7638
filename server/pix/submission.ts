/**
 * A held payment's submission to the rail (docs/pix-network.md): the `rail.payment_submitted`
 * event recorded in the hold's transaction, and what it carries to the worker.
 */
import type { Entry } from "../ledger/types";
import type { OutboxEventInput } from "../outbox/record";
import { REFUND_REASON } from "../refunds/reasons";
import type { PaymentInitiation, ReturnReason, SubmittedPayment } from "./rail";

export type SubmissionPayload = {
  entrySeq: string;
  endToEndId: string;
  pixKey: string | null;
  receiverDocument?: string | null;
  initiation?: PaymentInitiation;
  returnOf?: { endToEndId: string; reason: ReturnReason } | null;
};

/** The outbox event that submits a held payment (`rail.payment_submitted`), due `delayMs` from now. */
export function submissionEvent(payment: SubmittedPayment, delayMs = 0): OutboxEventInput {
  const payload: SubmissionPayload = {
    entrySeq: payment.entrySeq.toString(),
    endToEndId: payment.endToEndId,
    pixKey: payment.pixKey,
    receiverDocument: payment.receiverDocument ?? null,
    initiation: payment.initiation ?? (payment.pixKey ? "DICT" : "MANU"),
    returnOf: payment.returnOf ?? null,
  };
  return {
    topic: "rail.payment_submitted",
    accountId: payment.accountId,
    entryId: payment.endToEndId,
    payload,
    ...(delayMs > 0 ? { availableAt: new Date(Date.now() + delayMs) } : {}),
  };
}

/** The submission of a held entry as its event would carry it (tests and tools settle one now). */
export function submissionOf(entry: Entry): SubmissionPayload {
  const returnOf =
    entry.reason === REFUND_REASON && entry.parentEndToEndId
      ? { endToEndId: entry.parentEndToEndId, reason: "MD06" as const }
      : null;
  return { entrySeq: entry.seq.toString(), endToEndId: entry.id, pixKey: entry.pixKey ?? null, returnOf };
}
