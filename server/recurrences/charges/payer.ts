/**
 * The sandbox's simulated payer of a recurrence: funded unless starved with a rejection code, in
 * which case every attempt fails with that code until it is funded again. A recurrence no one
 * starved pays.
 */
import type { Tx } from "../../db/client";
import { getRecurrence } from "../service";
import type { CobrRejectCode } from "./status";

/** The code the payer's next attempt fails with, or null when it pays. */
export async function payerFailure(tx: Tx, idRec: string): Promise<CobrRejectCode | null> {
  const payer = await tx.sandboxRecurrencePayer.findUnique({ where: { idRec } });
  return (payer?.failureCode as CobrRejectCode | null | undefined) ?? null;
}

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
