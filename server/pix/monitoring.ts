/**
 * The PIX network as the operator watches it (the back office's /admin/network and
 * /api/health/ready): the processes reading the SPI's stream (spi_readers), the messages of the
 * last 24 hours and how fast inbound payments were answered (spi_messages), the payments the
 * network has not decided in time and the accepted ones not yet settled (rail_payments), and the
 * admi.002 the SPI sent (our messages it could not read). Plain data; a few set-based queries.
 *
 * rail_payments is filled on either rail, so its parts mean something in sandbox mode too; the
 * readers and messages exist only with PIX_RAIL=network.
 */
import { config } from "../config";
import type { Db } from "../db/client";
import { elementAt, parseXmlLeniently, textOf, type XmlNode } from "./spi/xml";

export type PixRailName = "sandbox" | "network";

/** A reader whose row was not written for longer than this is taken for gone. */
export const READER_STALE_MS = 30_000;
/** An outgoing payment still submitted or sent after this is awaiting the network's decision too long. */
export const DECISION_ALARM_MS = 30_000;
/** An incoming payment accepted (ACSP sent) without the ACCC after this is reported (docs/pix-network.md §2.3). */
export const SETTLEMENT_ALARM_MS = 60_000;
/** How many rows each alarm list and the admi.002 list show. */
export const MONITORING_LIST_LIMIT = 20;
/** The hourly table's length. */
export const MONITORING_HOURS = 24;

const HOUR_MS = 3_600_000;

/** The rail this process runs on: one place, so the rule can follow the configuration. */
export function currentRailName(): PixRailName {
  return config().PIX_RAIL;
}

export type ConnectionState = "sandbox" | "ok" | "attention" | "down";

export type NetworkReader = {
  id: string;
  streamsOpen: number;
  lastMessageAt: Date | null;
  lastEchoAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  updatedAt: Date;
  /** its row was last written more than READER_STALE_MS ago: the process is gone or stuck */
  stale: boolean;
};

export type NetworkHour = {
  /** the hour's start */
  hour: Date;
  messagesIn: number;
  messagesOut: number;
  /** inbound pacs.008 and pacs.004: receipt to our answer leaving, whole milliseconds; null without any */
  answerP50Ms: number | null;
  answerP99Ms: number | null;
};

export type AlarmPayment = {
  id: string;
  kind: "payment" | "return";
  state: string;
  amountCents: bigint;
  accountId: string | null;
  /** since when it waits: outgoing, its creation; incoming, the ACSP leaving (its creation without one) */
  since: Date;
  ageMs: number;
};

export type AlarmList = { count: number; oldest: AlarmPayment[] };

export type Admi002Received = {
  id: string;
  bizMsgIdr: string;
  subjectId: string | null;
  createdAt: Date;
  /** the message our SPI could not read, and why (read from the stored XML; null when it cannot be) */
  relatedBizMsgIdr: string | null;
  reasonCode: string | null;
  reasonText: string | null;
};

export type NetworkStatus = {
  rail: PixRailName;
  generatedAt: Date;
  connection: ConnectionState;
  readers: NetworkReader[];
  /** streams open by the readers that are not stale */
  streamsOpen: number;
  lastMessageAt: Date | null;
  lastEchoAt: Date | null;
  hourly: NetworkHour[];
  awaitingDecision: AlarmList;
  acceptedNotSettled: AlarmList;
  admi002Received: { count: number; latest: Admi002Received[] };
  thresholds: { readerStaleMs: number; decisionMs: number; settlementMs: number };
};

/** What /api/health/ready says of the network (PIX_RAIL=network). */
export type NetworkCheck = {
  status: "ok" | "down";
  streamsOpen: number;
  lastMessageAt: Date | null;
  awaitingDecision: number;
  acceptedNotSettled: number;
};

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/**
 * On the network: `down` unless a reader that wrote its row within READER_STALE_MS has a stream
 * open; `attention` when connected but a payment waits past its alarm. The sandbox has no connection.
 */
export function connectionState(
  rail: PixRailName,
  streamsOpen: number,
  alarms: { awaitingDecision: number; acceptedNotSettled: number },
): ConnectionState {
  if (rail === "sandbox") return "sandbox";
  if (streamsOpen < 1) return "down";
  return alarms.awaitingDecision > 0 || alarms.acceptedNotSettled > 0 ? "attention" : "ok";
}

async function readersOf(db: Db, now: Date): Promise<NetworkReader[]> {
  const rows = await db.spiReader.findMany({ orderBy: { id: "asc" } });
  const freshSince = ago(now, READER_STALE_MS).getTime();
  return rows.map((r) => ({
    id: r.id,
    streamsOpen: r.streamsOpen,
    lastMessageAt: r.lastMessageAt,
    lastEchoAt: r.lastEchoAt,
    lastError: r.lastError,
    lastErrorAt: r.lastErrorAt,
    updatedAt: r.updatedAt,
    stale: r.updatedAt.getTime() < freshSince,
  }));
}

