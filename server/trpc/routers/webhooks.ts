/**
 * Webhooks for the dashboard: the gateway surface's registrations and their delivery log (replay,
 * test event), the account surface's configurations, and the API Pix webhooks of PIX keys. Each procedure is the session's user,
 * one service call and the wire shape of server/webhooks/views.ts — without secrets: a gateway
 * secret comes back once, on registration; an authHeader never (only whether there is one).
 */
import { z } from "zod";
import { requireStepUp } from "../../auth/step-up";
import { db } from "../../db/client";
import { Uuid } from "../../fields/ids";
import { PageSize, pageInfo } from "../../fields/paging";
import type { WebhookConfig, WebhookDelivery } from "../../generated/prisma/client";
import {
  activateWebhookConfig,
  createWebhookConfig,
  deactivateWebhookConfig,
  deleteWebhookConfig,
  listWebhookConfigs,
  updateWebhookConfig,
} from "../../webhooks/account-configs";
import { listConfigDeliveries, replayConfigDelivery } from "../../webhooks/config-deliveries";
import {
  deleteGatewayWebhook,
  listGatewayDeliveries,
  listGatewayWebhooks,
  registerGatewayWebhook,
  replayDelivery,
  sendTestEvent,
} from "../../webhooks/gateway";
import {
  allPixWebhooks,
  deletePixWebhookById,
  listPixWebhookDeliveries,
  replayPixWebhookDelivery,
} from "../../webhooks/pix-webhooks";
import {
  AccountWebhookConfig,
  DeliveryListQuery,
  GatewayWebhookRegistration,
  WebhookSecret,
} from "../../webhooks/schema";
import { gatewayDeliveryView, gatewayWebhookView, pixWebhookView, webhookConfigView } from "../../webhooks/views";
import { webhookChanged } from "../audits";
import { can, createTRPCRouter } from "../init";

const id = Uuid;
/** A configuration as the dashboard shows it: whether it has an authHeader, never its value. */
function configView(config: WebhookConfig) {
  const { authHeader: _hidden, ...view } = webhookConfigView(config, null);
  return { ...view, hasAuthHeader: config.authHeaderCiphertext !== null };
}

export type GatewayWebhookView = ReturnType<typeof gatewayWebhookView>;
export type GatewayDeliveryView = ReturnType<typeof gatewayDeliveryView>;
export type WebhookConfigView = ReturnType<typeof configView>;

