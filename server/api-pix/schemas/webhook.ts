/** Schemas of the webhooks of PIX keys (tag Webhook), named as the specification's components. */
import { z } from "@hono/zod-openapi";
import { MAX_URL } from "../../webhooks/schema";
import { PaginacaoSchema } from "../paging";
import { Fim, Inicio, ItensPorPagina, PaginaAtual } from "./common";

export const WebhookSolicitado = z
  .object({
    webhookUrl: z.url("deve ser uma URL absoluta").max(MAX_URL, `deve ter no máximo ${MAX_URL} caracteres`).openapi({
      description: "URL que recebe as notificações (com /pix acrescentado ao caminho); https.",
      example: "https://erp.example.invalid/api/webhook",
    }),
  })
  .openapi("WebhookSolicitado");

export const WebhookCompleto = z
  .object({
    webhookUrl: z.url().openapi({ description: "URL configurada para a chave." }),
    chave: z.string().max(77).openapi({ description: "Chave Pix do recebedor." }),
    // Shown when the key's account is a company's: a person has no CNPJ (docs/decisions/0029).
    cnpj: z
      .string()
      .regex(/^[0-9A-Z]{14}$/)
      .optional()
      .openapi({ description: "CNPJ do recebedor titular da conta da chave." }),
    criacao: z.string().datetime().openapi({ description: "Quando o webhook foi configurado." }),
  })
  .openapi("WebhookCompleto");

export const ParametrosConsultaWebhooks = z
  .object({
    inicio: z.string().datetime({ offset: true }).optional(),
    fim: z.string().datetime({ offset: true }).optional(),
    paginacao: PaginacaoSchema.optional(),
  })
  .openapi("ParametrosConsultaWebhooks");

export const WebhooksConsultados = z
  .object({ parametros: ParametrosConsultaWebhooks.optional(), webhooks: z.array(WebhookCompleto) })
  .openapi("WebhooksConsultados");

export const WebhookListQuery = z
  .object({
    inicio: Inicio.optional(),
    fim: Fim.optional(),
    "paginacao.paginaAtual": PaginaAtual,
    "paginacao.itensPorPagina": ItensPorPagina,
  })
  .superRefine((query, ctx) => {
    if (query.inicio && query.fim && Date.parse(query.fim) < Date.parse(query.inicio)) {
      ctx.addIssue({ code: "custom", message: "não pode ser anterior a inicio", path: ["fim"] });
    }
  });

export const ChaveParam = z.object({
  chave: z
    .string()
    .max(77, "deve ter no máximo 77 caracteres")
    .openapi({ param: { name: "chave", in: "path" }, description: "Chave Pix do recebedor." }),
});
