import type { Db } from "../db/client";
import type { QueuedMail } from "../mail/outbox";
import { sendMail } from "../mail/send";
import type { OutboxHandlers } from "../outbox/relay";
import { settleOutgoingPix } from "../transfers/send-pix";
import { webhookFanOutHandlers } from "../webhooks/fanout";

/** What the worker does with each kind of outbox event. */
export function outboxHandlers(db: Db): OutboxHandlers {
  return {
    ...webhookFanOutHandlers(),
    "rail.payment_submitted": async (event) => {
      const { entrySeq } = event.payload as { entrySeq: string };
      await settleOutgoingPix(db, BigInt(entrySeq));
    },
    "mail.send": async (event) => {
      await sendMail(db, event.id, event.payload as QueuedMail);
    },
  };
}
