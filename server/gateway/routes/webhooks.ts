/** Gateway webhook registrations and deliveries (docs/contract.md gateway table): doors to server/webhooks. */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { db } from "../../db/client";
import { Uuid } from "../../fields/ids";
import { fromQuery, Page, PageSize, pageInfo } from "../../fields/paging";
import { jsonBody } from "../../http/openapi-body";
import {
  deleteGatewayWebhook,
  listGatewayDeliveries,
  listGatewayWebhooks,
  registerGatewayWebhook,
  replayDelivery,
} from "../../webhooks/gateway";
import { DeliveryStatus, GatewayWebhookRegistration } from "../../webhooks/schema";
import { gatewayDeliveryView, gatewayWebhookView } from "../../webhooks/views";
import type { GatewayEnv } from "../context";
import { convertKeys, toSnake } from "../key-case";
import { answer, DeliveryAnswer, gatewayErrors, Paged, WebhookAnswer } from "../openapi";
import { permission } from "../pipeline/permission";
import { respond } from "../respond";
import { gatewayRoute } from "../route";
import { snakeObject } from "../snake-schema";

const IdParam = Uuid;

const registerRoute = gatewayRoute({
  method: "post",
  path: "/webhooks",
  tags: ["Gateway webhooks"],
  summary: "Register a webhook (secret generated when omitted, shown once)",
  middleware: [permission("webhooks:manage")] as const,
  request: {
    body: jsonBody(snakeObject(GatewayWebhookRegistration)),
  },
  responses: {
    201: answer("The registration, with its secret (shown once)", WebhookAnswer),
    ...gatewayErrors(400, 409, 413, 415, 422),
  },
});

const listRoute = gatewayRoute({
  method: "get",
  path: "/webhooks",
  tags: ["Gateway webhooks"],
  summary: "Your webhook registrations",
  middleware: [permission("webhooks:manage")] as const,
  responses: { 200: answer("Your registrations", z.object({ data: z.array(WebhookAnswer) })), ...gatewayErrors() },
});

const deliveriesRoute = gatewayRoute({
  method: "get",
  path: "/webhooks/{id}/deliveries",
  tags: ["Gateway webhooks"],
  summary: "Deliveries of a registration, newest first",
  middleware: [permission("webhooks:manage")] as const,
  request: {
    params: z.object({ id: IdParam }),
    query: z.object({
      page: fromQuery(Page).default(1),
      limit: fromQuery(PageSize).default(50),
      status: DeliveryStatus.optional(),
    }),
  },
  responses: { 200: answer("A page of deliveries", Paged(DeliveryAnswer)), ...gatewayErrors(400, 404) },
});

const deleteRoute = gatewayRoute({
  method: "delete",
  path: "/webhooks/{id}",
  tags: ["Gateway webhooks"],
  summary: "Remove a registration",
  middleware: [permission("webhooks:manage")] as const,
  request: { params: z.object({ id: IdParam }) },
  responses: {
    200: answer("Removed", z.object({ id: z.string(), deleted: z.literal(true) })),
    ...gatewayErrors(400, 404),
  },
});

const replayRoute = gatewayRoute({
  method: "post",
  path: "/webhooks/deliveries/{event_id}/replay",
  tags: ["Gateway webhooks"],
  summary: "Send a delivery again, by event id (manual replay; never expires)",
  middleware: [permission("webhooks:manage")] as const,
  request: {
    params: z.object({ event_id: Uuid }),
    body: jsonBody(z.object({}).passthrough()),
  },
  responses: {
    200: answer("The delivery, pending again", DeliveryAnswer),
    ...gatewayErrors(400, 404, 409, 413, 415, 422),
  },
});

export function registerWebhookRoutes(app: OpenAPIHono<GatewayEnv>) {
  app.openapi(registerRoute, async (c) => {
    const body = c.req.valid("json");
    // In a transaction so that an Idempotency-Key's recovery point commits with the registration.
    const { webhook, secret } = await db().$transaction((tx) =>
      registerGatewayWebhook(
        tx,
        c.get("apiKey").userId,
        {
          url: body.url,
          events: body.events,
          ...(body.secret !== undefined ? { secret: body.secret } : {}),
          allowInsecure: body.allow_insecure ?? false,
        },
        { sink: c.get("effects") },
      ),
    );
    return respond(c, gatewayWebhookView(webhook, secret), 201);
  });

  app.openapi(listRoute, async (c) => {
    const webhooks = await listGatewayWebhooks(db(), c.get("apiKey").userId);
    return respond(c, { data: webhooks.map((w) => gatewayWebhookView(w)) });
  });

  app.openapi(deliveriesRoute, async (c) => {
    const { id } = c.req.valid("param");
    const query = c.req.valid("query");
    const { deliveries, total } = await listGatewayDeliveries(db(), c.get("apiKey").userId, id, query);
    return respond(c, {
      data: deliveries.map((d) => gatewayDeliveryView(d)),
      pagination: convertKeys(pageInfo(query, total), toSnake),
    });
  });

  app.openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid("param");
    await deleteGatewayWebhook(db(), c.get("apiKey").userId, id);
    return respond(c, { id, deleted: true });
  });

  app.openapi(replayRoute, async (c) => {
    // In a transaction so that an Idempotency-Key's recovery point commits with the replay.
    const delivery = await db().$transaction((tx) =>
      replayDelivery(tx, c.get("apiKey").userId, c.req.valid("param").event_id, { sink: c.get("effects") }),
    );
    return respond(c, gatewayDeliveryView(delivery));
  });
}
