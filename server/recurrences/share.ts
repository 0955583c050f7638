/**
 * The dashboard's "Compartilhar" of a recurrence awaiting approval (journey 2, docs/decisions/0046):
 * its QR, copy-and-paste code and hosted authorisation page, at a recurrence location (locrec)
 * created and bound on the merchant's first ask.
 */
import { qrCodePng } from "../charges/qr-image";
import type { Db, Tx } from "../db/client";
import { inTransaction } from "../db/transaction";
import { AppError } from "../errors";
import { recurrenceQr } from "./journeys";
import { bindRecurrenceLocation, createRecurrenceLocation, locationOfRecurrence } from "./locations";
import { getRecurrence } from "./service";

export type RecurrenceShare = { emv: string; qrCode: string; pagePath: string };

async function shareOf(tx: Tx, userId: string, idRec: string, bind: boolean): Promise<RecurrenceShare | null> {
  const rec = await getRecurrence(tx, userId, idRec);
  if (rec.status !== "CRIADA") {
    throw new AppError("CONFLICT", `the recurrence is ${rec.status}: only one awaiting approval is shared`, "idRec");
  }
  let location = await locationOfRecurrence(tx, rec.idRec);
  if (!location && bind) {
    const created = await createRecurrenceLocation(tx, userId);
    location = await bindRecurrenceLocation(tx, userId, created.id, rec.idRec);
  }
  if (!location) return null;
  const account = await tx.account.findUniqueOrThrow({ where: { id: rec.accountId }, select: { name: true } });
  const qr = await recurrenceQr(tx, rec, location, account.name);
  if (!qr) return null;
  return { emv: qr.pixCopiaECola, qrCode: await qrCodePng(qr.pixCopiaECola), pagePath: `/r/${location.token}` };
}

/** The share of the caller's recurrence awaiting approval; null while it has no location. 404/409 otherwise. */
export function recurrenceShare(db: Db, userId: string, idRec: string) {
  return inTransaction(db, (tx) => shareOf(tx, userId, idRec, false));
}

/** Gives the caller's recurrence awaiting approval a location, when it has none, and answers its share. */
export async function shareRecurrence(db: Db, userId: string, idRec: string): Promise<RecurrenceShare> {
  const share = await inTransaction(db, (tx) => shareOf(tx, userId, idRec, true));
  if (!share) throw new AppError("CONFLICT", "the recurrence could not be shared", "idRec");
  return share;
}
