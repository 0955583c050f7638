import type { PaymentStatus } from "./message-documents";
import type { FieldViolation } from "./message-rules";
import type { SignatureCheck } from "./signing";
import type { MessageType } from "./spi-messages";

/** A message a participant sent to the SPI, with what the SPI found in it. */
export interface ReceivedMessage {
  resourceId: string;
  ispb: string;
  type: MessageType;
  bizMsgIdr: string;
  receivedAt: string;
  signature: SignatureCheck;
  violations: FieldViolation[];
  /** applied: acted upon; refused: answered with admi.002; noted: read, nothing to do (a late or repeated answer). */
  outcome: "applied" | "refused" | "noted";
  /** The EndToEndId or RtrId it is about. */
  reference?: string;
  notes: string[];
  /** How many times the same BizMsgIdr was sent again. */
  resends: number;
}

export type TransactionState = "awaiting-answer" | "accepted" | "settled" | "rejected";

/** A payment (pacs.008) or a return (pacs.004) through the SPI. */
export interface Transaction {
  id: string;
  kind: "payment" | "return";
  /** Who pays: the debtor's PSP for a payment, the returning PSP for a return. */
  payerIspb: string;
  receiverIspb: string;
  payerIsParticipant: boolean;
  receiverIsParticipant: boolean;
  amount: string;
  originalEndToEndId?: string;
  creditorKey?: string;
  localInstrument?: string;
  txId?: string;
  /** BizMsgIdr of the pacs.008 / pacs.004 that started it. */
  bizMsgIdr: string;
  state: TransactionState;
  createdAt: string;
  /** When a participant receiver was first handed the message on a stream. */
  deliveredAt?: string;
  answer?: { status: "ACSP" | "RJCT"; reason?: string; receivedAt: string; answerTimeMs?: number };
  /** Answers after the first: repeated ones (a duplicate delivery answered again) and late ones (after the deadline). */
  extraAnswers: { status: string; receivedAt: string; answerTimeMs?: number; late: boolean }[];
  reason?: string;
  settledAt?: string;
  /** Status messages the SPI sent about it, and those a fault dropped. */
  statusMessages: { ispb: string; status: PaymentStatus; reason?: string; dropped: boolean; at: string }[];
}

export interface EchoRecord {
  ispb: string;
  data: string;
  bizMsgIdr: string;
  sentAt: string;
  deliveredAt?: string;
  answeredAt?: string;
  delayMs?: number;
}

export class NetworkRecords {
  readonly received: ReceivedMessage[] = [];
  readonly receivedByBizMsgIdr = new Map<string, ReceivedMessage>();
  readonly transactions = new Map<string, Transaction>();
  readonly echoes = new Map<string, EchoRecord>();
  /** Every ISPB that sent a message or opened a stream: the participants (everyone else is simulated). */
  readonly participants = new Set<string>();

  recordReceived(message: ReceivedMessage): void {
    this.received.push(message);
    this.receivedByBizMsgIdr.set(`${message.ispb}:${message.bizMsgIdr}`, message);
  }

  findReceived(ispb: string, bizMsgIdr: string): ReceivedMessage | undefined {
    return this.receivedByBizMsgIdr.get(`${ispb}:${bizMsgIdr}`);
  }

  reset(): void {
    this.received.length = 0;
    this.receivedByBizMsgIdr.clear();
    this.transactions.clear();
    this.echoes.clear();
    this.participants.clear();
  }

  stats() {
    const countBy = <T>(items: Iterable<T>, key: (item: T) => string) => {
      const counts: Record<string, number> = {};
      for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
      return counts;
    };
    const transactions = [...this.transactions.values()];
    const answerTimes = transactions.flatMap((tx) =>
      tx.answer?.answerTimeMs !== undefined ? [tx.answer.answerTimeMs] : [],
    );
    const echoDelays = [...this.echoes.values()].flatMap((echo) => (echo.delayMs !== undefined ? [echo.delayMs] : []));
    return {
      received: {
        total: this.received.length,
        byType: countBy(this.received, (message) => message.type),
        refused: this.received.filter((message) => message.outcome === "refused").length,
        withViolations: this.received.filter((message) => message.violations.length > 0).length,
        signatureFailures: this.received.filter((message) => message.signature.status === "invalid").length,
        resends: this.received.reduce((sum, message) => sum + message.resends, 0),
      },
      transactions: {
        total: transactions.length,
        byState: countBy(transactions, (tx) => tx.state),
        repeatedAnswers: transactions.reduce((sum, tx) => sum + tx.extraAnswers.filter((a) => !a.late).length, 0),
        lateAnswers: transactions.reduce((sum, tx) => sum + tx.extraAnswers.filter((a) => a.late).length, 0),
      },
      answerTimeMs: percentiles(answerTimes),
      echoDelayMs: { ...percentiles(echoDelays), unanswered: this.echoes.size - echoDelays.length },
    };
  }
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((left, right) => left - right);
  const rank = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
  return {
    count: sorted.length,
    p50: sorted.length ? rank(0.5) : null,
    p99: sorted.length ? rank(0.99) : null,
    max: sorted.length ? sorted[sorted.length - 1] : null,
  };
}
