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
import { createTRPCRouter, merchantProcedure } from "../init";

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
  list: merchantProcedure.query(async ({ ctx }) => ({
    webhooks: (await listGatewayWebhooks(db(), ctx.user.id)).map((webhook) => gatewayWebhookView(webhook)),
  })),

  /**
   * Registers a webhook. `secret` omitted: one is generated and comes back in this answer, and
   * never again; null: deliveries are unsigned.
   */
  register: merchantProcedure
    .input(
      GatewayWebhookRegistration.extend({
        secret: WebhookSecret.nullable().optional(),
        allowInsecure: z.boolean().default(false),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      requireStepUp(ctx.user);
      const { webhook, secret } = await registerGatewayWebhook(db(), ctx.user.id, {
        url: input.url,
        events: input.events,
        ...(input.secret !== undefined ? { secret: input.secret } : {}),
        allowInsecure: input.allowInsecure,
      });
      return { webhook: gatewayWebhookView(webhook), secret };
    }),

  /** Removes a registration; its pending deliveries are given up. */
  remove: merchantProcedure.input(z.object({ webhookId: id })).mutation(async ({ ctx, input }) => {
    await deleteGatewayWebhook(db(), ctx.user.id, input.webhookId);
    return { webhookId: input.webhookId, deleted: true };
  }),

  /** A page of one registration's deliveries, newest first. */
  deliveries: merchantProcedure
    .input(DeliveryListQuery.extend({ webhookId: id, limit: PageSize.default(10) }))
    .query(async ({ ctx, input }) => {
      const { deliveries, total } = await listGatewayDeliveries(db(), ctx.user.id, input.webhookId, input);
      return {
        deliveries: deliveries.map((delivery) => gatewayDeliveryView(delivery)),
        ...pageInfo(input, total),
      };
    }),

  /** Sends a delivered, failed or expired delivery again (same event id, fresh schedule). */
  replay: merchantProcedure
    .input(z.object({ eventId: id }))
    .mutation(async ({ ctx, input }) => gatewayDeliveryView(await replayDelivery(db(), ctx.user.id, input.eventId))),

  /** Queues a `webhook.test` event to one registration, due now. */
  sendTest: merchantProcedure
    .input(z.object({ webhookId: id }))
    .mutation(async ({ ctx, input }) => gatewayDeliveryView(await sendTestEvent(db(), ctx.user.id, input.webhookId))),
});

const accountRouter = createTRPCRouter({
  /** The user's account-surface configurations, newest first. */
  list: merchantProcedure.query(async ({ ctx }) => ({
    configs: (await listWebhookConfigs(db(), ctx.user.id)).map(configView),
  })),

  create: merchantProcedure.input(AccountWebhookConfig).mutation(async ({ ctx, input }) => {
    requireStepUp(ctx.user);
    const { config, secret } = await createWebhookConfig(db(), ctx.user.id, input);
    return { config: configView(config), secret };
  }),

  /** Changes the fields given; `authHeader: null` removes it, leaving it out keeps it. */
  update: merchantProcedure
    .input(AccountWebhookConfig.partial().extend({ configId: id }))
    .mutation(async ({ ctx, input }) => {
      requireStepUp(ctx.user);
      const { configId, ...changes } = input;
      return configView(await updateWebhookConfig(db(), ctx.user.id, configId, changes));
    }),

  /** Turns it back on; also clears the failure streak and the platform's reason. */
  activate: merchantProcedure
    .input(z.object({ configId: id }))
    .mutation(async ({ ctx, input }) => configView(await activateWebhookConfig(db(), ctx.user.id, input.configId))),

  deactivate: merchantProcedure
    .input(z.object({ configId: id }))
    .mutation(async ({ ctx, input }) => configView(await deactivateWebhookConfig(db(), ctx.user.id, input.configId))),

  /** Removes it; its pending deliveries are given up. */
  remove: merchantProcedure.input(z.object({ configId: id })).mutation(async ({ ctx, input }) => {
    await deleteWebhookConfig(db(), ctx.user.id, input.configId);
    return { configId: input.configId, deleted: true };
  }),

  /** A page of one configuration's deliveries, newest first (the gateway log's shape). */
  deliveries: merchantProcedure
    .input(DeliveryListQuery.extend({ configId: id, limit: PageSize.default(10) }))
    .query(async ({ ctx, input }) => {
      return deliveryLogView(await listConfigDeliveries(db(), ctx.user.id, input.configId, input), input);
    }),

  /** Sends a delivered, failed or expired delivery again. */
  replay: merchantProcedure
    .input(z.object({ eventId: id }))
    .mutation(async ({ ctx, input }) =>
      gatewayDeliveryView(await replayConfigDelivery(db(), ctx.user.id, input.eventId)),
    ),
});

/** A page of a delivery log as the dashboard shows it (the gateway log's shape). */
function deliveryLogView(log: { deliveries: WebhookDelivery[]; total: number }, page: { page: number; limit: number }) {
  return { deliveries: log.deliveries.map((delivery) => gatewayDeliveryView(delivery)), ...pageInfo(page, log.total) };
}

const apiPixRouter = createTRPCRouter({
  /** The webhooks of the user's PIX keys (set through the API Pix), newest first. */
  list: merchantProcedure.query(async ({ ctx }) => ({
    webhooks: (await allPixWebhooks(db(), ctx.user.id)).map(pixWebhookView),
  })),

  /** Removes one; its pending deliveries are given up. */
  remove: merchantProcedure.input(z.object({ webhookId: id })).mutation(async ({ ctx, input }) => {
    await deletePixWebhookById(db(), ctx.user.id, input.webhookId);
    return { webhookId: input.webhookId, deleted: true };
  }),

  /** A page of one webhook's deliveries, newest first (the gateway log's shape). */
  deliveries: merchantProcedure
    .input(DeliveryListQuery.extend({ webhookId: id, limit: PageSize.default(10) }))
    .query(async ({ ctx, input }) => {
      return deliveryLogView(await listPixWebhookDeliveries(db(), ctx.user.id, input.webhookId, input), input);
    }),

  /** Sends a delivered, failed or expired delivery again. */
  replay: merchantProcedure
    .input(z.object({ eventId: id }))
    .mutation(async ({ ctx, input }) =>
      gatewayDeliveryView(await replayPixWebhookDelivery(db(), ctx.user.id, input.eventId)),
    ),
});

export type PixWebhookView = ReturnType<typeof pixWebhookView>;

export const webhooksRouter = createTRPCRouter({
  gateway: gatewayRouter,
  account: accountRouter,
  apiPix: apiPixRouter,
});
