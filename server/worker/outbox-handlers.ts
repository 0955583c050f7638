import type { Db } from "../db/client";
import type { QueuedMail } from "../mail/outbox";
import { sendMail } from "../mail/send";
import type { OutboxHandlers } from "../outbox/relay";
import { transmitOutgoing } from "../pix/outgoing";
import type { SubmissionPayload } from "../pix/submission";
import type { QueuedSms } from "../sms/outbox";
import { sendSms } from "../sms/send";
import { webhookFanOutHandlers } from "../webhooks/fanout";
import { recurrenceFanOutHandlers } from "../webhooks/recurrence-fanout";

/** What the worker does with each kind of outbox event. */
export function outboxHandlers(db: Db): OutboxHandlers {
  return {
    ...webhookFanOutHandlers(),
    ...recurrenceFanOutHandlers(),
    "rail.payment_submitted": async (event) => {
      await transmitOutgoing(db, event.payload as SubmissionPayload);
    },
    "mail.send": async (event) => {
      await sendMail(db, event.id, event.payload as QueuedMail);
    },
    "sms.send": async (event) => {
      await sendSms(db, event.id, event.payload as QueuedSms);
    },
  };
}
