/**
 * Sends one queued text message through the configured `SmsSender`. A deployment with an SMS
 * provider sets its sender at start-up (`setSmsSender`); without one (sandbox) the message is kept
 * in sent_sms, readable at GET /v4/i/sandbox/sms, as e-mail is kept without SMTP_URL. The outbox
 * event's id is the message's id, so a relayed-again event is sent (or kept) once.
 */
import type { Db } from "../db/client";
import type { QueuedSms } from "./outbox";

export type OutgoingSms = QueuedSms & { id: string };

export interface SmsSender {
  send(sms: OutgoingSms): Promise<void>;
}

/** Keeps messages instead of sending them. */
export function sandboxSmsSender(db: Db): SmsSender {
  return {
    async send(sms) {
      await db.sentSms.upsert({
        where: { id: sms.id },
        create: { id: sms.id, ownerId: sms.ownerId, to: sms.to, text: sms.text },
        update: {},
      });
    },
  };
}

let configured: SmsSender | null = null;

/** Sets the provider's sender (null: back to the sandbox's). */
export function setSmsSender(sender: SmsSender | null): void {
  configured = sender;
}

export function smsSender(db: Db): SmsSender {
  return configured ?? sandboxSmsSender(db);
}

export async function sendSms(db: Db, id: string, sms: QueuedSms): Promise<void> {
  await smsSender(db).send({ id, ...sms });
}

export type KeptSms = { to: string; text: string; sentAt: Date };

/** The kept messages sent to `to` on the owner's behalf, newest first. */
export async function keptSms(db: Db, ownerId: string, to: string, limit = 50): Promise<KeptSms[]> {
  return db.sentSms.findMany({
    where: { ownerId, to },
    orderBy: [{ sentAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { to: true, text: true, sentAt: true },
  });
}
