import { randomUUID } from "node:crypto";
import { newResourceId } from "./ids";
import type { MessageType } from "./spi-messages";

/** A message waiting for, or in flight to, a participant. */
export interface QueuedMessage {
  resourceId: string;
  ispb: string;
  type: MessageType;
  bizMsgIdr: string;
  xml: string;
  /** The EndToEndId or RtrId it is about, when it is about money. */
  reference?: string;
  queuedAt: number;
  firstDeliveredAt?: number;
  acknowledgedAt?: number;
  deliveries: number;
  /** Called once, when the message is first handed out on a stream. */
  onFirstDelivery?: (at: number) => void;
}

export type PullResult = { kind: "message"; message: QueuedMessage } | { kind: "empty" } | { kind: "closed" };

interface Waiter {
  streamId: string;
  resolve: (result: PullResult) => void;
  timer: NodeJS.Timeout;
}

interface OpenStream {
  id: string;
  ispb: string;
  inFlight?: QueuedMessage;
  lastSeenAt: number;
  waiter?: Waiter;
}

export interface StreamSettings {
  longPollMs: number;
  maxStreamsPerIspb: number;
  idleCloseMs: number;
}

export class TooManyStreams extends Error {}
export class UnknownStream extends Error {}

/**
 * The participants' inbound queues and their streams. A message is in flight on one stream at a time; it leaves
 * its queue for good when the stream asks for the next one, and goes back to the front of the queue when its
 * stream is closed or idles out.
 */
export class StreamHub {
  private readonly queues = new Map<string, QueuedMessage[]>();
  private readonly streams = new Map<string, OpenStream>();
  private readonly waiters = new Map<string, Waiter[]>();
  /** Every message ever queued, for the control API. */
  readonly delivered: QueuedMessage[] = [];

  constructor(private readonly settings: StreamSettings) {}

  enqueue(message: Omit<QueuedMessage, "resourceId" | "queuedAt" | "deliveries">, copies = 1): QueuedMessage {
    let first: QueuedMessage | undefined;
    for (let copy = 0; copy < copies; copy++) {
      const queued: QueuedMessage = { ...message, resourceId: newResourceId(), queuedAt: Date.now(), deliveries: 0 };
      // Only the first copy starts the answer clock: a duplicate is the network's echo of the same delivery.
      if (copy > 0) delete queued.onFirstDelivery;
      first ??= queued;
      this.queueOf(message.ispb).push(queued);
      this.delivered.push(queued);
    }
    this.dispatch(message.ispb);
    return first as QueuedMessage;
  }

  openStream(ispb: string): string {
    if (this.openStreamCount(ispb) >= this.settings.maxStreamsPerIspb) throw new TooManyStreams();
    const id = randomUUID();
    this.streams.set(id, { id, ispb, lastSeenAt: Date.now() });
    return id;
  }

  openStreamCount(ispb: string): number {
    let count = 0;
    for (const stream of this.streams.values()) if (stream.ispb === ispb) count++;
    return count;
  }

  ispbsWithOpenStreams(): string[] {
    return [...new Set([...this.streams.values()].map((stream) => stream.ispb))];
  }

  pendingCount(ispb: string): number {
    return this.queues.get(ispb)?.length ?? 0;
  }

  /** Acknowledges the stream's message in flight, then long-polls the next one. */
  pull(ispb: string, streamId: string, signal?: AbortSignal): Promise<PullResult> {
    const stream = this.streams.get(streamId);
    if (!stream || stream.ispb !== ispb) throw new UnknownStream();
    stream.lastSeenAt = Date.now();
    if (stream.inFlight) {
      stream.inFlight.acknowledgedAt = Date.now();
      stream.inFlight = undefined;
    }
    if (stream.waiter) this.endWait(stream, { kind: "empty" });
    const next = this.queueOf(ispb).shift();
    if (next) return Promise.resolve(this.handOut(stream, next));
    return new Promise<PullResult>((resolve) => {
      const waiter: Waiter = {
        streamId,
        resolve,
        timer: setTimeout(() => this.endWait(stream, { kind: "empty" }), this.settings.longPollMs),
      };
      stream.waiter = waiter;
      this.waitersOf(ispb).push(waiter);
      const abandon = () => {
        if (stream.waiter === waiter) this.endWait(stream, { kind: "closed" });
      };
      signal?.addEventListener("abort", abandon, { once: true });
    });
  }

  /** Closes a stream; its unacknowledged message goes back to the front of the queue. */
  close(ispb: string, streamId: string): void {
    const stream = this.streams.get(streamId);
    if (!stream || stream.ispb !== ispb) throw new UnknownStream();
    this.closeStream(stream);
  }

  /** Closes the streams nobody pulled for the idle time. */
  closeIdleStreams(now = Date.now()): void {
    for (const stream of [...this.streams.values()]) {
      if (!stream.waiter && now - stream.lastSeenAt > this.settings.idleCloseMs) this.closeStream(stream);
    }
  }

  reset(): void {
    for (const stream of [...this.streams.values()]) this.endWait(stream, { kind: "closed" });
    this.streams.clear();
    this.queues.clear();
    this.waiters.clear();
    this.delivered.length = 0;
  }

  private closeStream(stream: OpenStream): void {
    this.endWait(stream, { kind: "closed" });
    this.streams.delete(stream.id);
    if (stream.inFlight) {
      this.queueOf(stream.ispb).unshift(stream.inFlight);
      stream.inFlight = undefined;
      this.dispatch(stream.ispb);
    }
  }

  private handOut(stream: OpenStream, message: QueuedMessage): PullResult {
    const now = Date.now();
    stream.inFlight = message;
    stream.lastSeenAt = now;
    message.deliveries++;
    if (message.firstDeliveredAt === undefined) {
      message.firstDeliveredAt = now;
      message.onFirstDelivery?.(now);
    }
    return { kind: "message", message };
  }

  private dispatch(ispb: string): void {
    const queue = this.queueOf(ispb);
    const waiters = this.waitersOf(ispb);
    while (queue.length > 0 && waiters.length > 0) {
      const waiter = waiters.shift() as Waiter;
      const stream = this.streams.get(waiter.streamId);
      if (!stream || stream.waiter !== waiter) continue;
      clearTimeout(waiter.timer);
      stream.waiter = undefined;
      waiter.resolve(this.handOut(stream, queue.shift() as QueuedMessage));
    }
  }

  private endWait(stream: OpenStream, result: PullResult): void {
    const waiter = stream.waiter;
    if (!waiter) return;
    clearTimeout(waiter.timer);
    stream.waiter = undefined;
    stream.lastSeenAt = Date.now();
    const waiters = this.waitersOf(stream.ispb);
    const index = waiters.indexOf(waiter);
    if (index !== -1) waiters.splice(index, 1);
    waiter.resolve(result);
  }

  private queueOf(ispb: string): QueuedMessage[] {
    const queue = this.queues.get(ispb) ?? [];
    this.queues.set(ispb, queue);
    return queue;
  }

  private waitersOf(ispb: string): Waiter[] {
    const waiters = this.waiters.get(ispb) ?? [];
    this.waiters.set(ispb, waiters);
    return waiters;
  }
}
