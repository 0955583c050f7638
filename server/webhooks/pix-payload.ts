/**
 * What an API Pix webhook receives for an outbox event: `{ pix: [<Pix>] }` when a PIX with a txid is
 * received, and again when one of its refunds reaches DEVOLVIDO or NAO_REALIZADO. The Pix object is
 * the surface's one view (server/api-pix/views/pix.ts), read as it stands at fan-out time.
 */
import { pixView } from "../api-pix/views/pix";
import { db } from "../db/client";
import type { LedgerEntry, OutboxEvent } from "../generated/prisma/client";
import { REFUND_REASON } from "../refunds/reasons";
import { withRefunds } from "../refunds/received";

/** The reason of a credit that paid a charge (it has a txid), and of a refund of a received PIX. */
export const PIX_WITH_TXID = "pix_in:qrcode_paid";
export const REFUND_OF_PIX = REFUND_REASON;

export type ApiPixEvent = { type: "pix.received" | "pix.refund"; payload: { pix: ReturnType<typeof pixView>[] } };

function statusAtEvent(event: Pick<OutboxEvent, "payload">, entry: LedgerEntry) {
  const status = (event.payload as { status?: string } | null)?.status;
  return status === "processing" || status === "succeeded" || status === "failed" ? status : entry.status;
}

/** The API Pix notification of an entry event, or null when the event is none of the two. */
export async function apiPixEventFor(
  event: Pick<OutboxEvent, "topic" | "payload">,
  entry: LedgerEntry,
): Promise<ApiPixEvent | null> {
  const status = statusAtEvent(event, entry);
  let original: LedgerEntry | null = null;
  let type: ApiPixEvent["type"] = "pix.received";
  if (event.topic === "entry.created" && entry.reason === PIX_WITH_TXID && status === "succeeded") {
    original = entry;
  } else if (event.topic === "entry.status_changed" && entry.reason === REFUND_OF_PIX && status !== "processing") {
    type = "pix.refund";
    original = await db().ledgerEntry.findFirst({
      where: {
        accountId: entry.accountId,
        endToEndId: entry.parentEndToEndId,
        type: "credit",
        reason: PIX_WITH_TXID,
      },
    });
  }
  if (!original?.entryRef) return null;
  const [received] = await withRefunds(db(), [original]);
  return received ? { type, payload: { pix: [pixView(received)] } } : null;
}
