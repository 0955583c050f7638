/**
 * One of the caller's cobvs as its page shows it: the row, what became of its payment (payer,
 * refunds), and its timeline (created, each revision, paid / removed / expired). Tenant-scoped.
 */
import type { Db } from "../../db/client";
import type { Charge } from "../../generated/prisma/client";
import { chargePayment } from "../paid";
import { getDueDateCharge } from "./read";

export type TimelineEvent =
  | { kind: "created" | "paid" | "cancelled" | "expired"; at: Date }
  | { kind: "revised"; at: Date; revision: number };

/** What happened to the charge, oldest first. */
async function timelineOf(db: Db, charge: Charge): Promise<TimelineEvent[]> {
  // Revision n's snapshot is kept when revision n + 1 is written: its time is that change's. The
  // last one of a charge no longer open was kept by its payment or removal, no change of terms.
  const closing = charge.status === "created" ? Number.POSITIVE_INFINITY : charge.revision - 1;
  const kept = await db.chargeRevision.findMany({
    where: { txId: charge.txId },
    select: { revision: true, createdAt: true },
    orderBy: { revision: "asc" },
  });
  const events: TimelineEvent[] = [{ kind: "created", at: charge.createdAt }];
  for (const row of kept.filter((kept) => kept.revision < closing))
    events.push({ kind: "revised", at: row.createdAt, revision: row.revision + 1 });
  if (charge.status === "paid" && charge.paidAt) events.push({ kind: "paid", at: charge.paidAt });
  if (charge.status === "cancelled") events.push({ kind: "cancelled", at: charge.updatedAt });
  if (charge.status === "expired") events.push({ kind: "expired", at: charge.updatedAt });
  return events;
}

/** The caller's cobv with its payment and timeline; 404 when unknown or someone else's. */
export async function dueDateChargeDetail(db: Db, userId: string, txId: string) {
  const charge = await getDueDateCharge(db, userId, txId);
  const [payment, timeline] = await Promise.all([chargePayment(db, userId, charge), timelineOf(db, charge)]);
  return { charge, payment, timeline };
}
