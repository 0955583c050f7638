/**
 * Fan-out: an outbox event becomes one delivery per matching active gateway registration and
 * account-surface configuration. Idempotent — (sourceEventId, targetKey) is unique and rows are
 * inserted ON CONFLICT DO NOTHING (createMany's skipDuplicates, in one raw round trip) — so a
 * relay retry of the same event never duplicates a delivery.
 */
import { randomUUID } from "node:crypto";
import type { LedgerEntry, OutboxEvent } from "../generated/prisma/client";
import { entryFromRow } from "../ledger/rows";
import type { OutboxHandler, OutboxHandlers } from "../outbox/relay";
import {
  accountEventFor,
  accountPayload,
  ENTRY_TOPICS,
  gatewayEventsFor,
  gatewayPayload,
  type MappingContext,
  subscribes,
  WEBHOOK_TOPICS,
} from "./catalog";
import { wakeDeliveries } from "./deliver-signal";
import { apiPixEventFor, PIX_WITH_TXID, REFUND_OF_PIX } from "./pix-payload";
import { defaultSql, type Sql } from "./sql";

export type DeliveryRow = {
  id: string;
  surface: "gateway" | "account" | "api_pix";
  user_id: string;
  gateway_webhook_id: string | null;
  config_id: string | null;
  pix_webhook_id: string | null;
  /** webhookrec / webhookcobr (recurrence-fanout.ts) */
  recurrence_webhook_id?: string | null;
  source_event_id: string;
  target_key: string;
  event_type: string;
  payload: object;
};

const isEntryTopic = (topic: string) => (ENTRY_TOPICS as readonly string[]).includes(topic);

type Target = { id: string; events: string[] };
type Facts = {
  entry: Record<string, unknown> | null;
  parent: Record<string, unknown> | null;
  queued: boolean;
  webhooks: Target[] | null;
  configs: Target[] | null;
  /** API Pix webhooks of the key of the PIX with a txid the entry is or refunds */
  pix_webhooks: { id: string }[] | null;
  /** the payment link of the charge a charge payment's credit paid (docs/decisions/0038) */
  payment_link_id: string | null;
};

const entryOf = (row: Record<string, unknown> | null): LedgerEntry | null => (row ? entryFromRow(row) : null);

/**
 * Everything the mapping and the targets need about one event: the entry as it is now, the
 * payout a return credit returns, whether a payout waits in the DICT queue, and the user's active
 * registrations and configurations. Written over three SQL expressions so that one event's query
 * and a whole relay pass's query (below) are the same text.
 */
const factsOver = (accountId: string, entryId: string, userId: string) => `
  WITH e AS (SELECT * FROM ledger_entries WHERE account_id = ${accountId} AND id = ${entryId})
  SELECT (SELECT row_to_json(e) FROM e) AS entry,
         (SELECT row_to_json(p) FROM ledger_entries p JOIN e ON p.account_id = e.account_id
           WHERE p.id = e.parent_end_to_end_id AND e.reason = 'pix_out:refunded_processing') AS parent,
         EXISTS (SELECT 1 FROM queued_payouts q JOIN e ON q.entry_seq = e.seq) AS queued,
         (SELECT json_agg(json_build_object('id', g.id, 'events', g.events)) FROM gateway_webhooks g
           WHERE g.user_id = ${userId} AND g.active AND g.deleted_at IS NULL) AS webhooks,
         (SELECT json_agg(json_build_object('id', c.id, 'events', c.events)) FROM webhook_configs c
           WHERE c.user_id = ${userId} AND c.active) AS configs,
         (SELECT json_agg(json_build_object('id', w.id)) FROM pix_webhooks w
           WHERE w.user_id = ${userId}
             AND w.chave = (SELECT ch.pix_key FROM e
                              JOIN ledger_entries o ON o.account_id = e.account_id
                               AND o.end_to_end_id = COALESCE(e.parent_end_to_end_id, e.end_to_end_id)
                               AND o.type = 'credit' AND o.reason = '${PIX_WITH_TXID}'
                              JOIN charges ch ON ch.tx_id = o.entry_ref
                             WHERE e.reason IN ('${PIX_WITH_TXID}', '${REFUND_OF_PIX}')
                             LIMIT 1)) AS pix_webhooks,
         (SELECT ch.payment_link_id FROM e JOIN charges ch ON ch.tx_id = e.entry_ref
           WHERE e.reason = '${PIX_WITH_TXID}') AS payment_link_id`;

const FACTS = factsOver("$1", "$2", "$3::uuid");

/** The facts of every event of a relay pass in one round trip (this runs on the relay's path). */
const FACTS_OF_PASS = `
  SELECT ev.event_id, f.*
    FROM jsonb_to_recordset($1::jsonb) AS ev(event_id uuid, account_id text, entry_id text, user_id uuid)
    CROSS JOIN LATERAL (${factsOver("ev.account_id", "ev.entry_id", "ev.user_id")}) f`;

const NO_FACTS: Facts = {
  entry: null,
  parent: null,
  queued: false,
  webhooks: null,
  configs: null,
  pix_webhooks: null,
  payment_link_id: null,
};

async function factsOf(sql: Sql, event: OutboxEvent, userId: string): Promise<Facts> {
  const { rows } = await sql.query<Facts>({
    name: "webhooks_facts",
    text: FACTS,
    values: [event.accountId, event.entryId, userId],
  });
  return rows[0] ?? NO_FACTS;
}

