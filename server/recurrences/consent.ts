/**
 * The dashboard's notification journey (JORNADA_1): a consent request for one of the merchant's
 * recurrences sent to the payer's account, the recipient's document being the recurrence's
 * debtor's (the form does not ask it again). The rules are the requests service's.
 */
import type { Tx } from "../db/client";
import { createRequest } from "./requests";
import { getRecurrence } from "./service";

export type ConsentDestination = { account: string; ispb: string; branch?: string; expiresAt: Date };

export async function requestConsent(tx: Tx, userId: string, idRec: string, to: ConsentDestination, now = new Date()) {
  const recurrence = await getRecurrence(tx, userId, idRec);
  return createRequest(
    tx,
    {
      userId,
      idRec,
      expiresAt: to.expiresAt,
      recipient: {
        conta: to.account,
        ispbParticipante: to.ispb,
        ...(to.branch ? { agencia: to.branch } : {}),
        document: recurrence.debtorDocument,
      },
    },
    now,
  );
}
