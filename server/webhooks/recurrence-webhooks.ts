/**
 * API Pix recurrence webhooks (PUT/GET/DELETE /webhookrec and /webhookcobr): one URL per merchant
 * and kind. Deliveries — `{ recs: [...] }` to `{url}/rec`, `{ cobsr: [...] }` to `{url}/cobr` —
 * go through the one delivery machinery (recurrence-fanout.ts makes them, deliver.ts sends them,
 * surface `api_pix`). docs/decisions/0042.
 */
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client";
import { inTransaction } from "../db/transaction";
import { notFound } from "../errors";
import type { RecurrenceWebhook } from "../generated/prisma/client";
import { validatePixWebhookUrl } from "./pix-webhooks";
import type { Resolver } from "./ssrf";

export type RecurrenceWebhookKind = "rec" | "cobr";

/** Sets the merchant's webhook of `kind` (replacing its URL). A refused URL is an AppError on `webhookUrl`. */
export async function putRecurrenceWebhook(
  tx: Tx,
  userId: string,
  kind: RecurrenceWebhookKind,
  input: { webhookUrl: string },
  deps: { resolver?: Resolver; now?: Date } = {},
): Promise<RecurrenceWebhook> {
  const webhookUrl = await validatePixWebhookUrl(input.webhookUrl, deps.resolver);
  const now = deps.now ?? new Date();
  return tx.recurrenceWebhook.upsert({
    where: { userId_kind: { userId, kind } },
    create: { id: randomUUID(), userId, kind, webhookUrl, createdAt: now, updatedAt: now },
    update: { webhookUrl, updatedAt: now },
  });
}

/** The merchant's webhook of `kind`; 404 when none is set. */
export async function getRecurrenceWebhook(tx: Tx, userId: string, kind: RecurrenceWebhookKind) {
  const webhook = await tx.recurrenceWebhook.findUnique({ where: { userId_kind: { userId, kind } } });
  if (!webhook) throw notFound("no webhook set", "webhookUrl");
  return webhook;
}

/** Removes the merchant's webhook of `kind`; its pending deliveries are given up. */
export async function deleteRecurrenceWebhook(db: Db | Tx, userId: string, kind: RecurrenceWebhookKind) {
  await inTransaction(db, async (tx) => {
    const webhook = await getRecurrenceWebhook(tx, userId, kind);
    await tx.recurrenceWebhook.delete({ where: { id: webhook.id } });
    await tx.webhookDelivery.updateMany({
      where: { recurrenceWebhookId: webhook.id, status: "pending" },
      data: { status: "failed", lastError: "webhook deleted", lockedUntil: null },
    });
  });
}
