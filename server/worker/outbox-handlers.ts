import type { Db } from "../db/client";
import type { OutboxHandlers } from "../outbox/relay";
import type { PixRail } from "../pix/rail";
import { settleOutgoingPix } from "../transfers/send-pix";
import { webhookFanOutHandlers } from "../webhooks/fanout";

/** What the worker does with each kind of outbox event. */
export function outboxHandlers(db: Db, rail: PixRail): OutboxHandlers {
  return {
    ...webhookFanOutHandlers(),
    "rail.payment_submitted": async (event) => {
      const { entrySeq } = event.payload as { entrySeq: string };
      await settleOutgoingPix(db, rail, BigInt(entrySeq));
    },
  };
}
