import type { Directory } from "./directory";
import type { Faults } from "./faults";
import { randomAlphanumeric, SPI_ISPB } from "./ids";
import { decideCredit } from "./institutions";
import { echoDocument, messageRejectDocument, type PaymentStatus, statusReportDocument } from "./message-documents";
import type { NetworkRecords, Transaction } from "./records";
import type { SigningIdentity } from "./signing";
import { buildSignedEnvelope, type MessageType } from "./spi-messages";
import type { QueuedMessage, StreamHub } from "./stream";
import type { XmlNode } from "./xml";

export interface SettlementTiming {
  /** From a receiver's acceptance to the settlement (ACSC/ACCC). */
  settlementDelayMs: number;
  /** How long a participant has, from delivery, to answer a pacs.008/pacs.004 (8 s on the network). */
  answerTimeoutMs: number;
  /** How long a simulated institution takes to answer. */
  institutionAnswerMs: number;
}

export interface SettlementDependencies {
  records: NetworkRecords;
  hub: StreamHub;
  identity: SigningIdentity;
  directory: Directory;
  faults: Faults;
  timing: SettlementTiming;
  /** A pacs.008 reached the SPI: the payer's DICT look-up budget gets its token back. */
  onPaymentOrder?: (endToEndId: string) => void;
}

/** Reason of a payment the receiver did not answer in time. */
export const ANSWER_TIMEOUT_REASON = "AB03";

/**
 * The SPI's settlement: it hands a transaction to its receiver (a participant's stream or a simulated institution),
 * waits for the answer within the deadline, settles accepted ones after the settlement delay and tells the
 * participants involved with pacs.002.
 */
export class Settlement {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly deadlines = new Map<string, NodeJS.Timeout>();

  constructor(private readonly deps: SettlementDependencies) {}

  /** Signs a message from the SPI and queues it for a participant (twice when duplicate deliveries are on). */
  deliver(
    ispb: string,
    type: MessageType,
    document: { body: XmlNode; groupHeader?: XmlNode },
    options: { reference?: string; onFirstDelivery?: (at: number) => void } = {},
  ): QueuedMessage {
    const built = buildSignedEnvelope({ type, fromIspb: SPI_ISPB, toIspb: ispb, ...document }, this.deps.identity);
    return this.deps.hub.enqueue(
      { ispb, type, bizMsgIdr: built.bizMsgIdr, xml: built.xml, ...options },
      this.deps.faults.duplicateDeliveries ? 2 : 1,
    );
  }

  rejectMessage(ispb: string, bizMsgIdr: string, code: string, text: string): void {
    this.deliver(ispb, "admi.002", messageRejectDocument({ relatedBizMsgIdr: bizMsgIdr, code, text }));
  }

  sendEcho(ispb: string): void {
    const data = randomAlphanumeric(16);
    const message = this.deliver(ispb, "pibr.001", echoDocument(data), {
      onFirstDelivery: (at) => {
        const echo = this.deps.records.echoes.get(`${ispb}:${data}`);
        if (echo) echo.deliveredAt = new Date(at).toISOString();
      },
    });
    this.deps.records.echoes.set(`${ispb}:${data}`, {
      ispb,
      data,
      bizMsgIdr: message.bizMsgIdr,
      sentAt: new Date().toISOString(),
    });
  }

  /**
   * Starts a transaction the SPI accepted. A participant receiver gets `forReceiver` on its stream and must answer
   * within the deadline, counted from the first delivery; a simulated institution decides by itself.
   */
  submit(
    tx: Transaction,
    forReceiver: { type: MessageType; body: XmlNode; groupHeader?: XmlNode },
  ): QueuedMessage | undefined {
    this.deps.records.transactions.set(tx.id, tx);
    if (tx.kind === "payment") this.deps.onPaymentOrder?.(tx.id);
    if (tx.receiverIsParticipant) {
      return this.deliver(tx.receiverIspb, forReceiver.type, forReceiver, {
        reference: tx.id,
        onFirstDelivery: (at) => {
          tx.deliveredAt = new Date(at).toISOString();
          const deadline = setTimeout(() => this.answerMissed(tx), this.deps.timing.answerTimeoutMs);
          this.deadlines.set(tx.id, deadline);
        },
      });
    }
    this.later(this.deps.timing.institutionAnswerMs, () => {
      const decision =
        tx.kind === "payment"
          ? decideCredit({
              creditorIspb: tx.receiverIspb,
              creditorKey: tx.creditorKey,
              resolveKey: (key) => this.deps.directory.resolve(key),
            })
          : ({ status: "ACSP" } as const);
      this.receiverAnswered(tx, decision.status, decision.status === "RJCT" ? decision.reason : undefined);
    });
    return undefined;
  }

