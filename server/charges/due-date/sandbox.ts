/** Sandbox: a payer at another institution pays one of the caller's cobvs as if on a chosen day. */
import type { Db } from "../../db/client";
import type { LedgerEntry } from "../../generated/prisma/client";
import type { PartialParty } from "../../pix/rail";
import { payChargeFromOutside } from "../payment";
import type { CalendarDate } from "./calendar";
import { getDueDateCharge } from "./read";

/** 404 unless `txId` is one of the caller's cobvs; then paid with the amount due on `paidOn`. */
export async function payDueDateChargeInSandbox(
  db: Db,
  input: { userId: string; txId: string; paidOn: CalendarDate; payer?: PartialParty | null },
): Promise<LedgerEntry> {
  await getDueDateCharge(db, input.userId, input.txId);
  return payChargeFromOutside(db, input);
}
