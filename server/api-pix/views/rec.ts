/** A recurrence as the API Pix writes it (`RecGerada`, `RecCompleta`), and its payload location (`locrec`). */
import { config } from "../../config";
import type { Account, Recurrence, RecurrenceLocation } from "../../generated/prisma/client";
import { recurrencePageUrl } from "../../payment-pages/recurrence-view";
import { journeyOf } from "../../recurrences/journeys";
import { recurrenceLocationUrl } from "../../recurrences/locations";
import type { Closure, HistoryEntry } from "../../recurrences/status";
import { valorOf } from "../money";

const day = (date: Date) => date.toISOString().slice(0, 10);

/** API Pix `PayloadLocationRecCompleta`. */
export function locRecView(location: RecurrenceLocation) {
  return {
    id: Number(location.id),
    location: recurrenceLocationUrl(location.token),
    tipo: "rec" as const,
    criacao: location.createdAt.toISOString(),
    ...(location.idRec ? { idRec: location.idRec } : {}),
  };
}

export function recView(
  rec: Recurrence,
  account: Pick<Account, "name" | "document">,
  location: RecurrenceLocation | null = null,
) {
  const debtor = rec.debtorDocument.length === 11 ? { cpf: rec.debtorDocument } : { cnpj: rec.debtorDocument };
  const valor = {
    ...(rec.amountCents !== null ? { valorRec: valorOf(rec.amountCents) } : {}),
    ...(rec.minimumCents !== null ? { valorMinimoRecebedor: valorOf(rec.minimumCents) } : {}),
  };
  return {
    idRec: rec.idRec,
    vinculo: {
      ...(rec.object !== null ? { objeto: rec.object } : {}),
      devedor: { ...debtor, nome: rec.debtorName },
      contrato: rec.contract,
    },
    calendario: {
      dataInicial: day(rec.startDate),
      ...(rec.endDate ? { dataFinal: day(rec.endDate) } : {}),
      periodicidade: rec.periodicity as "MENSAL",
    },
    ...(Object.keys(valor).length ? { valor } : {}),
    recebedor: {
      cnpj: account.document,
      nome: account.name,
      ...(rec.agreement !== null ? { convenio: rec.agreement } : {}),
    },
    politicaRetentativa: rec.retryPolicy as "NAO_PERMITE",
    status: rec.status as "CRIADA",
    atualizacao: rec.history as HistoryEntry[],
    ...(rec.closure ? { encerramento: rec.closure as Closure } : {}),
    ...(location ? { loc: locRecView(location) } : {}),
    // ours, beside the spec's fields (as cob's): the hosted page of the authorisation request (journey 2)
    ...(location ? { paymentPageUrl: recurrencePageUrl(location.token) } : {}),
    ativacao: {
      tipoJornada: journeyOf(rec),
      ...(rec.journeyTxId ? { dadosJornada: { txid: rec.journeyTxId } } : {}),
    },
  };
}

/** API Pix `RecPayload`: what a payer's institution reads of a recurrence (its location, a consent request). */
export function recPayloadView(rec: Recurrence, account: Pick<Account, "name" | "document">) {
  const { idRec, vinculo, calendario, valor, recebedor, politicaRetentativa, atualizacao } = recView(rec, account);
  return {
    idRec,
    vinculo,
    calendario,
    ...(valor ? { valor } : {}),
    recebedor: { ...recebedor, ispbParticipante: config().PLATFORM_ISPB },
    politicaRetentativa,
    atualizacao,
  };
}
