/**
 * Reads the SPI's streams of messages addressed to this institution (docs/pix-network.md §2):
 * SPI_STREAMS long-polls kept open, each reopened with backoff when it fails. Every message is
 * kept in spi_messages (in, received) BEFORE its stream asks for the next one, since asking
 * acknowledges it: a crash before the insert makes the SPI deliver it again. The messages the
 * streams bring while an insert is under way are kept together by the next one (one statement).
 *
 * Kept messages are dispatched (inbound.ts) beside the reading, so the next pull never waits on
 * them: what must be answered within the network's seconds (pacs.008, pacs.004, echoes) first,
 * up to `concurrency` at once; the network's decisions (pacs.002, admi.002) in batches, one batch
 * at a time, settlements of a batch in one transaction. While more messages wait for dispatch
 * than `maxWaiting`, the streams stop asking for more: a message left at the SPI is not yet on
 * its answer clock, one pulled and left waiting here is. A sweeper dispatches what a crash left
 * `received` and sends again answers the SPI could not take. Several processes may read at once:
 * the insert is ON CONFLICT DO NOTHING by BizMsgIdr, and a row's dispatch is leased
 * (next_attempt_at) so that only one process sweeps it.
 */
import { createHash, randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Db } from "../../db/client";
import { pool } from "../../db/pool";
import { logger } from "../../logger";
import { envelopeIdentityOf } from "../spi/messages";
import { backoffMs } from "./backoff";
import { type DispatchResult, dispatchDecisions, dispatchInbound, type KeptInbound } from "./inbound";
import { networkSettings } from "./settings";
import { resendDueAnswers } from "./spi-client";
import { header, send } from "./transport";

export type StreamReaderOptions = {
  streams?: number;
  /** messages to answer (pacs.008, pacs.004, echoes) dispatched at once */
  concurrency?: number;
  /** the network's decisions (pacs.002, admi.002) dispatched together */
  batchSize?: number;
  /** kept messages waiting for dispatch past which the streams stop pulling */
  maxWaiting?: number;
  /** how often the reader's row (spi_readers) is written, and the sweeper runs */
  statusEveryMs?: number;
  sweepEveryMs?: number;
  /** how long a process holds a kept message for its own dispatch before a sweeper may take it */
  leaseMs?: number;
  readerId?: string;
  /** tests: called with each message as it arrives, before it is kept */
  onDelivery?: (xml: string) => void;
};

export type StreamReader = {
  readonly id: string;
  /** Stops reading, closes the streams (DELETE) and waits for the dispatches under way. */
  stop(): Promise<void>;
  /** Tests: stops as a crash would, keeping nothing more and closing no stream. */
  abandon(): void;
  /** Resolves when no dispatch is under way. */
  idle(): Promise<void>;
};

const LONG_POLL_TIMEOUT_MS = 15_000;

/** A kept message's type and BizMsgIdr; one that cannot be read is still kept, under a digest, to be refused (admi.002) by its dispatch. */
function identityOf(xml: string): { type: string; bizMsgIdr: string } {
  const { type, bizMsgIdr } = envelopeIdentityOf(xml);
  return {
    type: type ?? "unknown",
    bizMsgIdr: bizMsgIdr ?? `unreadable:${createHash("sha256").update(xml).digest("hex")}`,
  };
}

/** What must be answered within the network's seconds; the rest are the network's decisions. */
const ANSWERED = new Set(["pacs.008", "pacs.004", "pibr.001", "unknown"]);

type Arrived = { xml: string; resourceId: string | null; kept: () => void; failed: (error: unknown) => void };

