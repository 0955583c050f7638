import { randomUUID } from "node:crypto";
import type { Tx } from "../db/client";

export type OutboxTopic =
  | "entry.created"
  | "entry.status_changed"
  | "charge.created"
  | "charge.paid"
  | "charge.expired"
  /** withdrawn by the merchant (server/charges/cancel.ts); no webhook (interface 6.1: never sent) */
  | "charge.cancelled"
  /** an outgoing PIX handed to the rail; the relay settles it when due */
  /** also refunds of received PIX: the rail settles both the same way */
  | "rail.payment_submitted"
  /**
   * a cash-out by key waits for DICT quota (gateway, interface 8). Record it like the entry
   * events — accountId, userId, entryId of the held debit, payload entrySnapshot(entry) — in the
   * transaction that queues it; webhooks send `pix.payout.queued` and skip that entry's
   * `pix.payout.processing` (a queued_payouts row names it).
   */
  | "payout.queued"
  /** a queued cash-out left the DICT queue and was handed to SPI (webhooks: pix.payout.processing) */
  | "payout.dequeued"
  /** money of an entry moved between available and blocked (ledger verbs block/unblock, MEDs) */
  | "entry.blocked"
  | "entry.unblocked"
  /** MEDs (server/meds): entryId is the disputed credit entry's id, payload the MED's snapshot */
  | "med.created"
  | "med.defense_submitted"
  | "med.resolved"
  /** an e-mail to send (server/mail); payload QueuedMail */
  /**
   * a Pix Automático recurring charge (cobr) or one of its attempts changed (server/recurrences/charges);
   * payload { txid, idRec, status }. No handler yet: the relay publishes it untouched until webhookcobr.
   */
  | "recurring_charge.updated"
  | "mail.send"
  | "sms.send"
  /** a Pix Automático recurrence was created or changed status (server/recurrences): payload { idRec, status } */
  | "recurrence.updated"
  /** a recurring charge (cobr) changed: payload { txid, idRec, status } (its own capability emits it) */
  | "recurring_charge.updated";

export type OutboxEventInput = {
  topic: OutboxTopic;
  accountId?: string | null;
  userId?: string | null;
  entryId?: string | null;
  payload: Record<string, unknown>;
  availableAt?: Date;
};

const outboxRow = (event: OutboxEventInput) => ({
  id: randomUUID(),
  topic: event.topic,
  accountId: event.accountId ?? null,
  userId: event.userId ?? null,
  entryId: event.entryId ?? null,
  payload: event.payload as object,
  ...(event.availableAt ? { availableAt: event.availableAt } : {}),
});

/** Records an event in the caller's transaction: it exists exactly when the change it describes does. */
export async function recordEvent(tx: Tx, event: OutboxEventInput): Promise<void> {
  await tx.outboxEvent.create({ data: outboxRow(event) });
}

/**
 * Several events in one statement, in the caller's transaction (a batch of charges): one INSERT
 * from a JSON array, which for hundreds of events costs a fraction of Prisma's `createMany`
 * (docs/measurements/recurring.md).
 */
export async function recordEvents(tx: Tx, events: OutboxEventInput[]): Promise<void> {
  if (!events.length) return;
  await tx.$executeRawUnsafe(
    `INSERT INTO outbox_events (id, topic, account_id, user_id, entry_id, payload, available_at, created_at, attempts)
     SELECT e.id, e.topic, e."accountId", e."userId", e."entryId", e.payload, COALESCE(e."availableAt", now()), now(), 0
       FROM jsonb_to_recordset($1::jsonb)
         AS e(id uuid, topic text, "accountId" text, "userId" uuid, "entryId" text, payload jsonb, "availableAt" timestamptz)`,
    JSON.stringify(events.map(outboxRow)),
  );
}

/** The same, on a plain `pg` client inside its transaction (the hot paths, docs/performance.md). */
export async function recordEventOn(
  client: { query: (sql: string, params: unknown[]) => Promise<unknown> },
  event: OutboxEventInput,
): Promise<void> {
  await client.query(
    `INSERT INTO outbox_events (id, topic, account_id, user_id, entry_id, payload, available_at, created_at, attempts)
     VALUES ($1::uuid, $2, $3, $4::uuid, $5, $6::jsonb, COALESCE($7::timestamptz, now()), now(), 0)`,
    [
      randomUUID(),
      event.topic,
      event.accountId ?? null,
      event.userId ?? null,
      event.entryId ?? null,
      JSON.stringify(event.payload),
      event.availableAt ?? null,
    ],
  );
}
