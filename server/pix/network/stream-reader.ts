/**
 * Reads the SPI's streams of messages addressed to this institution (docs/pix-network.md §2):
 * SPI_STREAMS long-polls kept open, each reopened with backoff when it fails. Every message is
 * kept in spi_messages (in, received) BEFORE the next one is asked for, since asking acknowledges
 * it: a crash before the insert makes the SPI deliver it again. Kept messages are dispatched
 * (inbound.ts) beside the reading, a few at a time, so the next pull never waits on them; a
 * sweeper dispatches what a crash left `received` and sends again answers the SPI could not take.
 * Several processes may read at once: the insert is ON CONFLICT DO NOTHING by BizMsgIdr, and a
 * row's dispatch is leased (next_attempt_at) so that only one process sweeps it.
 */
import { createHash, randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Db } from "../../db/client";
import { logger } from "../../logger";
import { bizMsgIdrOf } from "../spi/messages";
import { backoffMs } from "./backoff";
import { dispatchInbound, type KeptInbound } from "./inbound";
import { networkSettings } from "./settings";
import { resendDueAnswers } from "./spi-client";
import { header, send } from "./transport";

export type StreamReaderOptions = {
  streams?: number;
  /** messages dispatched at once */
  concurrency?: number;
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

/** The message's type from its namespace (https://www.bcb.gov.br/pi/{type}/{version}), best effort. */
function typeOf(xml: string): string {
  return /https:\/\/www\.bcb\.gov\.br\/pi\/([a-z]{4}\.\d{3})\//.exec(xml)?.[1] ?? "unknown";
}

function bizMsgIdrOrDigest(xml: string): string {
  try {
    const id = bizMsgIdrOf(xml);
    if (id) return id;
  } catch {
    // an unreadable message is still kept, to be refused (admi.002) by its dispatch
  }
  return `unreadable:${createHash("sha256").update(xml).digest("hex")}`;
}

export function startStreamReader(db: Db, options: StreamReaderOptions = {}): StreamReader {
  const settings = networkSettings();
  const id = options.readerId ?? `${hostname()}:${process.pid}`;
  const streams = Math.min(6, Math.max(1, options.streams ?? settings.streams));
  const concurrency = options.concurrency ?? 16;
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
  const waiting: KeptInbound[] = [];
  const active = new Set<Promise<void>>();
  let idleWaiters: (() => void)[] = [];

  const failed = (error: unknown, what: string) => {
    status.lastError = `${what}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
    status.lastErrorAt = new Date();
    if (running) logger().warn({ err: error, reader: id }, `SPI stream reader: ${what}`);
  };

  const pump = () => {
    while (active.size < concurrency && waiting.length > 0 && !abandoned) {
      const row = waiting.shift() as KeptInbound;
      const run = dispatchInbound(db, row)
        .then((result) => {
          if (result.echo) status.lastEchoAt = new Date();
        })
        .catch((error) => failed(error, `dispatching ${row.id}`))
        .finally(() => {
          active.delete(run);
          pump();
          if (active.size === 0 && waiting.length === 0) {
            for (const resolve of idleWaiters) resolve();
            idleWaiters = [];
          }
        });
      active.add(run);
    }
  };
  const schedule = (row: KeptInbound) => {
    waiting.push(row);
    pump();
  };

  async function keep(xml: string, resourceId: string | null): Promise<void> {
    if (abandoned) throw new Error("abandoned");
    const now = new Date();
    const rows = await db.$queryRaw<{ id: string; created_at: Date }[]>`
      INSERT INTO spi_messages (id, direction, biz_msg_idr, type, xml, status, resource_id, next_attempt_at, created_at)
      VALUES (${randomUUID()}::uuid, 'in', ${bizMsgIdrOrDigest(xml)}, ${typeOf(xml)}, ${xml}, 'received',
              ${resourceId}, ${new Date(now.getTime() + leaseMs)}, ${now})
      ON CONFLICT (direction, biz_msg_idr) DO NOTHING
      RETURNING id, created_at`;
    status.lastMessageAt = now;
    const kept = rows[0];
    if (kept) schedule({ id: kept.id, xml, createdAt: kept.created_at });
  }

  async function readStream(index: number): Promise<void> {
    const start = `/api/v1/in/${settings.ispb}/stream/start`;
    let path: string | null = null;
    let failures = 0;
    while (running) {
      try {
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
    const rows = await db.$queryRaw<{ id: string; xml: string; created_at: Date }[]>`
      UPDATE spi_messages SET next_attempt_at = ${new Date(now.getTime() + leaseMs)}
       WHERE id IN (SELECT id FROM spi_messages
                     WHERE direction = 'in' AND status = 'received'
                       AND (next_attempt_at IS NULL OR next_attempt_at <= ${now})
                     ORDER BY created_at LIMIT 100 FOR UPDATE SKIP LOCKED)
      RETURNING id, xml, created_at`;
    for (const row of rows) schedule({ id: row.id, xml: row.xml, createdAt: row.created_at });
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
    active.size === 0 && waiting.length === 0
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
    },
    async stop() {
      if (!running) return;
      running = false;
      for (const timer of timers) clearInterval(timer);
      controller.abort();
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
