/**
 * PUT/GET/DELETE /webhookrec and /webhookcobr: the merchant's URL for the notifications of its
 * recurrences (`{ recs }` to `{url}/rec`) and of its recurring charges (`{ cobsr }` to
 * `{url}/cobr`). The rules are server/webhooks/recurrence-webhooks.ts.
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Scope } from "../../apikeys/scopes";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import {
  deleteRecurrenceWebhook,
  getRecurrenceWebhook,
  putRecurrenceWebhook,
  type RecurrenceWebhookKind,
} from "../../webhooks/recurrence-webhooks";
import { MAX_URL } from "../../webhooks/schema";
import type { ApiPixEnv } from "../context";
import { resourceInputHook } from "../invalid-input";
import { notFoundAs, PixProblem } from "../problem";
import { jsonBody as body, jsonResponse as json, pixRoutes } from "../route";

type Kind = {
  kind: RecurrenceWebhookKind;
  /** the specification's tag, path and problem family: WebhookRec, WebhookCobR */
  tag: "WebhookRec" | "WebhookCobR";
  path: "/webhookrec" | "/webhookcobr";
  write: Scope;
  read: Scope;
  what: string;
};

const KINDS: Kind[] = [
  {
    kind: "rec",
    tag: "WebhookRec",
    path: "/webhookrec",
    write: "webhookrec.write",
    read: "webhookrec.read",
    what: "recurrences (to {url}/rec)",
  },
  {
    kind: "cobr",
    tag: "WebhookCobR",
    path: "/webhookcobr",
    write: "webhookcobr.write",
    read: "webhookcobr.read",
    what: "recurring charges (to {url}/cobr)",
  },
];

const NOT_FOUND = { type: "NaoEncontrado", title: "Webhook não encontrado.", status: 404 } as const;
const notFound = () => new PixProblem({ ...NOT_FOUND, detail: "Não há webhook configurado." });

function registerKind(app: OpenAPIHono<ApiPixEnv>, k: Kind) {
  const route = pixRoutes(k.tag);
  const invalid = { type: `${k.tag}OperacaoInvalida`, title: "Webhook inválido.", status: 400 } as const;
  const Solicitado = z
    .object({
      webhookUrl: z
        .url("deve ser uma URL absoluta")
        .max(MAX_URL, `deve ter no máximo ${MAX_URL} caracteres`)
        .openapi({ description: `The URL notified of the merchant's ${k.what}; https.` }),
    })
    .openapi(`${k.tag}Solicitado`);
  const Completo = z
    .object({
      webhookUrl: z.url().openapi({ description: "The URL set." }),
      criacao: z.string().datetime().openapi({ description: "When it was set." }),
    })
    .openapi(`${k.tag}Completo`);

  const put = route(k.write, invalid, [400], {
    method: "put",
    path: k.path,
    summary: `Set the webhook of the merchant's ${k.what}`,
    request: { body: body(Solicitado) },
    responses: { 200: { description: "Webhook set." } },
  });
  const get = route(k.read, { ...invalid, type: `${k.tag}ConsultaInvalida` }, [404], {
    method: "get",
    path: k.path,
    summary: `The webhook of the merchant's ${k.what}`,
    responses: { 200: json("The webhook.", Completo) },
  });
  const remove = route(k.write, invalid, [404], {
    method: "delete",
    path: k.path,
    summary: `Remove the webhook of the merchant's ${k.what}`,
    responses: { 204: { description: "Webhook removed." } },
  });

  app.openapi(
    put,
    async (c) => {
      const { webhookUrl } = c.req.valid("json");
      await db()
        .$transaction((tx) => putRecurrenceWebhook(tx, c.get("apiKey").userId, k.kind, { webhookUrl }))
        .catch((error: unknown) => {
          if (error instanceof AppError && error.field === "webhookUrl") {
            const razao = error.message.replace(/^webhookUrl: /, "");
            throw new PixProblem({
              ...invalid,
              detail: "A URL do webhook não é aceita.",
              violacoes: [{ razao, propriedade: "webhook.webhookUrl" }],
            });
          }
          throw error;
        });
      return c.body(null, 200);
    },
    resourceInputHook({ ...invalid, prefix: "webhook" }),
  );

  app.openapi(get, async (c) => {
    const webhook = await notFoundAs(notFound, () => getRecurrenceWebhook(db(), c.get("apiKey").userId, k.kind));
    return c.json({ webhookUrl: webhook.webhookUrl, criacao: webhook.createdAt.toISOString() }, 200);
  });

  app.openapi(remove, async (c) => {
    await notFoundAs(notFound, () => deleteRecurrenceWebhook(db(), c.get("apiKey").userId, k.kind));
    return c.body(null, 204);
  });
}

export function registerWebhookRecRoutes(app: OpenAPIHono<ApiPixEnv>) {
  for (const kind of KINDS) registerKind(app, kind);
}
