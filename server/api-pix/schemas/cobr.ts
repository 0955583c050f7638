/**
 * The `cobr` (Pix Automático recurring charge) shapes of the API Pix surface, named as the
 * specification's components with its field names, patterns and enums; descriptions are ours.
 */
import { z } from "@hono/zod-openapi";
import { IsoDate } from "../../charges/due-date/validate";
import {
  ATTEMPT_KINDS,
  ATTEMPT_STATUSES,
  COBR_CANCEL_CODES,
  COBR_CANCEL_REQUESTERS,
  COBR_REJECT_CODES,
  COBR_STATUSES,
} from "../../recurrences/charges/status";
import { RETRY_POLICIES } from "../../recurrences/model";
import { TxIdSchema } from "./cob";
import { EndToEndIdSchema, Valor } from "./common";
import { RecIdSchema } from "./rec";

const DataHora = z.string().openapi({ format: "date-time" });

export const DevedorCobRSchema = z
  .object({
    email: z.string().max(140, "email deve ter no máximo 140 caracteres").optional(),
    logradouro: z.string().max(200, "logradouro deve ter no máximo 200 caracteres").optional(),
    cidade: z.string().max(200, "cidade deve ter no máximo 200 caracteres").optional(),
    uf: z.string().length(2, "uf deve ter 2 letras").optional(),
    cep: z.string().max(9, "cep deve ter no máximo 9 caracteres").optional(),
  })
  .openapi({ description: "Where to reach the debtor; the recurrence names who it is." });

const RecebedorBancario = {
  conta: z.string().max(20, "conta deve ter no máximo 20 caracteres"),
  tipoConta: z.enum(["CORRENTE", "POUPANCA", "PAGAMENTO"]),
  agencia: z.string().max(4, "agencia deve ter no máximo 4 caracteres").optional(),
};

const Calendario = z.object({ dataDeVencimento: IsoDate });

export const CobRSolicitadaSchema = z
  .object({
    idRec: RecIdSchema,
    infoAdicional: z.string().max(140, "infoAdicional deve ter no máximo 140 caracteres").optional(),
    calendario: Calendario,
    valor: z.object({ original: Valor("The amount charged this cycle.") }),
    ajusteDiaUtil: z.boolean().default(true),
    recebedor: z.object(RecebedorBancario),
    devedor: DevedorCobRSchema.optional(),
  })
  .openapi("CobRSolicitada");

export const CobRRevisadaSchema = z
  .object({ status: z.enum(["CANCELADA"], { message: "status só aceita CANCELADA" }).optional() })
  .openapi("CobRRevisada");

const Rejeicao = z.object({ codigo: z.enum(COBR_REJECT_CODES), descricao: z.string().max(400) });

const Encerramento = z
  .union([
    z.object({ rejeicao: Rejeicao }),
    z.object({
      cancelamento: z.object({
        solicitante: z.enum(COBR_CANCEL_REQUESTERS),
        codigo: z.enum(COBR_CANCEL_CODES),
        descricao: z.string().max(400),
      }),
    }),
  ])
  .openapi({ description: "Why the charge ended, when rejected or cancelled." });

const Tentativa = z.object({
  dataLiquidacao: IsoDate,
  tipo: z.enum(ATTEMPT_KINDS),
  status: z.enum(ATTEMPT_STATUSES),
  endToEndId: EndToEndIdSchema,
  atualizacao: z.array(z.object({ status: z.enum(ATTEMPT_STATUSES), data: DataHora })),
  rejeicao: Rejeicao.optional(),
});

const PixAutomatico = z.object({
  endToEndId: EndToEndIdSchema,
  txid: TxIdSchema,
  valor: Valor("The amount received."),
  horario: DataHora,
});

export const CobRGeradaSchema = z
  .object({
    idRec: RecIdSchema,
    txid: TxIdSchema,
    infoAdicional: z.string().optional(),
    calendario: z.object({ criacao: IsoDate, dataDeVencimento: IsoDate }),
    valor: z.object({ original: Valor("The amount charged this cycle.") }),
    ajusteDiaUtil: z.boolean(),
    recebedor: z.object({ cnpj: z.string(), nome: z.string(), ...RecebedorBancario }),
    devedor: DevedorCobRSchema.optional(),
    status: z.enum(COBR_STATUSES),
    politicaRetentativa: z.enum(RETRY_POLICIES),
    atualizacao: z.array(z.object({ status: z.enum(COBR_STATUSES), data: DataHora })),
    encerramento: Encerramento.optional(),
    tentativas: z.array(Tentativa),
    pix: z.array(PixAutomatico).optional(),
  })
  .openapi("CobRGerada");

export const CobRCompletaSchema = CobRGeradaSchema.openapi("CobRCompleta");
