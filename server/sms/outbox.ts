/**
 * Text messages leave through the outbox, as e-mail does (server/mail/outbox.ts): queued in the
 * transaction of the change they announce and sent by the worker.
 */
import type { Tx } from "../db/client";
import { recordEvent } from "../outbox/record";

export type QueuedSms = {
  /** +55, area code and number */
  to: string;
  text: string;
  /** on whose behalf (the merchant) */
  ownerId: string | null;
};

export async function queueSms(tx: Tx, sms: QueuedSms): Promise<void> {
  await recordEvent(tx, { topic: "sms.send", userId: sms.ownerId, payload: sms });
}
