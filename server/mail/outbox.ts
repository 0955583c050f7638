/**
 * E-mail leaves through the outbox: queued in the transaction of the change it announces (so
 * it is never sent for a rolled-back change) and sent by the worker (never lost on a crash).
 */
import type { Tx } from "../db/client";
import { recordEvent } from "../outbox/record";
import type { RenderedMail } from "./templates";

export type QueuedMail = RenderedMail & {
  to: string /** on whose behalf (the programme owner) */;
  ownerId: string | null;
};

export async function queueMail(tx: Tx, mail: QueuedMail): Promise<void> {
  await recordEvent(tx, { topic: "mail.send", userId: mail.ownerId, payload: mail });
}
