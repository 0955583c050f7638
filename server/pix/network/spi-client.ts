/**
 * Sending one message to the SPI (docs/pix-network.md §2): signed, kept in spi_messages (out,
 * pending) before it leaves, then posted. A message about the same subject is sent once: a resend
 * (the relay trying a handler again, the sweeper) posts the XML kept, so the same BizMsgIdr, which
 * the SPI answers with the same PI-ResourceId and does not apply twice.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import { pool } from "../../db/pool";
import { logger } from "../../logger";
import { signedMessage } from "../spi/signature";
import { backoffMs } from "./backoff";
import { networkSettings } from "./settings";
import { classify, header, send, type TransportAnswer, TransportError } from "./transport";

/** The SPI could not take the message now (5xx, timeout, no connection): it stays pending and is sent again. */
export class SpiUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SpiUnavailableError";
  }
}

export type SentMessage =
  | { outcome: "sent"; bizMsgIdr: string; resourceId: string | null }
  | { outcome: "refused"; bizMsgIdr: string; status: number; text: string };

export type MessageToSend = {
  /** pacs.008, pacs.004, pacs.002, admi.002, pibr.002 */
  type: string;
  /** what it is about: an EndToEndId or RtrId, or the BizMsgIdr it answers */
  subjectId: string;
  /** builds the unsigned XML and its BizMsgIdr; called only when no message of this type and subject is kept */
  build: () => { bizMsgIdr: string; xml: string };
};

type Kept = {
  id: string;
  bizMsgIdr: string;
  xml: string;
  status: string;
  resourceId: string | null;
  lastError: string | null;
  attempts: number;
};

/** Sends a message (or the one kept for its type and subject); throws SpiUnavailableError while the SPI cannot take it. */
export async function sendSpiMessage(_db: Db, message: MessageToSend): Promise<SentMessage> {
  const kept = await keptMessage(message);
  if (kept.status === "sent") return { outcome: "sent", bizMsgIdr: kept.bizMsgIdr, resourceId: kept.resourceId };
  if (kept.status === "refused") {
    return { outcome: "refused", bizMsgIdr: kept.bizMsgIdr, status: 400, text: kept.lastError ?? "refused" };
  }
  return post(kept);
}

const KEPT_COLUMNS = `id, biz_msg_idr AS "bizMsgIdr", xml, status, resource_id AS "resourceId",
  last_error AS "lastError", attempts`;

// Plain SQL through the pool: these run for every message sent, where Prisma's per-call cost shows.
async function keptMessage(message: MessageToSend): Promise<Kept> {
  const { rows } = await pool().query<Kept>(
    `SELECT ${KEPT_COLUMNS} FROM spi_messages
      WHERE direction = 'out' AND type = $1 AND subject_id = $2 ORDER BY created_at LIMIT 1`,
    [message.type, message.subjectId],
  );
  if (rows[0]) return rows[0];
  const built = message.build();
  const row = { id: randomUUID(), bizMsgIdr: built.bizMsgIdr, xml: signedMessage(built.xml), status: "pending" };
  await pool().query(
    `INSERT INTO spi_messages (id, direction, biz_msg_idr, type, subject_id, xml, status, created_at)
     VALUES ($1, 'out', $2, $3, $4, $5, 'pending', now())`,
    [row.id, row.bizMsgIdr, message.type, message.subjectId, row.xml],
  );
  return { ...row, resourceId: null, lastError: null, attempts: 0 };
}

/** Posts a kept message and records what the SPI said. */
async function post(kept: Kept): Promise<SentMessage> {
  const { spiUrl, ispb } = networkSettings();
  let answer: TransportAnswer | TransportError;
  try {
    answer = await send(`${spiUrl}/api/v1/out/${ispb}/msgs`, { method: "POST", body: kept.xml, timeoutMs: 10_000 });
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    answer = error;
  }
  const outcome = classify(answer);
  if (outcome === "ok" && !(answer instanceof TransportError)) {
    const resourceId = header(answer, "PI-ResourceId");
    await pool().query(
      `UPDATE spi_messages SET status = 'sent', resource_id = $2, done_at = now(), attempts = attempts + 1,
              next_attempt_at = NULL WHERE id = $1`,
      [kept.id, resourceId],
    );
    return { outcome: "sent", bizMsgIdr: kept.bizMsgIdr, resourceId };
  }
  if (outcome === "refused" && !(answer instanceof TransportError)) {
    const text = answer.body.trim().slice(0, 500) || `refused with ${answer.status}`;
    await pool().query(
      `UPDATE spi_messages SET status = 'refused', last_error = $2, done_at = now(), attempts = attempts + 1,
              next_attempt_at = NULL WHERE id = $1`,
      [kept.id, text],
    );
    logger().warn({ bizMsgIdr: kept.bizMsgIdr, status: answer.status, text }, "the SPI refused a message");
    return { outcome: "refused", bizMsgIdr: kept.bizMsgIdr, status: answer.status, text };
  }
  const why = answer instanceof TransportError ? `${answer.kind}: ${answer.message}` : `SPI answered ${answer.status}`;
  await pool().query(
    `UPDATE spi_messages SET attempts = attempts + 1, last_error = $2, next_attempt_at = $3 WHERE id = $1`,
    [kept.id, why.slice(0, 500), new Date(Date.now() + backoffMs(kept.attempts + 1))],
  );
  throw new SpiUnavailableError(`the SPI did not take ${kept.bizMsgIdr} (${why}); it is sent again later`);
}

/**
 * Sends again the answers (pacs.002, admi.002, pibr.002) left pending by an SPI that could not
 * take them; payments and returns are sent again by their outbox event. Returns how many went.
 */
export async function resendDueAnswers(db: Db, now = new Date()): Promise<number> {
  const due = await db.spiMessage.findMany({
    where: {
      direction: "out",
      status: "pending",
      type: { in: ["pacs.002", "admi.002", "pibr.002"] },
      OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now } }],
      createdAt: { lt: new Date(now.getTime() - 1000) },
    },
    take: 50,
  });
  let sent = 0;
  for (const kept of due) {
    try {
      if ((await post(kept)).outcome === "sent") sent++;
    } catch (error) {
      if (!(error instanceof SpiUnavailableError)) throw error;
      break;
    }
  }
  return sent;
}
