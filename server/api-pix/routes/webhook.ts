/**
 * PUT/GET/DELETE /webhook/{chave} and GET /webhook: the webhook of each PIX key of the merchant's
 * (server/webhooks/pix-webhooks.ts). Deliveries go through the platform's one delivery machinery.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import type { PixWebhookWithHolder } from "../../webhooks/pix-webhooks";
import { deletePixWebhook, getPixWebhook, listPixWebhooks, putPixWebhook } from "../../webhooks/pix-webhooks";
import type { ApiPixEnv } from "../context";
import { resourceInputHook } from "../invalid-input";
import { paginacao } from "../paging";
import { PixProblem } from "../problem";
import { pixRoutes } from "../route";
import {
  ChaveParam,
  WebhookCompleto,
  WebhookListQuery,
  WebhookSolicitado,
  WebhooksConsultados,
} from "../schemas/webhook";

const route = pixRoutes("Webhook");

const INVALID = { type: "WebhookOperacaoInvalida", title: "Webhook inválido.", status: 400 } as const;
const NOT_FOUND = { type: "WebhookNaoEncontrado", title: "Webhook não encontrado.", status: 404 } as const;

const webhookNotFound = () => new PixProblem({ ...NOT_FOUND, detail: "Não há webhook configurado para esta chave." });

function webhookView(webhook: PixWebhookWithHolder) {
  const document = webhook.account.document;
  return {
    webhookUrl: webhook.webhookUrl,
    chave: webhook.chave,
    ...(document.length === 14 ? { cnpj: document } : {}),
    criacao: webhook.createdAt.toISOString(),
  };
}

/** The service's refusals of a PUT: the key (malformed, not the caller's) or the URL (SSRF guard). */
function putRefusal(error: AppError): PixProblem | null {
  if (error.field === "chave") {
    const detail =
      error.reason === "PIX_KEY_INVALID"
        ? "A chave informada não é uma chave Pix válida."
        : "A chave informada não pertence a uma conta deste recebedor.";
    return new PixProblem({ ...INVALID, detail, violacoes: [{ razao: detail, propriedade: "chave" }] });
  }
  if (error.field === "webhookUrl") {
    return new PixProblem({
      ...INVALID,
      detail: "A URL do webhook não é aceita.",
      violacoes: [{ razao: error.message.replace(/^webhookUrl: /, ""), propriedade: "webhook.webhookUrl" }],
    });
  }
  return null;
}

const putRoute = route("webhook.write", INVALID, [400, 404], {
  method: "put",
  path: "/webhook/{chave}",
  summary: "Configurar o webhook de uma chave",
  description:
    "Define a URL notificada dos Pix com txid recebidos na chave (e das devoluções deles que terminarem). Cada chave tem uma URL; outra PUT a substitui.",
  request: {
    params: ChaveParam,
    body: { required: true, content: { "application/json": { schema: WebhookSolicitado } } },
  },
  responses: { 200: { description: "Webhook configurado." } },
});

const getRoute = route("webhook.read", NOT_FOUND, [404], {
  method: "get",
  path: "/webhook/{chave}",
  summary: "Consultar o webhook de uma chave",
  request: { params: ChaveParam },
  responses: {
    200: { description: "O webhook da chave.", content: { "application/json": { schema: WebhookCompleto } } },
  },
});

const deleteRoute = route("webhook.write", NOT_FOUND, [404], {
  method: "delete",
  path: "/webhook/{chave}",
  summary: "Remover o webhook de uma chave",
  request: { params: ChaveParam },
  responses: { 204: { description: "Webhook removido." } },
});

const listRoute = route(
  "webhook.read",
  { type: "WebhookConsultaInvalida", title: "Consulta de webhooks inválida.", status: 400 },
  [400],
  {
    method: "get",
    path: "/webhook",
    summary: "Consultar webhooks configurados",
    request: { query: WebhookListQuery },
    responses: {
      200: {
        description: "Uma página dos webhooks.",
        content: { "application/json": { schema: WebhooksConsultados } },
      },
    },
  },
);

export function registerWebhookRoutes(app: OpenAPIHono<ApiPixEnv>) {
  app.openapi(
    putRoute,
    async (c) => {
      const { chave } = c.req.valid("param");
      const { webhookUrl } = c.req.valid("json");
      await db()
        .$transaction((tx) => putPixWebhook(tx, c.get("apiKey").userId, { chave, webhookUrl }))
        .catch((error: unknown) => {
          throw error instanceof AppError ? (putRefusal(error) ?? error) : error;
        });
      return c.body(null, 200);
    },
    resourceInputHook({ ...INVALID, prefix: "webhook" }),
  );

  app.openapi(getRoute, async (c) => {
    const { chave } = c.req.valid("param");
    const webhook = await getPixWebhook(db(), c.get("apiKey").userId, chave).catch((error: unknown) => {
      throw error instanceof AppError && error.status === 404 ? webhookNotFound() : error;
    });
    return c.json(webhookView(webhook), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { chave } = c.req.valid("param");
    await deletePixWebhook(db(), c.get("apiKey").userId, chave).catch((error: unknown) => {
      throw error instanceof AppError && error.status === 404 ? webhookNotFound() : error;
    });
    return c.body(null, 204);
  });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const page = query["paginacao.paginaAtual"];
    const perPage = query["paginacao.itensPorPagina"];
    const { webhooks, total } = await listPixWebhooks(db(), c.get("apiKey").userId, {
      from: query.inicio ? new Date(query.inicio) : undefined,
      to: query.fim ? new Date(query.fim) : undefined,
      page,
      perPage,
    });
    return c.json(
      {
        parametros: {
          ...(query.inicio ? { inicio: query.inicio } : {}),
          ...(query.fim ? { fim: query.fim } : {}),
          paginacao: paginacao(page, perPage, total),
        },
        webhooks: webhooks.map(webhookView),
      },
      200,
    );
  });
}
