/**
 * The `solicrec` (consent request of a Pix Automático recurrence) shapes of the API Pix surface,
 * named as the specification's components with its field names, patterns and enums; descriptions
 * are ours.
 */
import { z } from "@hono/zod-openapi";
import { ID_SOLIC_REC_PATTERN } from "../../recurrences/ids";
import { ISPB_PATTERN, RECIPIENT_LIMITS } from "../../recurrences/model";
import { REQUEST_STATUSES } from "../../recurrences/request-status";
import { RecGeradaSchema, RecIdSchema } from "./rec";

const Ispb = z.string().regex(ISPB_PATTERN, "ispbParticipante deve ter 8 caracteres [0-9A-Z]");
const Conta = {
  conta: z.string().max(RECIPIENT_LIMITS.account, `conta deve ter no máximo ${RECIPIENT_LIMITS.account} caracteres`),
  ispbParticipante: Ispb,
  agencia: z
    .string()
    .max(RECIPIENT_LIMITS.branch, `agencia deve ter no máximo ${RECIPIENT_LIMITS.branch} caracteres`)
    .optional(),
};

export const DestinatarioSchema = z
  .xor(
    [
      z.object({ ...Conta, cpf: z.string().regex(/^\d{11}$/, "cpf deve ter 11 dígitos") }),
      z.object({ ...Conta, cnpj: z.string().regex(/^[0-9A-Z]{14}$/, "cnpj deve ter 14 caracteres") }),
    ],
    { error: "destinatario leva conta, ispbParticipante e um documento: cpf ou cnpj, não ambos" },
  )
  .openapi({ description: "The payer's account the request is sent to." });

const Calendario = z.object({
  dataExpiracaoSolicitacao: z.iso
    .datetime({ offset: true, message: "dataExpiracaoSolicitacao deve ser uma data-hora RFC 3339" })
    .openapi({ format: "date-time", description: "When the request expires unanswered." }),
});

export const SolicRecSolicitadaSchema = z
  .object({ idRec: RecIdSchema, calendario: Calendario, destinatario: DestinatarioSchema })
  .openapi("SolicRecSolicitada");

export const SolicRecRevisadaSchema = z
  .object({ status: z.enum(["CANCELADA"], { message: "status só aceita CANCELADA" }) })
  .openapi("SolicRecRevisada");

/** The recurrence as the payer sees it in the request: its receiver carries its institution's ISPB. */
const RecPayloadSchema = RecGeradaSchema.pick({
  idRec: true,
  vinculo: true,
  calendario: true,
  valor: true,
  politicaRetentativa: true,
  atualizacao: true,
})
  .extend({ recebedor: RecGeradaSchema.shape.recebedor.extend({ ispbParticipante: Ispb }) })
  .openapi("RecPayload");

export const SolicRecCompletaSchema = z
  .object({
    idSolicRec: z
      .string()
      .regex(ID_SOLIC_REC_PATTERN)
      .openapi({ description: "The request's id: SC, ISPB, yyyyMMdd, 11 alphanumerics." }),
    idRec: RecIdSchema,
    calendario: z.object({ dataExpiracaoSolicitacao: z.string().openapi({ format: "date-time" }) }),
    destinatario: DestinatarioSchema,
    status: z.enum(REQUEST_STATUSES),
    atualizacao: z.array(
      z.object({ status: z.enum(REQUEST_STATUSES), data: z.string().openapi({ format: "date-time" }) }),
    ),
    recPayload: RecPayloadSchema,
  })
  .openapi("SolicRecCompleta");
