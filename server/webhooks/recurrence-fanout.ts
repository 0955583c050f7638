/**
 * Fan-out of the Pix Automático events (docs/decisions/0042): `recurrence.updated` becomes
 * `{ recs: [<rec>] }` for the merchant's webhookrec (to `{url}/rec`) and
 * `pix_automatico:recurrence_updated` for its account-surface configurations;
 * `recurring_charge.updated` becomes `{ cobsr: [<cobr>] }` for its webhookcobr (to `{url}/cobr`)
 * and `pix_automatico:charge_updated`. The object is read as it stands at fan-out time (the API
 * Pix view), like the `{ pix }` deliveries. Idempotent through fanout.ts's insert.
 */
import { randomUUID } from "node:crypto";
import { recView } from "../api-pix/views/rec";
import { db } from "../db/client";
import type { OutboxEvent } from "../generated/prisma/client";
import type { OutboxHandlers } from "../outbox/relay";
import { cobrViewForWebhook } from "../recurrences/charges/view-for-webhook";
import type { AccountEventName } from "./catalog";
import { subscribes } from "./catalog";
import { type DeliveryRow, insertDeliveries } from "./fanout";
import { defaultSql, type Sql } from "./sql";

type Notification = {
  kind: "rec" | "cobr";
  accountEvent: AccountEventName;
  /** the API Pix body's array: `recs` or `cobsr` */
  list: "recs" | "cobsr";
  object: Record<string, unknown>;
  accountId: string | null;
};

/** The recurrence as the API Pix answers it, with its location; null when it is gone or someone else's. */
async function recurrenceNotification(userId: string, idRec: string): Promise<Notification | null> {
  const rec = await db().recurrence.findFirst({ where: { idRec, userId }, include: { location: true } });
  if (!rec) return null;
  const account = await db().account.findUniqueOrThrow({ where: { id: rec.accountId } });
  return {
    kind: "rec",
    accountEvent: "pix_automatico:recurrence_updated",
    list: "recs",
    object: recView(rec, account, rec.location),
    accountId: rec.accountId,
  };
}

async function chargeNotification(userId: string, txid: string, accountId: string | null) {
  const object = await cobrViewForWebhook(userId, txid);
  if (!object) return null;
  const notification: Notification = {
    kind: "cobr",
    accountEvent: "pix_automatico:charge_updated",
    list: "cobsr",
    object,
    accountId,
  };
  return notification;
}

const TARGETS = `
  SELECT (SELECT json_agg(json_build_object('id', r.id)) FROM recurrence_webhooks r
           WHERE r.user_id = $1::uuid AND r.kind = $2) AS webhooks,
         (SELECT json_agg(json_build_object('id', c.id, 'events', c.events)) FROM webhook_configs c
           WHERE c.user_id = $1::uuid AND c.active) AS configs`;

type Targets = { webhooks: { id: string }[] | null; configs: { id: string; events: string[] }[] | null };

/** Creates the deliveries of one Pix Automático event; returns how many were new. */
export async function fanOutRecurrenceEvent(sql: Sql, event: OutboxEvent, now = new Date()): Promise<number> {
  if (!event.userId) return 0;
  const userId = event.userId;
  const payload = event.payload as { idRec?: string; txid?: string };
  const notification =
    event.topic === "recurrence.updated" && payload.idRec
      ? await recurrenceNotification(userId, payload.idRec)
      : event.topic === "recurring_charge.updated" && payload.txid
        ? await chargeNotification(userId, payload.txid, event.accountId)
        : null;
  if (!notification) return 0;
  const { rows: found } = await sql.query<Targets>({
    name: "webhooks_recurrence_targets",
    text: TARGETS,
    values: [userId, notification.kind],
  });
  const targets = found[0] ?? { webhooks: null, configs: null };
  const base = {
    user_id: userId,
    source_event_id: event.id,
    gateway_webhook_id: null,
    pix_webhook_id: null,
  };
  const rows: DeliveryRow[] = [
    ...(targets.webhooks ?? []).map((webhook) => ({
      ...base,
      id: randomUUID(),
      surface: "api_pix" as const,
      config_id: null,
      recurrence_webhook_id: webhook.id,
      target_key: `${notification.kind}:${webhook.id}`,
      event_type: `${notification.kind}.updated`,
      payload: { [notification.list]: [notification.object] },
    })),
    ...(targets.configs ?? [])
      .filter((config) => subscribes(config.events, notification.accountEvent))
      .map((config) => ({
        ...base,
        id: randomUUID(),
        surface: "account" as const,
        config_id: config.id,
        target_key: `acct:${config.id}`,
        event_type: notification.accountEvent,
        payload: {
          webhookId: config.id,
          userId,
          accountId: notification.accountId,
          event: notification.accountEvent,
          object: notification.object,
        },
      })),
  ];
  return insertDeliveries(sql, rows, now);
}

/** The relay's handlers of the Pix Automático topics. */
export function recurrenceFanOutHandlers(sql?: Sql): OutboxHandlers {
  const handler = (event: OutboxEvent) => fanOutRecurrenceEvent(sql ?? defaultSql(), event).then(() => undefined);
  return { "recurrence.updated": handler, "recurring_charge.updated": handler };
}
