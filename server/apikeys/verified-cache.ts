/**
 * API keys read from the database, kept in the web process for a few seconds so that a burst of
 * requests with one key costs one look-up, not one each (docs/decisions/0057-api-key-cache.md).
 * Only what the table holds is kept — the secret's keyed hash, never the secret — and every
 * request still checks its secret against that hash, the key's state and its expiry.
 *
 * A change to a key (revoked, edited) is announced on the `api_key_changed` channel in the same
 * transaction (`announceKeyChange`); every process listening drops that key at once. The cache
 * answers only while its listening connection is up: lost, it empties and every request reads the
 * database until the connection is back. The time limit bounds what a change made without an
 * announcement (a row edited by hand, a cascade) can take to show.
 */
import pg from "pg";
import type { Tx } from "../db/client";
import { logger } from "../logger";

export const KEY_CHANGE_CHANNEL = "api_key_changed";
const RECONNECT_MS = 1_000;

type Entry<V> = { value: V; expires: number };

export class VerifiedKeyCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private listening = false;
  /** Counts drops and listener changes: a look-up that began before either must not be kept. */
  private sequence = 0;
  private listeningSince = 0;
  private readonly droppedAt = new Map<string, number>();

  constructor(
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The kept value, when the cache is listening for changes and the entry is younger than the limit. */
  get(clientId: string): V | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(clientId);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(clientId);
      return undefined;
    }
    return entry.value;
  }

  /** Taken before reading the database; `set` keeps the answer only if nothing changed since. */
  ticket(): number {
    return this.sequence;
  }

  set(clientId: string, value: V, ticket: number): void {
    if (!this.listening || ticket < this.listeningSince || (this.droppedAt.get(clientId) ?? -1) > ticket) return;
    this.entries.set(clientId, { value, expires: this.now() + this.ttlMs });
  }

  drop(clientId: string): void {
    this.entries.delete(clientId);
    this.droppedAt.set(clientId, ++this.sequence);
  }

  /** Listening for changes (true) or not (false: emptied, and nothing is kept until it is back). */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.listeningSince = ++this.sequence;
    this.entries.clear();
    this.droppedAt.clear();
  }
}

/** In the caller's transaction: every listening process drops the key once it commits. */
export async function announceKeyChange(tx: Tx, clientId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${KEY_CHANGE_CHANNEL}, ${clientId})`;
}

/**
 * Keeps one connection LISTENing on the change channel for `cache`, reconnecting after a loss.
 * `listening` settles once the first connection listens; `stop` ends it.
 */
export function listenForKeyChanges<V>(
  url: string,
  cache: VerifiedKeyCache<V>,
): { listening: Promise<void>; stop: () => Promise<void> } {
  let heard: () => void = () => {};
  const listening = new Promise<void>((resolve) => {
    heard = resolve;
  });
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const lost = (error?: Error) => {
    cache.setListening(false);
    const gone = client;
    client = null;
    gone?.removeAllListeners();
    gone?.end().catch(() => {});
    if (stopped) return;
    if (error) logger().warn({ error: error.message }, "API key cache: change listener lost; reading every key");
    retry = setTimeout(connect, RECONNECT_MS);
    retry.unref();
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    client = next;
    next.on("error", lost);
    next.on("end", () => lost());
    next.on("notification", (message) => {
      if (message.channel === KEY_CHANGE_CHANNEL && message.payload) cache.drop(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${KEY_CHANGE_CHANNEL}`);
      if (client === next && !stopped) {
        cache.setListening(true);
        heard();
      }
    } catch (error) {
      if (client === next) lost(error as Error);
    }
  };
  void connect();
  const stop = async () => {
    stopped = true;
    clearTimeout(retry);
    cache.setListening(false);
    const last = client;
    client = null;
    last?.removeAllListeners();
    await last?.end().catch(() => {});
  };
  return { listening, stop };
}
