/**
 * The `cob` shapes of the API Pix surface, named as the specification's components
 * (bcb-api-pix-2.9.0.yaml) with its field names, patterns and enums; descriptions are ours.
 */
import { z } from "@hono/zod-openapi";
import { COB_STATUSES } from "../../charges/cob-status";
import { EndToEndIdSchema, Valor } from "./common";
import { LocationSchema } from "./loc";

/** The specification's txid pattern, unanchored as it writes it; the charge rules anchor it. */
export const TxIdSchema = z
  .string()
  .regex(/[a-zA-Z0-9]{26,35}/, "txid deve ter de 26 a 35 letras ou dígitos")
  .openapi({ description: "The charge's id: 26 to 35 letters or digits, chosen by the receiver." });

export const RevisaoSchema = z
  .number()
  .int()
  .openapi({ format: "int32", description: "Revision: 0 at creation, one more on each change but the location's." });

export const Amount = z
  .string()
  .regex(/\d{1,10}\.\d{2}/, "valor.original deve ter a forma 0.00")
  .openapi({ description: "Amount in reais with two decimals, dot as separator." });

export const Nome = z.string().max(200, "nome deve ter no máximo 200 caracteres");

// The specification writes the CPF pattern as a JavaScript literal (`/^\d{11}$/`, slashes
// included), which no JSON Schema reader takes as meant; the document says what the validation does.
export const PessoaFisicaSchema = z
  .object({
    cpf: z
      .string()
      .regex(/^\d{11}$/, "cpf deve ter 11 dígitos")
      .openapi({ description: "CPF, 11 digits." }),
    nome: Nome.openapi({ description: "Name of the person." }),
  })
  .openapi("PessoaFisica");

export const PessoaJuridicaSchema = z
  .object({
    cnpj: z
      .string()
      .regex(/^[0-9A-Z]{14}$/, "cnpj deve ter 14 caracteres")
      .openapi({ description: "CNPJ, 14 characters." }),
    nome: Nome.openapi({ description: "Name of the company." }),
  })
  .openapi("PessoaJuridica");

const DEVEDOR_RULE = "devedor leva nome e um documento: cpf ou cnpj, não ambos";
export const DevedorSchema = z
  .xor([PessoaFisicaSchema, PessoaJuridicaSchema], { error: DEVEDOR_RULE })
  .openapi({ description: "Whom the charge is addressed to (not necessarily who pays it)." });

export const InfoAdicionais = z
  .array(
    z.object({
      nome: z.string().max(50, "nome deve ter no máximo 50 caracteres").openapi({ description: "Label." }),
      valor: z.string().max(200, "valor deve ter no máximo 200 caracteres").openapi({ description: "Text." }),
    }),
  )
  .max(50, "infoAdicionais tem no máximo 50 itens")
  .openapi({ description: "Label and text pairs shown to the payer." });

export const Chave = z
  .string()
  .max(77, "chave deve ter no máximo 77 caracteres")
  .openapi({ description: "A PIX key registered on one of your accounts: the account that receives." });

export const SolicitacaoPagador = z
  .string()
  .max(140, "solicitacaoPagador deve ter no máximo 140 caracteres")
  .openapi({ description: "Text shown to the payer (at most 140 characters)." });

const Expiracao = z
  .number()
  .int("expiracao deve ser um inteiro")
  .openapi({ format: "int32", description: "Seconds from creation the charge can be paid for.", default: 86400 });

const ModalidadeAlteracao = z
  .number()
  .int()
  .min(0)
  .max(1)
  .openapi({ format: "int32", description: "1: the payer may change the amount (recorded and shown)." });

export const LocId = z
  .object({
    id: z
      .number()
      .int("loc.id deve ser um inteiro")
      .openapi({ format: "int64", description: "A location made with POST /loc." }),
  })
  .openapi({ description: "The location to serve this charge at; a new one when omitted." });

