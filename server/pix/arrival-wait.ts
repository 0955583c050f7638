/**
 * The sandbox endpoints on the network answer when the PIX they asked a simulated institution to
 * send has been settled here (or refused): what a merchant's test sees is the credit the wire
 * brought, through the same state machine as any other (server/pix/incoming.ts).
 */
import type { Db } from "../db/client";
import { AppError } from "../errors";
import type { LedgerEntry } from "../generated/prisma/client";

export async function settledArrival(db: Db, id: string, timeoutMs = 15_000): Promise<LedgerEntry> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const payment = await db.railPayment.findUnique({ where: { id } });
    if (payment?.state === "rejected") {
      throw new AppError(
        "CONFLICT",
        `refused by this platform's answer to the network: ${payment.reasonCode}: ${payment.reasonText}`,
      );
    }
    if (payment?.state === "settled") {
      const credit = await db.ledgerEntry.findFirst({ where: { id, type: "credit" } });
      if (credit) return credit;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new AppError("SERVICE_UNAVAILABLE", "the network did not settle the PIX in time", undefined, undefined, 5);
}
