/** A recurrence as the API Pix writes it (`RecGerada`, `RecCompleta`). */
import type { Account, Recurrence } from "../../generated/prisma/client";
import type { Closure, HistoryEntry } from "../../recurrences/status";
import { valorOf } from "../money";

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Approved by notification (journey 1) unless the consent came with a paid cob (journey 3). */
function journeyOf(rec: Recurrence) {
  const approved = (rec.history as HistoryEntry[]).some((entry) => entry.status === "APROVADA");
  if (!approved) return "AGUARDANDO_DEFINICAO" as const;
  return rec.journeyTxId ? ("JORNADA_3" as const) : ("JORNADA_1" as const);
}

export function recView(rec: Recurrence, account: Pick<Account, "name" | "document">) {
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
    ativacao: {
      tipoJornada: journeyOf(rec),
      ...(rec.journeyTxId ? { dadosJornada: { txid: rec.journeyTxId } } : {}),
    },
  };
}
