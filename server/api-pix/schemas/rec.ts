/**
 * The `rec` (Pix Automático recurrence) shapes of the API Pix surface, named as the
 * specification's components with its field names, patterns and enums; descriptions are ours.
 */
import { z } from "@hono/zod-openapi";
import { IsoDate } from "../../charges/due-date/validate";
import { PERIODICITIES, REC_LIMITS, RETRY_POLICIES } from "../../recurrences/model";
import { CANCEL_CODES, CANCEL_REQUESTERS, REC_STATUSES, REJECT_CODES } from "../../recurrences/status";
import { TxIdSchema } from "./cob";
import { PayloadLocationRecCompletaSchema, RecIdSchema } from "./locrec";

export { RecIdSchema } from "./locrec";

const NomeRec = z.string().max(REC_LIMITS.debtorName, `nome deve ter no máximo ${REC_LIMITS.debtorName} caracteres`);
const Cpf = z.string().regex(/^\d{11}$/, "cpf deve ter 11 dígitos");
const Cnpj = z.string().regex(/^[0-9A-Z]{14}$/, "cnpj deve ter 14 caracteres");
const ValorRec = z.string().regex(/^\d{1,10}\.\d{2}$/, "deve ter a forma 0.00");

export const DevedorRecSchema = z
  .xor([z.object({ cpf: Cpf, nome: NomeRec }), z.object({ cnpj: Cnpj, nome: NomeRec })], {
    error: "devedor leva nome e um documento: cpf ou cnpj, não ambos",
  })
  .openapi({ description: "Who pays the recurrence." });

const Convenio = z.string().max(REC_LIMITS.agreement, `convenio deve ter no máximo ${REC_LIMITS.agreement} caracteres`);
const LocRecId = z.int().min(0).openapi({ format: "int64", description: "A recurrence payload location (locrec)." });

const DadosJornada = z
  .object({ txid: TxIdSchema })
  .openapi({ description: "Journey 3: the cob paid with the consent." });
const AtivacaoSolicitada = z.object({ dadosJornada: DadosJornada.optional() });

const Vinculo = z.object({
  objeto: z.string().max(REC_LIMITS.object, `objeto deve ter no máximo ${REC_LIMITS.object} caracteres`).optional(),
  devedor: DevedorRecSchema,
  contrato: z.string().max(REC_LIMITS.contract, `contrato deve ter no máximo ${REC_LIMITS.contract} caracteres`),
});

const Calendario = z.object({
  dataInicial: IsoDate,
  dataFinal: IsoDate.optional(),
  periodicidade: z.enum(PERIODICITIES),
});

const Valor = z.object({
  valorRec: ValorRec.optional().openapi({ description: "Fixed amount of every cycle." }),
  valorMinimoRecebedor: ValorRec.optional().openapi({ description: "The floor of a payer's maximum." }),
});

export const RecSolicitadaSchema = z
  .object({
    vinculo: Vinculo,
    calendario: Calendario,
    valor: Valor.optional(),
    recebedor: z.object({ convenio: Convenio.optional() }).optional(),
    politicaRetentativa: z.enum(RETRY_POLICIES),
    loc: LocRecId.optional(),
    ativacao: AtivacaoSolicitada.optional(),
  })
  .openapi("RecSolicitada");

export const RecRevisadaSchema = z
  .object({
    status: z.enum(["CANCELADA"], { message: "status só aceita CANCELADA" }).optional(),
    vinculo: z.object({ devedor: z.object({ nome: NomeRec }).optional() }).optional(),
    loc: LocRecId.optional(),
    calendario: z.object({ dataInicial: IsoDate.optional() }).optional(),
    ativacao: AtivacaoSolicitada.optional(),
  })
  .openapi("RecRevisada");

const Atualizacao = z.array(
  z.object({ status: z.enum(REC_STATUSES), data: z.string().openapi({ format: "date-time" }) }),
);

const Encerramento = z
  .union([
    z.object({ rejeicao: z.object({ codigo: z.enum(REJECT_CODES), descricao: z.string().max(400) }) }),
    z.object({
      cancelamento: z.object({
        solicitante: z.enum(CANCEL_REQUESTERS),
        codigo: z.enum(CANCEL_CODES),
        descricao: z.string().max(400),
      }),
    }),
  ])
  .openapi({ description: "Why the recurrence ended, when rejected or cancelled." });

const Recebedor = z.object({
  cnpj: Cnpj,
  nome: NomeRec,
  convenio: Convenio.optional(),
});

export const RecGeradaSchema = z
  .object({
    idRec: RecIdSchema,
    vinculo: Vinculo,
    calendario: Calendario,
    valor: Valor.optional(),
    recebedor: Recebedor,
    politicaRetentativa: z.enum(RETRY_POLICIES),
    status: z.enum(REC_STATUSES),
    atualizacao: Atualizacao,
    encerramento: Encerramento.optional(),
    loc: PayloadLocationRecCompletaSchema.optional(),
    ativacao: z.object({
      tipoJornada: z.enum(["JORNADA_1", "JORNADA_2", "JORNADA_3", "JORNADA_4", "AGUARDANDO_DEFINICAO"]),
      dadosJornada: DadosJornada.optional(),
    }),
  })
  .openapi("RecGerada");

/** The composite QR of the journey asked for (GET /rec/{idRec}, with or without `txid`). */
const DadosQR = z
  .object({
    jornada: z.enum(["JORNADA_2", "JORNADA_3", "JORNADA_4"]),
    pixCopiaECola: z.string().max(512),
  })
  .openapi({ description: "The BR Code of journey 2 (the recurrence), 3 (with a cob) or 4 (with a cobv)." });

export const RecCompletaSchema = RecGeradaSchema.extend({ dadosQR: DadosQR.optional() }).openapi("RecCompleta");