/** The last MONITORING_HOURS whole hours, the current one last (it runs up to `now`). */
async function hourlyOf(db: Db, now: Date): Promise<NetworkHour[]> {
  const last = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const first = new Date(last.getTime() - (MONITORING_HOURS - 1) * HOUR_MS);
  const rows = await db.$queryRaw<
    { hour: Date; messages_in: bigint; messages_out: bigint; p50: number | null; p99: number | null }[]
  >`
    WITH hours AS (
      SELECT generate_series(${first}::timestamptz, ${last}::timestamptz, interval '1 hour') AS hour
    ), answered AS (
      SELECT m.created_at, m.direction, m.answer_ms, m.type
        FROM spi_messages m
       WHERE m.created_at >= ${first} AND m.created_at <= ${now}
    )
    SELECT h.hour,
           count(a.created_at) FILTER (WHERE a.direction = 'in') AS messages_in,
           count(a.created_at) FILTER (WHERE a.direction = 'out') AS messages_out,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY a.answer_ms)
             FILTER (WHERE a.direction = 'in' AND a.type IN ('pacs.008', 'pacs.004')) AS p50,
           percentile_cont(0.99) WITHIN GROUP (ORDER BY a.answer_ms)
             FILTER (WHERE a.direction = 'in' AND a.type IN ('pacs.008', 'pacs.004')) AS p99
      FROM hours h
      LEFT JOIN answered a ON a.created_at >= h.hour AND a.created_at < h.hour + interval '1 hour'
     GROUP BY h.hour
     ORDER BY h.hour`;
  const whole = (value: number | null) => (value === null ? null : Math.round(value));
  return rows.map((r) => ({
    hour: r.hour,
    messagesIn: Number(r.messages_in),
    messagesOut: Number(r.messages_out),
    answerP50Ms: whole(r.p50),
    answerP99Ms: whole(r.p99),
  }));
}

type AlarmRow = {
  alarm: "awaiting" | "unsettled";
  id: string;
  kind: "payment" | "return";
  state: string;
  amount_cents: bigint;
  account_id: string | null;
  since: Date;
  total: bigint;
};

/** Both alarm lists in one statement: each list's count and its `limit` oldest rows. */
async function alarmsOf(
  db: Db,
  now: Date,
  limit: number,
): Promise<{ awaitingDecision: AlarmList; acceptedNotSettled: AlarmList }> {
  const decisionCutoff = ago(now, DECISION_ALARM_MS);
  const settlementCutoff = ago(now, SETTLEMENT_ALARM_MS);
  const rows = await db.$queryRaw<AlarmRow[]>`
    SELECT alarm, id, kind, state, amount_cents, account_id, since, total FROM (
      SELECT 'awaiting' AS alarm, id, kind::text, state::text, amount_cents, account_id, created_at AS since,
             count(*) OVER () AS total, row_number() OVER (ORDER BY created_at, id) AS n
        FROM rail_payments
       WHERE direction = 'outgoing' AND state IN ('submitted', 'sent') AND created_at < ${decisionCutoff}
      UNION ALL
      SELECT 'unsettled', id, kind::text, state::text, amount_cents, account_id, since,
             count(*) OVER (), row_number() OVER (ORDER BY since, id)
        FROM (SELECT *, COALESCE(sent_at, created_at) AS since FROM rail_payments
               WHERE direction = 'incoming' AND state = 'accepted') accepted
       WHERE since < ${settlementCutoff}
    ) alarms
     WHERE n <= ${limit}
     ORDER BY alarm, n`;
  const list = (alarm: AlarmRow["alarm"]): AlarmList => {
    const mine = rows.filter((r) => r.alarm === alarm);
    return {
      count: Number(mine[0]?.total ?? 0n),
      oldest: mine.map((r) => ({
        id: r.id,
        kind: r.kind,
        state: r.state,
        amountCents: r.amount_cents,
        accountId: r.account_id,
        since: r.since,
        ageMs: now.getTime() - r.since.getTime(),
      })),
    };
  };
  return { awaitingDecision: list("awaiting"), acceptedNotSettled: list("unsettled") };
}

/**
 * What an admi.002 says: the BizMsgIdr it refuses and its reason (`RltdRef/Ref`,
 * `Rsn/RjctgPtyRsn`, `Rsn/RsnDesc`), read with the connector's safe parser; nulls for anything
 * it cannot read.
 */
