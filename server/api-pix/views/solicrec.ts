/** A consent request as the API Pix writes it (`SolicRecCompleta`). */
import type { Account, Recurrence, RecurrenceRequest } from "../../generated/prisma/client";
import type { RequestHistoryEntry } from "../../recurrences/request-status";
import { recPayloadView } from "./rec";

type Destinatario = { conta: string; ispbParticipante: string; agencia?: string } & (
  | { cpf: string }
  | { cnpj: string }
);

export function solicRecView(request: RecurrenceRequest, rec: Recurrence, account: Pick<Account, "name" | "document">) {
  return {
    idSolicRec: request.idSolicRec,
    idRec: request.idRec,
    calendario: { dataExpiracaoSolicitacao: request.expiresAt.toISOString() },
    destinatario: request.recipient as Destinatario,
    status: request.status as "CRIADA",
    atualizacao: request.history as RequestHistoryEntry[],
    recPayload: recPayloadView(rec, account),
  };
}