async function factsOfPass(sql: Sql, events: OutboxEvent[]): Promise<Map<string, Facts>> {
  const keys = events
    .filter((event) => event.userId)
    .map((event) => ({
      event_id: event.id,
      account_id: event.accountId,
      entry_id: event.entryId,
      user_id: event.userId,
    }));
  if (keys.length === 0) return new Map();
  const { rows } = await sql.query<Facts & { event_id: string }>({
    name: "webhooks_facts_of_pass",
    text: FACTS_OF_PASS,
    values: [JSON.stringify(keys)],
  });
  return new Map(rows.map(({ event_id, ...facts }) => [event_id, facts]));
}

const INSERT = `
  INSERT INTO webhook_deliveries (id, surface, user_id, gateway_webhook_id, config_id, pix_webhook_id,
                                  recurrence_webhook_id, source_event_id, target_key, event_type, payload,
                                  next_attempt_at, created_at)
  SELECT x.id, x.surface::"WebhookSurface", x.user_id, x.gateway_webhook_id, x.config_id, x.pix_webhook_id,
         x.recurrence_webhook_id, x.source_event_id, x.target_key, x.event_type, x.payload, $2, $2
    FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, surface text, user_id uuid, gateway_webhook_id uuid,
           config_id uuid, pix_webhook_id uuid, recurrence_webhook_id uuid, source_event_id uuid, target_key text,
           event_type text, payload jsonb)
  ON CONFLICT (source_event_id, target_key) DO NOTHING`;

/** Inserts an event's deliveries (a retry of the same event adds none); returns how many were new. */
export async function insertDeliveries(sql: Sql, rows: DeliveryRow[], now: Date): Promise<number> {
  if (rows.length === 0) return 0;
  const { rowCount } = await sql.query({ name: "webhooks_fan_out", text: INSERT, values: [JSON.stringify(rows), now] });
  const created = rowCount ?? 0;
  if (created > 0) wakeDeliveries();
  return created;
}

/** Creates the deliveries of one outbox event; returns how many were new. */
export async function fanOutEvent(
  sql: Sql,
  event: OutboxEvent,
  now = new Date(),
  known: Facts | undefined = undefined,
): Promise<number> {
  if (!event.userId) return 0;
  const userId = event.userId;
  const facts = known ?? (await factsOf(sql, event, userId));
  const entry = entryOf(facts.entry);
  if (isEntryTopic(event.topic) && !entry) return 0;
  const context: MappingContext = {
    entry,
    parent: entryOf(facts.parent),
    queued: facts.queued,
    paymentLinkId: facts.payment_link_id ?? null,
  };
  const gatewayEvents = gatewayEventsFor(event, context);
  const accountEvent = accountEventFor(event, context);
  const rows: DeliveryRow[] = [];
  const base = { user_id: userId, source_event_id: event.id };

  for (const webhook of gatewayEvents.length ? (facts.webhooks ?? []) : []) {
    for (const gatewayEvent of gatewayEvents) {
      if (!webhook.events.includes(gatewayEvent.type)) continue;
      const id = randomUUID();
      rows.push({
        ...base,
        id,
        surface: "gateway",
        gateway_webhook_id: webhook.id,
        config_id: null,
        pix_webhook_id: null,
        target_key: `gw:${webhook.id}:${gatewayEvent.type}`,
        event_type: gatewayEvent.type,
        payload: gatewayPayload(id, gatewayEvent.type, event.createdAt, gatewayEvent.data),
      });
    }
  }
  for (const webhookConfig of accountEvent ? (facts.configs ?? []) : []) {
    if (!accountEvent || !subscribes(webhookConfig.events, accountEvent.event)) continue;
    rows.push({
      ...base,
      id: randomUUID(),
      surface: "account",
      gateway_webhook_id: null,
      config_id: webhookConfig.id,
      pix_webhook_id: null,
      target_key: `acct:${webhookConfig.id}`,
      event_type: accountEvent.event,
      payload: accountPayload(
        webhookConfig.id,
        { userId, accountId: entry?.accountId ?? event.accountId },
        accountEvent,
      ),
    });
  }
  const pixEvent = facts.pix_webhooks?.length && entry ? await apiPixEventFor(event, entry) : null;
  for (const webhook of pixEvent ? (facts.pix_webhooks ?? []) : []) {
    rows.push({
      ...base,
      id: randomUUID(),
      surface: "api_pix",
      gateway_webhook_id: null,
      config_id: null,
      pix_webhook_id: webhook.id,
      target_key: `pix:${webhook.id}`,
      event_type: pixEvent?.type as string,
      payload: pixEvent?.payload as object,
    });
  }
  return insertDeliveries(sql, rows, now);
}

/**
 * The relay's handlers for every topic that can become a webhook. Before a pass the relay hands
 * them all its events (`prepare`), so their facts are read in one round trip, not one each.
 */
export function webhookFanOutHandlers(sql?: Sql): OutboxHandlers {
  // Shared by the relay's concurrent passes (OUTBOX_RELAY_LOOPS): each adds its own events'.
  const prepared = new Map<string, Facts>();
  const handler: OutboxHandler = (event) => {
    const known = prepared.get(event.id);
    prepared.delete(event.id);
    return fanOutEvent(sql ?? defaultSql(), event, new Date(), known).then(() => undefined);
  };
  handler.prepare = async (events) => {
    for (const [eventId, facts] of await factsOfPass(sql ?? defaultSql(), events)) prepared.set(eventId, facts);
  };
  return Object.fromEntries(WEBHOOK_TOPICS.map((topic) => [topic, handler])) as OutboxHandlers;
}