  /** The receiver's pacs.002 (or a simulated institution's decision). Returns a note when it came too late. */
  receiverAnswered(tx: Transaction, status: "ACSP" | "RJCT", reason?: string): string | undefined {
    const now = Date.now();
    const answerTimeMs = tx.deliveredAt ? now - Date.parse(tx.deliveredAt) : undefined;
    if (tx.state !== "awaiting-answer") {
      const late = tx.reason === ANSWER_TIMEOUT_REASON && !tx.answer;
      tx.extraAnswers.push({ status, receivedAt: new Date(now).toISOString(), answerTimeMs, late });
      return tx.answer ? `${tx.id} was already answered ${tx.answer.status}` : `${tx.id} was already ${tx.state}`;
    }
    clearTimeout(this.deadlines.get(tx.id));
    this.deadlines.delete(tx.id);
    tx.answer = { status, receivedAt: new Date(now).toISOString(), ...(reason ? { reason } : {}), answerTimeMs };
    if (status === "RJCT") {
      this.reject(tx, reason ?? "RJCT", { tellReceiver: false });
      return undefined;
    }
    tx.state = "accepted";
    this.later(this.deps.timing.settlementDelayMs, () => this.settle(tx));
    return undefined;
  }

  /** A transaction the SPI rejected on its own, before it reached the receiver (e.g. a return over the amount). */
  rejectAtOnce(tx: Transaction, reason: string): void {
    this.deps.records.transactions.set(tx.id, tx);
    this.later(this.deps.timing.institutionAnswerMs, () => this.reject(tx, reason, { tellReceiver: false }));
  }

  private answerMissed(tx: Transaction): void {
    this.deadlines.delete(tx.id);
    if (tx.state !== "awaiting-answer") return;
    this.reject(tx, ANSWER_TIMEOUT_REASON, { tellReceiver: true });
  }

  private settle(tx: Transaction): void {
    const settledAt = new Date();
    tx.state = "settled";
    tx.settledAt = settledAt.toISOString();
    if (tx.payerIsParticipant) this.report(tx, tx.payerIspb, "ACSC", { settledAt, settlement: true });
    if (tx.receiverIsParticipant) this.report(tx, tx.receiverIspb, "ACCC", { settledAt, settlement: true });
  }

  private reject(tx: Transaction, reason: string, options: { tellReceiver: boolean }): void {
    tx.state = "rejected";
    tx.reason = reason;
    if (tx.payerIsParticipant) this.report(tx, tx.payerIspb, "RJCT", { reason });
    // A receiver that never answered learns that the payment is gone; one that refused it knows already.
    if (options.tellReceiver && tx.receiverIsParticipant) this.report(tx, tx.receiverIspb, "RJCT", { reason });
  }

  private report(
    tx: Transaction,
    ispb: string,
    status: PaymentStatus,
    options: { reason?: string; settledAt?: Date; settlement?: boolean },
  ): void {
    const dropped = options.settlement === true && this.deps.faults.takeDrop();
    tx.statusMessages.push({
      ispb,
      status,
      ...(options.reason ? { reason: options.reason } : {}),
      dropped,
      at: new Date().toISOString(),
    });
    if (dropped) return;
    const document = statusReportDocument({
      originalInstructionId: tx.id,
      originalEndToEndId: tx.kind === "payment" ? tx.id : (tx.originalEndToEndId ?? tx.id),
      status,
      ...(options.reason ? { reason: options.reason } : {}),
      ...(options.settledAt ? { settledAt: options.settledAt } : {}),
    });
    this.deliver(ispb, "pacs.002", document, { reference: tx.id });
  }

  private later(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      action();
    }, ms);
    this.timers.add(timer);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    for (const timer of this.deadlines.values()) clearTimeout(timer);
    this.timers.clear();
    this.deadlines.clear();
  }
}
