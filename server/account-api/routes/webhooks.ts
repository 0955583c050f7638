import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { db } from "../../db/client";
import { LookupId } from "../../fields/ids";
import { jsonBody } from "../../http/openapi-body";
import {
  activateWebhookConfig,
  configView,
  createWebhookConfig,
  deactivateWebhookConfig,
  deleteWebhookConfig,
  listWebhookConfigs,
  updateWebhookConfig,
} from "../../webhooks/account-configs";
import { AccountWebhookConfig } from "../../webhooks/schema";
import type { AccountApiEnv } from "../context";
import { envelope } from "../envelope";
import { accountRoutes } from "../route";
import { envelopeResponse } from "../schemas";

const ConfigSchema = z
  .object({
    configId: z.string().uuid(),
    event: z.array(z.string()),
    targetUrl: z.string(),
    authHeader: z.string().nullable(),
    secret: z.string().optional().openapi({
      description: "The signing secret (64 hex characters): in the creation's answer only, never again.",
    }),
    signed: z.boolean().optional().openapi({
      description: "Later reads: whether deliveries are signed (false for configurations made before signing).",
    }),
    active: z.boolean(),
    deactivatedReason: z.string().nullable().openapi({ description: "set when the platform deactivated it" }),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .openapi("WebhookConfig");

const ConfigIdParam = z.object({
  configId: LookupId,
});

const one = (name: string) => ({ 200: envelopeResponse("The configuration", ConfigSchema, name) });
const many = (name: string) => ({
  200: envelopeResponse("The caller's configurations, newest first", z.array(ConfigSchema), name),
});

const route = accountRoutes("Webhooks");

const createDef = route("webhooks:manage", [400, 401, 403, 429, 500], {
  method: "post",
  path: "/webhooks/config",
  summary: "Create a webhook configuration",
  description: [
    "Deliveries: POST JSON `{ webhookId, userId, accountId, event, object }`, the authHeader as Authorization, 3 s timeout, 6 attempts (now, 1 min, 5 min, 15 min, 1 h, 4 h); after 50 consecutive failed deliveries the configuration is deactivated. Targets resolving to private addresses are refused.",
    "**Signature.** The answer carries the configuration's signing `secret`, shown this once: keep it. Every delivery carries `X-Service-Timestamp` (Unix seconds) and `X-Service-Signature: sha256=<hex>`, the lowercase hex HMAC-SHA256 with the secret of `<X-Service-Timestamp>.<raw body>` — the gateway's webhook signature. To verify: recompute it over the body's bytes as received, compare in constant time, and refuse a timestamp more than 5 minutes from your clock. `X-Service-Event-Id` is the delivery's id, the same on every retry (deduplicate on it).",
    "**Pix Automático.** `pix_automatico:recurrence_updated` is sent when a recurrence is created and each time its status changes (approved, rejected, expired, cancelled): `object` is the recurrence as API Pix `GET /rec/{idRec}` answers it (`idRec`, `status`, `atualizacao`, `ativacao.tipoJornada`, …). `pix_automatico:charge_updated` is sent when a recurring charge changes: `object` is the charge as API Pix `GET /cobr/{txid}` answers it. `accountId` is the recurrence's receiving account.",
  ].join("\n\n"),
  request: {
    body: jsonBody(AccountWebhookConfig),
  },
  responses: one("WebhookConfigCreated"),
});

const listMeDef = route("webhooks:manage", [401, 403, 429, 500], {
  method: "get",
  path: "/webhooks/config/me",
  summary: "List your webhook configurations",
  responses: many("WebhookConfigListMe"),
});

const listDef = route("webhooks:manage", [401, 403, 429, 500], {
  method: "get",
  path: "/webhooks/config",
  summary: "List webhook configurations (the caller's, as /me)",
  responses: many("WebhookConfigList"),
});

const updateDef = route("webhooks:manage", [400, 401, 403, 404, 429, 500], {
  method: "put",
  path: "/webhooks/config/{configId}",
  summary: "Update a configuration (the fields given; authHeader null removes it)",
  request: {
    params: ConfigIdParam,
    body: jsonBody(AccountWebhookConfig.partial()),
  },
  responses: one("WebhookConfigUpdated"),
});

const toggleDef = (action: "activate" | "deactivate") =>
  route("webhooks:manage", [401, 403, 404, 429, 500], {
    method: "post",
    path: `/webhooks/config/{configId}/${action}`,
    summary: action === "activate" ? "Reactivate a configuration" : "Disable a configuration temporarily",
    request: { params: ConfigIdParam },
    responses: one(action === "activate" ? "WebhookConfigActivated" : "WebhookConfigDeactivated"),
  });

const deleteDef = route("webhooks:manage", [401, 403, 404, 429, 500], {
  method: "delete",
  path: "/webhooks/config/{configId}",
  summary: "Remove a configuration permanently",
  request: { params: ConfigIdParam },
  responses: { 200: envelopeResponse("Removed", z.object({ message: z.string() }), "WebhookConfigDeleted") },
});

export function registerWebhookRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(createDef, async (c) => {
    const { config, secret } = await createWebhookConfig(db(), c.get("apiKey").userId, c.req.valid("json"));
    return c.json(envelope(c, configView(config, secret), { message: "Webhook configuration created" }), 200);
  });

  for (const def of [listMeDef, listDef]) {
    app.openapi(def, async (c) => {
      const configs = await listWebhookConfigs(db(), c.get("apiKey").userId);
      return c.json(
        envelope(
          c,
          configs.map((config) => configView(config)),
        ),
        200,
      );
    });
  }

  app.openapi(updateDef, async (c) => {
    const { configId } = c.req.valid("param");
    const updated = await updateWebhookConfig(db(), c.get("apiKey").userId, configId, c.req.valid("json"));
    return c.json(envelope(c, configView(updated), { message: "Webhook configuration updated" }), 200);
  });

  app.openapi(toggleDef("deactivate"), async (c) => {
    const changed = await deactivateWebhookConfig(db(), c.get("apiKey").userId, c.req.valid("param").configId);
    return c.json(envelope(c, configView(changed), { message: "Webhook configuration deactivated" }), 200);
  });

  app.openapi(toggleDef("activate"), async (c) => {
    const changed = await activateWebhookConfig(db(), c.get("apiKey").userId, c.req.valid("param").configId);
    return c.json(envelope(c, configView(changed), { message: "Webhook configuration activated" }), 200);
  });

  app.openapi(deleteDef, async (c) => {
    await deleteWebhookConfig(db(), c.get("apiKey").userId, c.req.valid("param").configId);
    return c.json(envelope(c, { message: "Webhook configuration deleted" }), 200);
  });
}