export function startStreamReader(db: Db, options: StreamReaderOptions = {}): StreamReader {
  const settings = networkSettings();
  const id = options.readerId ?? `${hostname()}:${process.pid}`;
  const streams = Math.min(6, Math.max(1, options.streams ?? settings.streams));
  const concurrency = options.concurrency ?? 16;
  const batchSize = Math.max(1, options.batchSize ?? 50);
  const maxWaiting = Math.max(1, options.maxWaiting ?? 256);
  const leaseMs = options.leaseMs ?? 30_000;
  const status = {
    streamsOpen: 0,
    lastMessageAt: null as Date | null,
    lastEchoAt: null as Date | null,
    lastError: null as string | null,
    lastErrorAt: null as Date | null,
  };
  const controller = new AbortController();
  let running = true;
  let abandoned = false;
  const openPaths = new Set<string>();
  const toAnswer: KeptInbound[] = [];
  const decisions: KeptInbound[] = [];
  const queued = new Set<string>();
  const active = new Set<Promise<void>>();
  let decisionsUnderWay = false;
  let idleWaiters: (() => void)[] = [];
  let roomWaiters: (() => void)[] = [];

  const failed = (error: unknown, what: string) => {
    status.lastError = `${what}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
    status.lastErrorAt = new Date();
    if (running) logger().warn({ err: error, reader: id }, `SPI stream reader: ${what}`);
  };

  const waitingCount = () => toAnswer.length + decisions.length;
  const noted = (results: DispatchResult[]) => {
    if (results.some((result) => result.echo)) status.lastEchoAt = new Date();
  };
  const run = (work: Promise<unknown>, what: string, done: () => void) => {
    const task: Promise<void> = work
      .then(() => undefined)
      .catch((error) => failed(error, what))
      .finally(() => {
        active.delete(task);
        done();
        pump();
      });
    active.add(task);
  };
  const pump = () => {
    while (!abandoned && toAnswer.length > 0 && active.size - (decisionsUnderWay ? 1 : 0) < concurrency) {
      const row = toAnswer.shift() as KeptInbound;
      run(
        dispatchInbound(db, row).then((result) => noted([result])),
        `dispatching ${row.id}`,
        () => queued.delete(row.id),
      );
    }
    if (!abandoned && decisions.length > 0 && !decisionsUnderWay && concurrency > 0) {
      const batch = decisions.splice(0, batchSize);
      decisionsUnderWay = true;
      run(dispatchDecisions(db, batch).then(noted), `dispatching ${batch.length} decisions`, () => {
        decisionsUnderWay = false;
        for (const row of batch) queued.delete(row.id);
      });
    }
    if (waitingCount() < maxWaiting && roomWaiters.length > 0) {
      for (const resolve of roomWaiters) resolve();
      roomWaiters = [];
    }
    if (active.size === 0 && waitingCount() === 0) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    }
  };
  const schedule = (row: KeptInbound, type: string) => {
    if (queued.has(row.id)) return;
    queued.add(row.id);
    (ANSWERED.has(type) ? toAnswer : decisions).push(row);
    pump();
  };
  /** Resolves when the streams may pull again (few enough messages wait for dispatch), or at once on stop. */
  const room = () =>
    waitingCount() < maxWaiting || !running
      ? Promise.resolve()
      : new Promise<void>((resolve) => roomWaiters.push(resolve));

  // Messages the streams brought, kept by one insert; those that come meanwhile wait for the next.
  let arrived: Arrived[] = [];
  let inserting = false;
  async function insertArrived(): Promise<void> {
    inserting = true;
    while (arrived.length > 0) {
      const batch = arrived;
      arrived = [];
      try {
        if (abandoned) throw new Error("abandoned");
        const now = new Date();
        const rows = batch.map((message) => ({
          id: randomUUID(),
          ...identityOf(message.xml),
          ...message,
        }));
        const { rows: kept } = await pool().query<{ id: string; created_at: Date }>(
          `INSERT INTO spi_messages (id, direction, biz_msg_idr, type, xml, status, resource_id, next_attempt_at, created_at)
           SELECT m.id, 'in', m.biz_msg_idr, m.type, m.xml, 'received', m.resource_id, $6, $7
             FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[])
                  AS m(id, biz_msg_idr, type, xml, resource_id)
           ON CONFLICT (direction, biz_msg_idr) DO NOTHING
           RETURNING id, created_at`,
          [
            rows.map((row) => row.id),
            rows.map((row) => row.bizMsgIdr),
            rows.map((row) => row.type),
            rows.map((row) => row.xml),
            rows.map((row) => row.resourceId),
            new Date(now.getTime() + leaseMs),
            now,
          ],
        );
        status.lastMessageAt = now;
        // a message already kept (a duplicate, or kept by another process) is not dispatched here
        const createdAt = new Map(kept.map((row) => [row.id, row.created_at]));
        for (const row of rows) {
          const at = createdAt.get(row.id);
          if (at) schedule({ id: row.id, xml: row.xml, createdAt: at }, row.type);
        }
        for (const message of batch) message.kept();
      } catch (error) {
        for (const message of batch) message.failed(error);
      }
    }
    inserting = false;
  }
  function keep(xml: string, resourceId: string | null): Promise<void> {
    if (abandoned) return Promise.reject(new Error("abandoned"));
    return new Promise<void>((kept, failed) => {
      arrived.push({ xml, resourceId, kept, failed });
      // on the next tick, so that what the other streams bring at once joins the same insert
      if (!inserting) {
        inserting = true;
        setImmediate(() => void insertArrived());
      }
    });
  }

  async function readStream(index: number): Promise<void> {
    const start = `/api/v1/in/${settings.ispb}/stream/start`;
    let path: string | null = null;
    let failures = 0;
    while (running) {
      try {
        await room();
        if (!running) break;
        const answer = await send(`${settings.spiUrl}${path ?? start}`, {
          timeoutMs: LONG_POLL_TIMEOUT_MS,
          signal: controller.signal,
        });
        if (answer.status !== 200 && answer.status !== 204) {
          throw new Error(`stream ${index} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
        }
        const next = header(answer, "PI-PullNext");
        if (!path && next) {
          openPaths.add(next);
          status.streamsOpen = openPaths.size;
        }
        if (answer.status === 200 && answer.body) {
          options.onDelivery?.(answer.body);
          // kept before the next pull, which acknowledges it
          await keep(answer.body, header(answer, "PI-ResourceId"));
        }
        if (next && path && next !== path) {
          openPaths.delete(path);
          openPaths.add(next);
        }
        path = next;
        failures = 0;
      } catch (error) {
        if (!running) break;
        failed(error, `stream ${index}`);
        // the stream is left to the SPI, which gives its unacknowledged message to another one
        if (path) openPaths.delete(path);
        status.streamsOpen = openPaths.size;
        path = null;
        failures++;
        await sleep(backoffMs(failures, { baseMs: 250, maxMs: 10_000 }), controller.signal);
      }
    }
  }

  async function sweep(): Promise<void> {
    const now = new Date();
    const rows = await db.$queryRaw<{ id: string; xml: string; type: string; created_at: Date }[]>`
      UPDATE spi_messages SET next_attempt_at = ${new Date(now.getTime() + leaseMs)}
       WHERE id IN (SELECT id FROM spi_messages
                     WHERE direction = 'in' AND status = 'received'
                       AND (next_attempt_at IS NULL OR next_attempt_at <= ${now})
                     ORDER BY created_at LIMIT 100 FOR UPDATE SKIP LOCKED)
      RETURNING id, xml, type, created_at`;
    for (const row of rows) schedule({ id: row.id, xml: row.xml, createdAt: row.created_at }, row.type);
    await resendDueAnswers(db, now);
  }

  async function writeStatus(): Promise<void> {
    const data = { ...status, streamsOpen: openPaths.size, updatedAt: new Date() };
    await db.spiReader.upsert({ where: { id }, create: { id, ...data }, update: data });
  }

  const every = (ms: number, task: () => Promise<void>, what: string) => {
    const timer = setInterval(() => {
      if (running) task().catch((error) => failed(error, what));
    }, ms);
    timer.unref();
    return timer;
  };
  const timers = [
    every(options.statusEveryMs ?? 3000, writeStatus, "writing its status"),
    every(options.sweepEveryMs ?? 5000, sweep, "sweeping"),
  ];
  void writeStatus().catch((error) => failed(error, "writing its status"));
  const loops = Array.from({ length: streams }, (_, index) => readStream(index));

  const idle = () =>
    active.size === 0 && waitingCount() === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => idleWaiters.push(resolve));

  return {
    id,
    idle,
    abandon() {
      abandoned = true;
      running = false;
      for (const timer of timers) clearInterval(timer);
      controller.abort();
      for (const resolve of roomWaiters) resolve();
      roomWaiters = [];
    },
    async stop() {
      if (!running) return;
      running = false;
      for (const timer of timers) clearInterval(timer);
      controller.abort();
      for (const resolve of roomWaiters) resolve();
      roomWaiters = [];
      await Promise.allSettled(loops);
      await Promise.allSettled(
        [...openPaths].map((path) => send(`${settings.spiUrl}${path}`, { method: "DELETE", timeoutMs: 2000 })),
      );
      openPaths.clear();
      await idle();
      await writeStatus().catch((error) => failed(error, "writing its status"));
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
