/** A consent request as the API Pix writes it (`SolicRecCompleta`). */
import { config } from "../../config";
import type { Account, Recurrence, RecurrenceRequest } from "../../generated/prisma/client";
import type { RequestHistoryEntry } from "../../recurrences/request-status";
import { recView } from "./rec";

type Destinatario = { conta: string; ispbParticipante: string; agencia?: string } & (
  | { cpf: string }
  | { cnpj: string }
);

export function solicRecView(request: RecurrenceRequest, rec: Recurrence, account: Pick<Account, "name" | "document">) {
  const { idRec, vinculo, calendario, valor, recebedor, politicaRetentativa, atualizacao } = recView(rec, account);
  return {
    idSolicRec: request.idSolicRec,
    idRec: request.idRec,
    calendario: { dataExpiracaoSolicitacao: request.expiresAt.toISOString() },
    destinatario: request.recipient as Destinatario,
    status: request.status as "CRIADA",
    atualizacao: request.history as RequestHistoryEntry[],
    recPayload: {
      idRec,
      vinculo,
      calendario,
      ...(valor ? { valor } : {}),
      recebedor: { ...recebedor, ispbParticipante: config().PLATFORM_ISPB },
      politicaRetentativa,
      atualizacao,
    },
  };
}
