/**
 * Account-surface webhook configurations (/v4/i/webhooks/config, interface 4.5, docs/contract.md):
 * `{ event: string[], targetUrl, authHeader? }`, the authHeader encrypted at rest. Each has its
 * own signing secret (generated, shown once at creation, encrypted at rest), used as the gateway's.
 */
import { randomUUID } from "node:crypto";
import { decryptSecret, encryptSecret } from "../apikeys/secrets";
import { config } from "../config";
import type { Tx } from "../db/client";
import { invalid, notFound } from "../errors";
import type { WebhookConfig } from "../generated/prisma/client";
import { isAccountEvent, unknownEvents } from "./catalog";
import { hasControlCharacters, isUuid, MAX_WEBHOOKS_PER_USER } from "./gateway";
import { MAX_AUTH_HEADER } from "./schema";
import { newWebhookSecret } from "./signature";
import { type Resolver, validateTargetUrl } from "./ssrf";
import { webhookConfigView } from "./views";

export type ConfigInput = { event: string[]; targetUrl: string; authHeader?: string | null };
export type ConfigUpdate = Partial<ConfigInput>;
type Deps = { resolver?: Resolver; now?: Date };

function validateEvents(events: readonly string[]): string[] {
  const unknown = unknownEvents(events, isAccountEvent);
  if (unknown.length) throw invalid(`event: contains invalid events: ${unknown.join(", ")}`, "event");
  if (events.length === 0) throw invalid("event: must name at least one event", "event", "EVENTS_REQUIRED");
  return [...new Set(events)];
}

function sealAuthHeader(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (value.length > MAX_AUTH_HEADER)
    throw invalid(`authHeader: must be at most ${MAX_AUTH_HEADER} characters`, "authHeader");
  // It becomes a header value: no line breaks or other control characters.
  if (hasControlCharacters(value)) throw invalid("authHeader: must not contain control characters", "authHeader");
  return encryptSecret(value);
}

function validateUrl(targetUrl: string, deps: Deps) {
  return validateTargetUrl(targetUrl, {
    field: "targetUrl",
    insecure: "private-only",
    allowPrivate: config().WEBHOOK_ALLOW_PRIVATE_TARGETS,
    ...(deps.resolver ? { resolver: deps.resolver } : {}),
  });
}

/** The caller's view of a configuration (authHeader decrypted: it is theirs); the secret only at creation. */
export function configView(webhookConfig: WebhookConfig, secret?: string) {
  return webhookConfigView(
    webhookConfig,
    webhookConfig.authHeaderCiphertext ? decryptSecret(webhookConfig.authHeaderCiphertext) : null,
    secret,
  );
}

/** Creates a configuration with its signing secret, returned here and never again. */
export async function createWebhookConfig(
  tx: Tx,
  userId: string,
  input: ConfigInput,
  deps: Deps = {},
): Promise<{ config: WebhookConfig; secret: string }> {
  const events = validateEvents(input.event);
  const authHeaderCiphertext = sealAuthHeader(input.authHeader);
  const targetUrl = await validateUrl(input.targetUrl, deps);
  if ((await tx.webhookConfig.count({ where: { userId } })) >= MAX_WEBHOOKS_PER_USER) {
    throw invalid(
      `targetUrl: at most ${MAX_WEBHOOKS_PER_USER} configurations per merchant`,
      "targetUrl",
      "WEBHOOK_LIMIT",
    );
  }
  const now = deps.now ?? new Date();
  const secret = newWebhookSecret();
  const config = await tx.webhookConfig.create({
    data: {
      id: randomUUID(),
      userId,
      events,
      targetUrl,
      authHeaderCiphertext,
      secretCiphertext: encryptSecret(secret),
      createdAt: now,
      updatedAt: now,
    },
  });
  return { config, secret };
}

export async function listWebhookConfigs(tx: Tx, userId: string): Promise<WebhookConfig[]> {
  return tx.webhookConfig.findMany({ where: { userId }, orderBy: { createdAt: "desc" } });
}

export async function getWebhookConfig(tx: Tx, userId: string, configId: string): Promise<WebhookConfig> {
  const found = isUuid(configId) ? await tx.webhookConfig.findUnique({ where: { id: configId } }) : null;
  if (!found || found.userId !== userId) throw notFound("webhook configuration not found");
  return found;
}

/** Changes the fields given; `authHeader: null` (or "") removes it. */
export async function updateWebhookConfig(
  tx: Tx,
  userId: string,
  configId: string,
  input: ConfigUpdate,
  deps: Deps = {},
) {
  const current = await getWebhookConfig(tx, userId, configId);
  if (input.event === undefined && input.targetUrl === undefined && input.authHeader === undefined) {
    throw invalid("give at least one of event, targetUrl, authHeader");
  }
  return tx.webhookConfig.update({
    where: { id: current.id },
    data: {
      ...(input.event !== undefined ? { events: validateEvents(input.event) } : {}),
      ...(input.targetUrl !== undefined ? { targetUrl: await validateUrl(input.targetUrl, deps) } : {}),
      ...(input.authHeader !== undefined ? { authHeaderCiphertext: sealAuthHeader(input.authHeader) } : {}),
      updatedAt: deps.now ?? new Date(),
    },
  });
}

/** Reactivation also clears the failure streak and the platform's reason, if any. */
export async function activateWebhookConfig(tx: Tx, userId: string, configId: string, now = new Date()) {
  const current = await getWebhookConfig(tx, userId, configId);
  return tx.webhookConfig.update({
    where: { id: current.id },
    data: { active: true, consecutiveFailures: 0, deactivatedReason: null, deactivatedAt: null, updatedAt: now },
  });
}

export async function deactivateWebhookConfig(tx: Tx, userId: string, configId: string, now = new Date()) {
  const current = await getWebhookConfig(tx, userId, configId);
  return tx.webhookConfig.update({
    where: { id: current.id },
    data: { active: false, deactivatedReason: null, deactivatedAt: now, updatedAt: now },
  });
}

/** Removes the configuration; its pending deliveries are given up. */
export async function deleteWebhookConfig(tx: Tx, userId: string, configId: string): Promise<void> {
  const current = await getWebhookConfig(tx, userId, configId);
  await tx.webhookConfig.delete({ where: { id: current.id } });
  await tx.webhookDelivery.updateMany({
    where: { configId: current.id, status: "pending" },
    data: { status: "failed", lastError: "configuration deleted", lockedUntil: null },
  });
}
