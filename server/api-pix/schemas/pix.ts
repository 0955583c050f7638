/** Schemas of received PIX and their refunds (tag Pix), named as the specification's components. */
import { z } from "@hono/zod-openapi";
import { PaginacaoSchema } from "../paging";
import { booleanFromQuery, EndToEndIdSchema, Fim, Inicio, ItensPorPagina, PaginaAtual, Valor } from "./common";

export const DEVOLUCAO_ID_PATTERN = /^[a-zA-Z0-9]{1,35}$/;
export const DevolucaoId = z
  .string()
  .regex(DEVOLUCAO_ID_PATTERN, "deve ter de 1 a 35 letras ou dígitos")
  .openapi("DevolucaoId", { description: "Identificador que o cliente dá à devolução.", example: "D0001" });

const TxIdFilter = z
  .string()
  .regex(/^[a-zA-Z0-9]{1,35}$/, "deve ter de 1 a 35 letras ou dígitos")
  .openapi({ description: "Identificador da cobrança que o Pix pagou." });
const Cpf = z.string().regex(/^\d{11}$/, "deve ter 11 dígitos");
const Cnpj = z.string().regex(/^[0-9A-Z]{14}$/, "deve ter 14 dígitos ou letras maiúsculas");

export const DevolucaoSolicitadaNatureza = z.enum(["ORIGINAL", "RETIRADA"]).openapi("DevolucaoSolicitadaNatureza", {
  description: "ORIGINAL: devolução do próprio Pix (padrão); RETIRADA: do valor de um Pix Saque ou Troco.",
});
export const DevolucaoNatureza = z
  .enum(["ORIGINAL", "RETIRADA", "MED_OPERACIONAL", "MED_FRAUDE", "MED_PIX_AUTOMATICO"])
  .openapi("DevolucaoNatureza", { description: "Por que o valor foi devolvido." });

export const DevolucaoSolicitada = z
  .object({
    valor: Valor("Quanto devolver; somadas, as devoluções de um Pix não passam do valor dele."),
    natureza: DevolucaoSolicitadaNatureza.optional(),
    descricao: z
      .string()
      .max(140, "deve ter no máximo 140 caracteres")
      .optional()
      .openapi({ description: "Mensagem ao pagador sobre a devolução." }),
  })
  .openapi("DevolucaoSolicitada");

export const Devolucao = z
  .object({
    id: DevolucaoId,
    rtrId: z
      .string()
      .min(32)
      .max(32)
      .regex(/^[a-zA-Z0-9]{32}$/)
      .openapi({ description: "Identificador fim a fim da devolução.", example: "D12345678202611281200Ab12Cd34Ef5" }),
    valor: Valor("Valor devolvido ou a devolver."),
    natureza: DevolucaoNatureza.optional(),
    descricao: z.string().max(140).optional().openapi({ description: "Mensagem ao pagador." }),
    horario: z.object({
      solicitacao: z.string().datetime().optional().openapi({ description: "Quando a devolução foi pedida." }),
      liquidacao: z.string().datetime().optional().openapi({ description: "Quando a devolução foi liquidada." }),
    }),
    status: z
      .enum(["EM_PROCESSAMENTO", "DEVOLVIDO", "NAO_REALIZADO"])
      .openapi({ description: "Situação da devolução." }),
    motivo: z.string().max(140).optional().openapi({ description: "Por que a devolução está nesta situação." }),
  })
  .openapi("Devolucao");

const ValorParte = z.object({ valor: Valor("Parte do valor do Pix.") });

export const Pix = z
  .object({
    endToEndId: EndToEndIdSchema,
    txid: TxIdFilter.optional(),
    valor: Valor("Valor recebido."),
    componentesValor: z
      .object({
        original: ValorParte.optional(),
        juros: ValorParte.optional(),
        multa: ValorParte.optional(),
        abatimento: ValorParte.optional(),
        desconto: ValorParte.optional(),
      })
      .optional()
      .openapi({ description: "De que se compõe o valor do Pix." }),
    chave: z.string().max(77).optional().openapi({ description: "Chave do recebedor a que o Pix foi enviado." }),
    horario: z.string().datetime().openapi({ description: "Quando o Pix foi recebido." }),
    infoPagador: z.string().max(140).optional().openapi({ description: "Texto livre do pagador." }),
    devolucoes: z.array(Devolucao).optional().openapi({ description: "Devoluções deste Pix." }),
  })
  .openapi("Pix");

export const ParametrosConsultaPix = z
  .object({
    inicio: z.string().datetime({ offset: true }),
    fim: z.string().datetime({ offset: true }),
    txid: TxIdFilter.optional(),
    txIdPresente: z.boolean().optional(),
    devolucaoPresente: z.boolean().optional(),
    cpf: Cpf.optional(),
    cnpj: Cnpj.optional(),
    paginacao: PaginacaoSchema,
  })
  .openapi("ParametrosConsultaPix");

export const PixConsultados = z
  .object({ parametros: ParametrosConsultaPix, pix: z.array(Pix) })
  .openapi("PixConsultados");

const QueryBoolean = z
  .preprocess(booleanFromQuery, z.boolean("deve ser true ou false"))
  .optional()
  .openapi({ type: "boolean" });

/** GET /pix: the period is required; `cpf` and `cnpj` exclude each other; `fim` not before `inicio`. */
export const PixListQuery = z
  .object({
    inicio: Inicio,
    fim: Fim,
    txid: TxIdFilter.optional(),
    txIdPresente: QueryBoolean,
    devolucaoPresente: QueryBoolean,
    cpf: Cpf.optional().openapi({ description: "CPF do pagador; não junto com cnpj." }),
    cnpj: Cnpj.optional().openapi({ description: "CNPJ do pagador; não junto com cpf." }),
    "paginacao.paginaAtual": PaginaAtual,
    "paginacao.itensPorPagina": ItensPorPagina,
  })
  .superRefine((query, ctx) => {
    if (Date.parse(query.fim) < Date.parse(query.inicio)) {
      ctx.addIssue({ code: "custom", message: "não pode ser anterior a inicio", path: ["fim"] });
    }
    if (query.cpf !== undefined && query.cnpj !== undefined) {
      ctx.addIssue({ code: "custom", message: "cpf e cnpj não podem ser usados juntos", path: ["cnpj"] });
    }
  });

export const PixPathParams = z.object({
  e2eid: EndToEndIdSchema.openapi({ param: { name: "e2eid", in: "path" } }),
});
export const DevolucaoPathParams = z.object({
  e2eid: EndToEndIdSchema.openapi({ param: { name: "e2eid", in: "path" } }),
  id: DevolucaoId.openapi({ param: { name: "id", in: "path" } }),
});