// Saque and troco are not offered: a `retirada` is refused rather than silently dropped.
const NoRetirada = z
  .unknown()
  .refine(() => false, "retirada (saque ou troco) não é oferecida")
  .optional()
  .openapi({ description: "Saque and troco are not offered: a request carrying retirada is refused." });

export const CobSolicitadaSchema = z
  .object({
    calendario: z.object({ expiracao: Expiracao.optional() }),
    devedor: DevedorSchema.optional(),
    loc: LocId.optional(),
    valor: z.object({ original: Amount, modalidadeAlteracao: ModalidadeAlteracao.optional(), retirada: NoRetirada }),
    chave: Chave,
    solicitacaoPagador: SolicitacaoPagador.optional(),
    infoAdicionais: InfoAdicionais.optional(),
  })
  .openapi("CobSolicitada", { description: "A new immediate charge." });

export const CobRevisadaSchema = z
  .object({
    calendario: z.object({ expiracao: Expiracao.optional() }).optional(),
    devedor: DevedorSchema.optional(),
    loc: LocId.optional(),
    status: z
      .enum(["REMOVIDA_PELO_USUARIO_RECEBEDOR"], { error: "status só pode ser REMOVIDA_PELO_USUARIO_RECEBEDOR" })
      .optional(),
    valor: z
      .object({
        original: Amount.optional(),
        modalidadeAlteracao: ModalidadeAlteracao.optional(),
        retirada: NoRetirada,
      })
      .optional(),
    chave: Chave.optional(),
    solicitacaoPagador: SolicitacaoPagador.optional(),
    infoAdicionais: InfoAdicionais.optional(),
  })
  .openapi("CobRevisada", { description: "Changes to an active charge, or its removal." });

export const CobrancaStatusSchema = z.enum(COB_STATUSES).openapi("CobrancaStatus");

export const CobPix = z.object({
  endToEndId: EndToEndIdSchema,
  txid: TxIdSchema,
  valor: Valor("What the PIX paid."),
  horario: z.string().openapi({ format: "date-time" }),
  infoPagador: z.string().optional(),
});

/** What names a charge as created (cob and cobv alike): its txid, revision and location. */
export const chargeIdentity = {
  txid: TxIdSchema,
  revisao: RevisaoSchema,
  loc: LocationSchema.extend({ txid: TxIdSchema }).optional(),
};

/** Where a charge's payload is served (the URL without scheme). */
export const payloadLocation = (description: string) =>
  z.string().max(77).optional().openapi({ format: "uri", description });

/** What a charge as created ends with (cob and cobv alike): the key, texts and the BR Code. */
export const chargeTerms = {
  chave: Chave,
  solicitacaoPagador: SolicitacaoPagador.optional(),
  infoAdicionais: InfoAdicionais.optional(),
  pixCopiaECola: z.string().max(512).optional().openapi({ description: "The BR Code, to copy and paste." }),
  paymentPageUrl: z
    .string()
    .optional()
    .openapi({ description: "Not in the Central Bank's specification: the charge's hosted payment page." }),
};

const CobFields = {
  calendario: z.object({
    criacao: z.string().openapi({ format: "date-time", description: "When the charge was created." }),
    expiracao: Expiracao,
  }),
  ...chargeIdentity,
  location: payloadLocation("Where the payload is served, without scheme."),
  status: CobrancaStatusSchema,
  devedor: DevedorSchema.optional(),
  valor: z.object({ original: Amount, modalidadeAlteracao: ModalidadeAlteracao.optional() }),
  ...chargeTerms,
};

export const CobGeradaSchema = z
  .object(CobFields)
  .openapi("CobGerada", { description: "A charge as created or revised." });

export const CobCompletaSchema = z
  .object({ ...CobFields, pix: z.array(CobPix).optional().openapi({ description: "The PIX that paid it." }) })
  .openapi("CobCompleta", { description: "A charge with the PIX that paid it." });
