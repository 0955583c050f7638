/**
 * The sandbox's simulated payer of a recurrence: funded unless starved with a rejection code, in
 * which case every attempt fails with that code until it is funded again. A recurrence no one
 * starved pays. Settlement reads the code with the charge it settles (settlement.ts, settle-batch.ts).
 */
import type { Tx } from "../../db/client";
import { getRecurrence } from "../service";
import type { CobrRejectCode } from "./status";

/** Funds (null) or starves (a code) the payer of the caller's recurrence. */
export async function setPayerFailure(
  tx: Tx,
  userId: string,
  idRec: string,
  failureCode: CobrRejectCode | null,
  now = new Date(),
) {
  await getRecurrence(tx, userId, idRec);
  await tx.sandboxRecurrencePayer.upsert({
    where: { idRec },
    create: { idRec, failureCode, updatedAt: now },
    update: { failureCode, updatedAt: now },
  });
  return { idRec, failureCode };
}