const gatewayRouter = createTRPCRouter({
  /** The user's registrations, newest first (`signed` says whether deliveries carry a signature). */
  list: can("webhooks.manage").query(async ({ ctx }) => ({
    webhooks: (await listGatewayWebhooks(db(), ctx.tenantId)).map((webhook) => gatewayWebhookView(webhook)),
  })),

  /**
   * Registers a webhook. `secret` omitted: one is generated and comes back in this answer, and
   * never again; null: deliveries are unsigned.
   */
  register: can("webhooks.manage", webhookChanged("register"))
    .input(
      GatewayWebhookRegistration.extend({
        secret: WebhookSecret.nullable().optional(),
        allowInsecure: z.boolean().default(false),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      requireStepUp(ctx.user);
      const { webhook, secret } = await registerGatewayWebhook(db(), ctx.tenantId, {
        url: input.url,
        events: input.events,
        ...(input.secret !== undefined ? { secret: input.secret } : {}),
        allowInsecure: input.allowInsecure,
      });
      return { webhook: gatewayWebhookView(webhook), secret };
    }),

  /** Removes a registration; its pending deliveries are given up. */
  remove: can("webhooks.manage", webhookChanged("remove"))
    .input(z.object({ webhookId: id }))
    .mutation(async ({ ctx, input }) => {
      await deleteGatewayWebhook(db(), ctx.tenantId, input.webhookId);
      return { webhookId: input.webhookId, deleted: true };
    }),

  /** A page of one registration's deliveries, newest first. */
  deliveries: can("webhooks.manage")
    .input(DeliveryListQuery.extend({ webhookId: id, limit: PageSize.default(10) }))
    .query(async ({ ctx, input }) => {
      const { deliveries, total } = await listGatewayDeliveries(db(), ctx.tenantId, input.webhookId, input);
      return {
        deliveries: deliveries.map((delivery) => gatewayDeliveryView(delivery)),
        ...pageInfo(input, total),
      };
    }),

  /** Sends a delivered, failed or expired delivery again (same event id, fresh schedule). */
  replay: can("webhooks.manage")
    .input(z.object({ eventId: id }))
    .mutation(async ({ ctx, input }) => gatewayDeliveryView(await replayDelivery(db(), ctx.tenantId, input.eventId))),

  /** Queues a `webhook.test` event to one registration, due now. */
  sendTest: can("webhooks.manage")
    .input(z.object({ webhookId: id }))
    .mutation(async ({ ctx, input }) => gatewayDeliveryView(await sendTestEvent(db(), ctx.tenantId, input.webhookId))),
});

const accountRouter = createTRPCRouter({
  /** The user's account-surface configurations, newest first. */
  list: can("webhooks.manage").query(async ({ ctx }) => ({
    configs: (await listWebhookConfigs(db(), ctx.tenantId)).map(configView),
  })),

  create: can("webhooks.manage", webhookChanged("create", "configId"))
    .input(AccountWebhookConfig)
    .mutation(async ({ ctx, input }) => {
      requireStepUp(ctx.user);
      const { config, secret } = await createWebhookConfig(db(), ctx.tenantId, input);
      return { config: configView(config), secret };
    }),

  /** Changes the fields given; `authHeader: null` removes it, leaving it out keeps it. */
  update: can("webhooks.manage", webhookChanged("update", "configId"))
    .input(AccountWebhookConfig.partial().extend({ configId: id }))
    .mutation(async ({ ctx, input }) => {
      requireStepUp(ctx.user);
      const { configId, ...changes } = input;
      return configView(await updateWebhookConfig(db(), ctx.tenantId, configId, changes));
    }),

  /** Turns it back on; also clears the failure streak and the platform's reason. */
  activate: can("webhooks.manage", webhookChanged("activate", "configId"))
    .input(z.object({ configId: id }))
    .mutation(async ({ ctx, input }) => configView(await activateWebhookConfig(db(), ctx.tenantId, input.configId))),

  deactivate: can("webhooks.manage", webhookChanged("deactivate", "configId"))
    .input(z.object({ configId: id }))
    .mutation(async ({ ctx, input }) => configView(await deactivateWebhookConfig(db(), ctx.tenantId, input.configId))),

  /** Removes it; its pending deliveries are given up. */
  remove: can("webhooks.manage", webhookChanged("remove", "configId"))
    .input(z.object({ configId: id }))
    .mutation(async ({ ctx, input }) => {
      await deleteWebhookConfig(db(), ctx.tenantId, input.configId);
      return { configId: input.configId, deleted: true };
    }),

  /** A page of one configuration's deliveries, newest first (the gateway log's shape). */
  deliveries: can("webhooks.manage")
    .input(DeliveryListQuery.extend({ configId: id, limit: PageSize.default(10) }))
    .query(async ({ ctx, input }) => {
      return deliveryLogView(await listConfigDeliveries(db(), ctx.tenantId, input.configId, input), input);
    }),

  /** Sends a delivered, failed or expired delivery again. */
  replay: can("webhooks.manage")
    .input(z.object({ eventId: id }))
    .mutation(async ({ ctx, input }) =>
      gatewayDeliveryView(await replayConfigDelivery(db(), ctx.tenantId, input.eventId)),
    ),
});

/** A page of a delivery log as the dashboard shows it (the gateway log's shape). */
function deliveryLogView(log: { deliveries: WebhookDelivery[]; total: number }, page: { page: number; limit: number }) {
  return { deliveries: log.deliveries.map((delivery) => gatewayDeliveryView(delivery)), ...pageInfo(page, log.total) };
}

const apiPixRouter = createTRPCRouter({
  /** The webhooks of the user's PIX keys (set through the API Pix), newest first. */
  list: can("webhooks.manage").query(async ({ ctx }) => ({
    webhooks: (await allPixWebhooks(db(), ctx.tenantId)).map(pixWebhookView),
  })),

  /** Removes one; its pending deliveries are given up. */
  remove: can("webhooks.manage", webhookChanged("remove"))
    .input(z.object({ webhookId: id }))
    .mutation(async ({ ctx, input }) => {
      await deletePixWebhookById(db(), ctx.tenantId, input.webhookId);
      return { webhookId: input.webhookId, deleted: true };
    }),

  /** A page of one webhook's deliveries, newest first (the gateway log's shape). */
  deliveries: can("webhooks.manage")
    .input(DeliveryListQuery.extend({ webhookId: id, limit: PageSize.default(10) }))
    .query(async ({ ctx, input }) => {
      return deliveryLogView(await listPixWebhookDeliveries(db(), ctx.tenantId, input.webhookId, input), input);
    }),

  /** Sends a delivered, failed or expired delivery again. */
  replay: can("webhooks.manage")
    .input(z.object({ eventId: id }))
    .mutation(async ({ ctx, input }) =>
      gatewayDeliveryView(await replayPixWebhookDelivery(db(), ctx.tenantId, input.eventId)),
    ),
});

export type PixWebhookView = ReturnType<typeof pixWebhookView>;

export const webhooksRouter = createTRPCRouter({
  gateway: gatewayRouter,
  account: accountRouter,
  apiPix: apiPixRouter,
});
