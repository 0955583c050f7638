/**
 * The database handle a gateway route gives its service when the request holds an
 * Idempotency-Key claim: the same client, except that the first transaction whose result
 * `recognise` recognises also writes the claim's recovery point (bindEffect), in that transaction.
 * Services stay unaware of idempotency; their effect and the key's outcome commit together.
 */
import type { Context } from "hono";
import { type Db, db } from "../db/client";
import type { GatewayEnv } from "./context";
import { bindEffect, type Effect } from "./idempotency";

export function effectDb(c: Context<GatewayEnv>, recognise: (result: unknown) => Effect | null): Db {
  const held = c.get("idempotency");
  const base = db();
  if (!held) return base;
  let bound = false;
  const transaction = (work: unknown, options?: unknown) => {
    if (typeof work !== "function") return base.$transaction(work as never, options as never);
    return base.$transaction(async (tx) => {
      const result = await (work as (tx: unknown) => Promise<unknown>)(tx);
      const effect = bound ? null : recognise(result);
      if (effect) {
        await bindEffect(tx, held, effect);
        bound = true;
      }
      return result;
    }, options as never);
  };
  return new Proxy(base, {
    get(target, property) {
      if (property === "$transaction") return transaction;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const has = (value: unknown, ...keys: string[]): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && keys.every((k) => k in value);

/** Recognisers for the results of the gateway's effects. */
export const effects = {
  payout: (r: unknown): Effect | null =>
    has(r, "seq", "id", "endToEndId") ? { kind: "payout", entryId: r.id as string } : null,
  refund: (r: unknown): Effect | null =>
    has(r, "seq", "id", "parentEndToEndId") ? { kind: "refund", entryId: r.id as string } : null,
  charge: (r: unknown): Effect | null => (has(r, "txId", "emv") ? { kind: "charge", txId: r.txId as string } : null),
  webhook: (r: unknown): Effect | null =>
    has(r, "webhook") && has(r.webhook, "id", "url") ? { kind: "webhook", webhookId: r.webhook.id as string } : null,
};
