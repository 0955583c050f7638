/**
 * API Pix webhooks (PUT/GET/DELETE /api/pix/v2/webhook/{chave}): one URL per PIX key registered on
 * one of the merchant's own accounts. Deliveries (`{ pix: [...] }` to `{webhookUrl}/pix`) go through
 * the one delivery machinery: fanout.ts makes them, deliver.ts sends them (surface `api_pix`).
 */
import { randomUUID } from "node:crypto";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { inTransaction } from "../db/transaction";
import { AppError, invalid, notFound } from "../errors";
import type { DeliveryStatus, PixWebhook, WebhookDelivery } from "../generated/prisma/client";
import { parsePixKey } from "../pix/keys";
import { deliveryLogPage } from "./config-deliveries";
import { getDelivery, isUuid, replayDelivery } from "./gateway";
import { type Resolver, validateTargetUrl } from "./ssrf";

type Deps = { resolver?: Resolver; now?: Date };

/** A webhook with its account's holder document (the API Pix shows the receiver's CNPJ). */
export type PixWebhookWithHolder = PixWebhook & { account: { document: string } };
const WITH_HOLDER = { account: { select: { document: true } } } as const;

/** The key as registered (e-mails and EVPs lower case, phones normalised); null when it is no PIX key. */
function normalisedKey(chave: string): string | null {
  try {
    return parsePixKey(chave).key;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * Where the deliveries of an API Pix webhook go: its URL with `/pix` appended to the path (query
 * kept) — `/rec` and `/cobr` for the recurrence webhooks (webhookrec, webhookcobr).
 */
export function pixCallbackUrl(webhookUrl: string, path: "pix" | "rec" | "cobr" = "pix"): string {
  const url = new URL(webhookUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/${path}`;
  return url.toString();
}

/** An API Pix webhook URL as the SSRF guard accepts it (https, public; http only to private hosts when allowed). */
export function validatePixWebhookUrl(webhookUrl: string, resolver?: Resolver): Promise<string> {
  return validateTargetUrl(webhookUrl, {
    field: "webhookUrl",
    insecure: "private-only",
    allowPrivate: config().WEBHOOK_ALLOW_PRIVATE_TARGETS,
    ...(resolver ? { resolver } : {}),
  });
}

/**
 * Sets the webhook of a key of the user's (replacing its URL if it had one). Refusals name
 * `chave` (not a key; not the user's) or `webhookUrl` (the SSRF guard's rules: https, public).
 */
export async function putPixWebhook(
  tx: Tx,
  userId: string,
  input: { chave: string; webhookUrl: string },
  deps: Deps = {},
): Promise<PixWebhookWithHolder> {
  const key = normalisedKey(input.chave);
  if (!key) throw invalid("chave is not a valid PIX key", "chave", "PIX_KEY_INVALID");
  const registered = await tx.pixKey.findUnique({ where: { key }, include: { account: true } });
  if (!registered || registered.account.userId !== userId) {
    throw invalid("chave is not a key of any of your accounts", "chave", "PIX_KEY_NOT_OF_ACCOUNT");
  }
  const webhookUrl = await validatePixWebhookUrl(input.webhookUrl, deps.resolver);
  const now = deps.now ?? new Date();
  // A key that changed owners leaves its former owner's webhook behind: it is replaced.
  const existing = await tx.pixWebhook.findUnique({ where: { chave: key } });
  if (existing && existing.userId !== userId) await removeWebhook(tx, existing, "the key's webhook was replaced");
  // One statement (INSERT ... ON CONFLICT: no nested read, or Prisma would not use it), so two PUTs
  // of the same key at once both succeed.
  const webhook = await tx.pixWebhook.upsert({
    where: { chave: key },
    create: {
      id: randomUUID(),
      userId,
      accountId: registered.accountId,
      chave: key,
      webhookUrl,
      createdAt: now,
      updatedAt: now,
    },
    update: { webhookUrl, accountId: registered.accountId, updatedAt: now },
  });
  return { ...webhook, account: { document: registered.account.document } };
}

/** The user's webhook of a key; 404 when there is none (or it is someone else's). */
export async function getPixWebhook(tx: Tx, userId: string, chave: string): Promise<PixWebhookWithHolder> {
  const key = normalisedKey(chave);
  const webhook = key ? await tx.pixWebhook.findUnique({ where: { chave: key }, include: WITH_HOLDER }) : null;
  if (!webhook || webhook.userId !== userId) throw notFound("no webhook for this key", "chave");
  return webhook;
}

async function removeWebhook(tx: Tx, webhook: PixWebhook, reason: string) {
  await tx.pixWebhook.delete({ where: { id: webhook.id } });
  await tx.webhookDelivery.updateMany({
    where: { pixWebhookId: webhook.id, status: "pending" },
    data: { status: "failed", lastError: reason, lockedUntil: null },
  });
}

/** Removes the webhook of a key; its pending deliveries are given up. */
export async function deletePixWebhook(db: Db, userId: string, chave: string): Promise<void> {
  await inTransaction(db, async (tx) => removeWebhook(tx, await getPixWebhook(tx, userId, chave), "webhook deleted"));
}

/** A page of the user's webhooks created in the period (if given), oldest first. */
export async function listPixWebhooks(
  tx: Tx,
  userId: string,
  filters: { from?: Date | undefined; to?: Date | undefined; page: number; perPage: number },
): Promise<{ webhooks: PixWebhookWithHolder[]; total: number }> {
  const where = {
    userId,
    ...(filters.from || filters.to
      ? { createdAt: { ...(filters.from ? { gte: filters.from } : {}), ...(filters.to ? { lte: filters.to } : {}) } }
      : {}),
  };
  const [webhooks, total] = await Promise.all([
    tx.pixWebhook.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      skip: filters.page * filters.perPage,
      take: filters.perPage,
      include: WITH_HOLDER,
    }),
    tx.pixWebhook.count({ where }),
  ]);
  return { webhooks, total };
}

/** Every webhook of the user's keys, newest first (the dashboard lists them). */
export async function allPixWebhooks(tx: Tx, userId: string): Promise<PixWebhook[]> {
  return tx.pixWebhook.findMany({ where: { userId }, orderBy: { createdAt: "desc" } });
}

async function ownWebhookById(tx: Tx, userId: string, webhookId: string): Promise<PixWebhook> {
  const webhook = isUuid(webhookId) ? await tx.pixWebhook.findUnique({ where: { id: webhookId } }) : null;
  if (!webhook || webhook.userId !== userId) throw notFound("webhook not found", "webhookId");
  return webhook;
}

/** Removes one of the user's webhooks by id (the dashboard's delete); its pending deliveries are given up. */
export async function deletePixWebhookById(db: Db, userId: string, webhookId: string): Promise<void> {
  await inTransaction(db, async (tx) =>
    removeWebhook(tx, await ownWebhookById(tx, userId, webhookId), "webhook deleted"),
  );
}

/** The delivery log of one of the user's webhooks, newest first: the other surfaces' log and shape. */
export async function listPixWebhookDeliveries(
  tx: Tx,
  userId: string,
  webhookId: string,
  filters: { page?: number; limit?: number; status?: DeliveryStatus } = {},
): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
  const webhook = await ownWebhookById(tx, userId, webhookId);
  return deliveryLogPage(tx, { pixWebhookId: webhook.id }, filters);
}

/** Sends a finished delivery of one of the user's webhooks again (404 once the webhook is gone). */
export async function replayPixWebhookDelivery(tx: Tx, userId: string, eventId: string, now = new Date()) {
  const delivery = await getDelivery(tx, userId, eventId);
  if (!delivery.pixWebhookId) throw notFound("delivery not found", "event_id");
  await ownWebhookById(tx, userId, delivery.pixWebhookId);
  return replayDelivery(tx, userId, eventId, { now });
}
