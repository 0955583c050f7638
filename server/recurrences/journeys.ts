/**
 * The activation journeys of Pix Automático (API Pix `ativacao.tipoJornada`,
 * docs/decisions/0042): 1, the consent request (solicrec); 2, the recurrence's QR; 3, a QR
 * composed with a cob, paid as the consent is given; 4, the same with a cobv. And the BR Code
 * (`dadosQR`) of journeys 2 to 4.
 */
import { config } from "../config";
import type { Tx } from "../db/client";
import type { Charge, Recurrence, RecurrenceLocation } from "../generated/prisma/client";
import { composeWithRecurrence, encodeRecurrenceBrCode } from "../pix/brcode";
import { recurrenceLocationUrl } from "./locations";
import { RecurrenceRefused } from "./model";
import type { Journey } from "./service";
import type { HistoryEntry } from "./status";

export type TipoJornada = Journey | "AGUARDANDO_DEFINICAO";

/** The journey the payer approved by; before approval, AGUARDANDO_DEFINICAO. */
export function journeyOf(rec: Pick<Recurrence, "journey" | "journeyTxId" | "history">): TipoJornada {
  if (rec.journey) return rec.journey as Journey;
  const approved = (rec.history as HistoryEntry[]).some((entry) => entry.status === "APROVADA");
  if (!approved) return "AGUARDANDO_DEFINICAO";
  return rec.journeyTxId ? "JORNADA_3" : "JORNADA_1";
}

/** The journey a charge of kind cob or cobv composes with the recurrence. */
export const journeyOfCharge = (charge: Pick<Charge, "kind">): "JORNADA_3" | "JORNADA_4" =>
  charge.kind === "cobv" ? "JORNADA_4" : "JORNADA_3";

export type DadosQR = { jornada: "JORNADA_2" | "JORNADA_3" | "JORNADA_4"; pixCopiaECola: string };

/**
 * The QR of a recurrence (journey 2), or composed with the caller's charge `txid` (3 or 4).
 * Refused, as a violation of `txid`, when the charge is no charge of the caller, is of the other
 * kind than an approved journey, or is another cob than the one the activation names. Null when
 * a location it needs is missing (the recurrence's, or the charge's).
 */
export async function recurrenceQr(
  tx: Tx,
  rec: Recurrence,
  location: RecurrenceLocation | null,
  merchantName: string,
  txid?: string,
): Promise<DadosQR | null> {
  const charge = txid === undefined ? null : await tx.charge.findFirst({ where: { txId: txid, userId: rec.userId } });
  if (txid !== undefined) {
    const refuse = (razao: string) => new RecurrenceRefused([{ propriedade: "txid", razao }]);
    if (!charge) throw refuse("txid não corresponde a uma cobrança deste usuário recebedor.");
    const journey = journeyOf(rec);
    if ((journey === "JORNADA_3" || journey === "JORNADA_4") && journeyOfCharge(charge) !== journey) {
      throw refuse(`txid não corresponde a uma cobrança compatível com a ${journey}.`);
    }
    if (charge.kind !== "cobv" && rec.journeyTxId && rec.journeyTxId !== txid) {
      throw refuse("txid é de outra cobrança imediata que a indicada em ativacao.dadosJornada.txid.");
    }
  }
  if (!location) return null;
  const recurrenceUrl = recurrenceLocationUrl(location.token);
  if (!charge) {
    const pixCopiaECola = encodeRecurrenceBrCode({ recurrenceUrl, merchantName, merchantCity: config().PLATFORM_CITY });
    return { jornada: "JORNADA_2", pixCopiaECola };
  }
  if (!charge.locationId) return null;
  return { jornada: journeyOfCharge(charge), pixCopiaECola: composeWithRecurrence(charge.emv, recurrenceUrl) };
}
