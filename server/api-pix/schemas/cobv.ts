/**
 * The `cobv` (due-date charge) shapes of the API Pix surface, named as the specification's
 * components with its field names, patterns and enums; descriptions are ours. The valor terms are
 * the maths module's own schema (server/charges/due-date/validate.ts), so the door and the rules
 * read them alike.
 */
import { z } from "@hono/zod-openapi";
import { CobVCalendarioTerms, CobVValorTerms } from "../../charges/due-date/validate";
import {
  Amount,
  Chave,
  CobrancaStatusSchema,
  chargeIdentity,
  chargeTerms,
  InfoAdicionais,
  LocId,
  Nome,
  PessoaFisicaSchema,
  PessoaJuridicaSchema,
  payloadLocation,
  SolicitacaoPagador,
} from "./cob";
import { Pix } from "./pix";

const Endereco = {
  logradouro: z.string().max(200, "logradouro deve ter no máximo 200 caracteres").optional(),
  cidade: z.string().max(200, "cidade deve ter no máximo 200 caracteres").optional(),
  uf: z.string().max(2, "uf deve ter no máximo 2 caracteres").optional(),
  cep: z.string().max(8, "cep deve ter no máximo 8 caracteres").optional(),
};

const DEVEDOR_RULE = "devedor leva nome e um documento: cpf ou cnpj, não ambos";
export const DevedorCobVSchema = z
  .xor(
    [
      PessoaFisicaSchema.extend({ email: z.string().optional(), ...Endereco }),
      PessoaJuridicaSchema.extend({ email: z.string().optional(), ...Endereco }),
    ],
    { error: DEVEDOR_RULE },
  )
  .openapi({ description: "Whom the bill is addressed to: a document, a name, and optionally e-mail and address." });

// Rebuilt here from the maths module's shape: its schemas are made before the OpenAPI extension
// may be loaded, so they cannot carry `.openapi` themselves.
export const CobVValorSchema = z.object(CobVValorTerms.shape).openapi("CobVValor", {
  description:
    "The amount: the original, and optionally a fine and interest once late, a rebate, and a discount for paying early.",
});

const CalendarioSolicitado = z
  .object({
    ...CobVCalendarioTerms.shape,
    validadeAposVencimento: z.int().optional().openapi({
      format: "int32",
      description: "Calendar days after the due date the bill can still be paid.",
      default: 30,
    }),
  })
  .openapi({ description: "The due date and how long after it the bill is payable." });

export const CobVSolicitadaSchema = z
  .object({
    calendario: CalendarioSolicitado,
    devedor: DevedorCobVSchema,
    loc: LocId.optional(),
    valor: CobVValorSchema,
    chave: Chave,
    solicitacaoPagador: SolicitacaoPagador.optional(),
    infoAdicionais: InfoAdicionais.optional(),
  })
  .openapi("CobVSolicitada", { description: "A new due-date charge." });

export const CobVRevisadaSchema = z
  .object({
    // the spec's CobVRevisada: a calendario, when sent, carries its dataDeVencimento
    calendario: CalendarioSolicitado.optional(),
    devedor: DevedorCobVSchema.optional(),
    loc: LocId.optional(),
    status: z
      .enum(["REMOVIDA_PELO_USUARIO_RECEBEDOR"], { error: "status só pode ser REMOVIDA_PELO_USUARIO_RECEBEDOR" })
      .optional(),
    valor: CobVValorSchema.partial().optional(),
    chave: Chave.optional(),
    solicitacaoPagador: SolicitacaoPagador.optional(),
    infoAdicionais: InfoAdicionais.optional(),
  })
  .openapi("CobVRevisada", { description: "Changes to an active due-date charge, or its removal." });

const RecebedorSchema = z
  .object({
    cpf: PessoaFisicaSchema.shape.cpf.optional(),
    cnpj: PessoaJuridicaSchema.shape.cnpj.optional(),
    nome: Nome,
    nomeFantasia: z.string().max(200).optional(),
    logradouro: z.string().max(200),
    cidade: z.string().max(200),
    uf: z.string().max(2),
    cep: z.string().max(8),
  })
  .openapi({ description: "Who receives: the account's holder and address." });

const CobVFields = {
  calendario: z.object({
    criacao: z.string().openapi({ format: "date-time", description: "When the charge was created." }),
    dataDeVencimento: z.string().openapi({ format: "date", description: "The due date, as written." }),
    validadeAposVencimento: z.int().openapi({ format: "int32", description: "Days payable after the due date." }),
  }),
  ...chargeIdentity,
  // optional: a cobv whose location was unlinked (DELETE /loc/{id}/txid) has none (decision 0035)
  location: payloadLocation("Where the payload is served, without scheme; absent once unlinked."),
  status: CobrancaStatusSchema,
  devedor: DevedorCobVSchema,
  recebedor: RecebedorSchema,
  valor: CobVValorSchema.extend({ original: Amount }),
  ...chargeTerms,
};

export const CobVGeradaSchema = z
  .object(CobVFields)
  .openapi("CobVGerada", { description: "A due-date charge as created or revised." });

export const CobVCompletaSchema = z
  .object({
    ...CobVFields,
    pix: z.array(Pix).optional().openapi({ description: "The PIX that paid it, with the amount's components." }),
  })
  .openapi("CobVCompleta", { description: "A due-date charge with the PIX that paid it." });