export function admi002Reason(xml: string): {
  relatedBizMsgIdr: string | null;
  reasonCode: string | null;
  reasonText: string | null;
} {
  const none = { relatedBizMsgIdr: null, reasonCode: null, reasonText: null };
  const tree = parseXmlLeniently(xml);
  const envelope = tree?.Envelope;
  if (!envelope || Array.isArray(envelope)) return none;
  const read = (document: XmlNode | undefined, path: string) => {
    try {
      return textOf(elementAt(document, path, "admi.002"), path) || null;
    } catch {
      return null;
    }
  };
  let document: XmlNode | undefined;
  try {
    document = elementAt(envelope, "Document/admi.002.001.01", "Envelope");
  } catch {
    return none;
  }
  return {
    relatedBizMsgIdr: read(document, "RltdRef/Ref"),
    reasonCode: read(document, "Rsn/RjctgPtyRsn"),
    reasonText: read(document, "Rsn/RsnDesc"),
  };
}

async function admi002Of(db: Db, now: Date, limit: number): Promise<NetworkStatus["admi002Received"]> {
  const rows = await db.$queryRaw<
    { id: string; biz_msg_idr: string; subject_id: string | null; created_at: Date; xml: string; total: bigint }[]
  >`
    SELECT id::text, biz_msg_idr, subject_id, created_at, xml, count(*) OVER () AS total
      FROM spi_messages
     WHERE direction = 'in' AND type = 'admi.002' AND created_at > ${ago(now, 24 * HOUR_MS)} AND created_at <= ${now}
     ORDER BY created_at DESC, id
     LIMIT ${limit}`;
  return {
    count: Number(rows[0]?.total ?? 0n),
    latest: rows.map((r) => ({
      id: r.id,
      bizMsgIdr: r.biz_msg_idr,
      subjectId: r.subject_id,
      createdAt: r.created_at,
      ...admi002Reason(r.xml),
    })),
  };
}

/** The back office's page: everything above, for the rail this process runs on unless told. */
export async function networkStatus(
  db: Db,
  now = new Date(),
  rail: PixRailName = currentRailName(),
): Promise<NetworkStatus> {
  const [readers, hourly, alarms, admi002Received] = await Promise.all([
    readersOf(db, now),
    hourlyOf(db, now),
    alarmsOf(db, now, MONITORING_LIST_LIMIT),
    admi002Of(db, now, MONITORING_LIST_LIMIT),
  ]);
  const fresh = readers.filter((r) => !r.stale);
  const streamsOpen = fresh.reduce((total, r) => total + r.streamsOpen, 0);
  const latest = (pick: (r: NetworkReader) => Date | null) =>
    readers.reduce<Date | null>((max, r) => {
      const at = pick(r);
      return at && (!max || at > max) ? at : max;
    }, null);
  return {
    rail,
    generatedAt: now,
    connection: connectionState(rail, streamsOpen, {
      awaitingDecision: alarms.awaitingDecision.count,
      acceptedNotSettled: alarms.acceptedNotSettled.count,
    }),
    readers,
    streamsOpen,
    lastMessageAt: latest((r) => r.lastMessageAt),
    lastEchoAt: latest((r) => r.lastEchoAt),
    hourly,
    ...alarms,
    admi002Received,
    thresholds: { readerStaleMs: READER_STALE_MS, decisionMs: DECISION_ALARM_MS, settlementMs: SETTLEMENT_ALARM_MS },
  };
}

/**
 * /api/health/ready's check: `ok` when a reader wrote its row within READER_STALE_MS with a
 * stream open; the figures in one statement.
 */
export async function networkCheck(db: Db, now = new Date()): Promise<NetworkCheck> {
  const [row] = await db.$queryRaw<
    { streams: bigint | null; last_message_at: Date | null; awaiting: bigint; unsettled: bigint }[]
  >`
    SELECT (SELECT sum(streams_open) FROM spi_readers WHERE updated_at >= ${ago(now, READER_STALE_MS)}) AS streams,
           (SELECT max(last_message_at) FROM spi_readers) AS last_message_at,
           (SELECT count(*) FROM rail_payments
             WHERE direction = 'outgoing' AND state IN ('submitted', 'sent')
               AND created_at < ${ago(now, DECISION_ALARM_MS)}) AS awaiting,
           (SELECT count(*) FROM rail_payments
             WHERE direction = 'incoming' AND state = 'accepted'
               AND COALESCE(sent_at, created_at) < ${ago(now, SETTLEMENT_ALARM_MS)}) AS unsettled`;
  const streamsOpen = Number(row?.streams ?? 0n);
  return {
    status: streamsOpen >= 1 ? "ok" : "down",
    streamsOpen,
    lastMessageAt: row?.last_message_at ?? null,
    awaitingDecision: Number(row?.awaiting ?? 0n),
    acceptedNotSettled: Number(row?.unsettled ?? 0n),
  };
}
