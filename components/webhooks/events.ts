"use client";

import { useTranslations } from "next-intl";
import {
  ACCOUNT_EVENTS,
  ACCOUNT_WILDCARD,
  type AccountEventName,
  GATEWAY_EVENTS,
  type GatewayEventType,
} from "@/server/webhooks/catalog";
import { WebhookUrl } from "@/server/webhooks/schema";

/** Each catalogue name's message: a new event in the backend's catalogue fails the type check until it has one. */
const GATEWAY_EVENT_MESSAGES = {
  "pix.charge.created": "chargeCreated",
  "pix.charge.paid": "chargePaid",
  "pix.charge.expired": "chargeExpired",
  "pix.charge.cancelled": "chargeCancelled",
  "pix.payout.queued": "payoutQueued",
  "pix.payout.processing": "payoutProcessing",
  "pix.payout.confirmed": "payoutConfirmed",
  "pix.payout.failed": "payoutFailed",
  "pix.payout.returned": "payoutReturned",
  "pix.refund.requested": "refundRequested",
  "pix.refund.completed": "refundCompleted",
  "pix.return.received": "returnReceived",
  "pix.infraction.created": "infractionCreated",
  "pix.infraction.resolved": "infractionResolved",
  "pix.infraction.defense_submitted": "infractionDefenseSubmitted",
  "webhook.test": "webhookTest",
} as const satisfies Record<GatewayEventType, string>;

const ACCOUNT_EVENT_MESSAGES = {
  "pix_in:qrcode_paid": "qrcodePaid",
  "pix_in:credited": "credited",
  "pix_in:refunded_processing": "inRefunded",
  "pix_out:processing": "outProcessing",
  "pix_out:refunded_processing": "outRefunded",
  "med:received": "medReceived",
  "pix_automatico:recurrence_updated": "recurrenceUpdated",
  "pix_automatico:charge_updated": "recurringChargeUpdated",
} as const satisfies Record<AccountEventName, string>;

export { ACCOUNT_WILDCARD };

/** What a registration can subscribe to: the gateway catalogue but `webhook.test`, sent only on request. */
export const SUBSCRIBABLE_GATEWAY_EVENTS = GATEWAY_EVENTS.filter((name) => name !== "webhook.test");
export const SUBSCRIBABLE_ACCOUNT_EVENTS: readonly AccountEventName[] = ACCOUNT_EVENTS;

const isGatewayEvent = (name: string): name is GatewayEventType => Object.hasOwn(GATEWAY_EVENT_MESSAGES, name);
const isAccountEvent = (name: string): name is AccountEventName => Object.hasOwn(ACCOUNT_EVENT_MESSAGES, name);

/** A gateway event name in words ("pix.charge.paid" → "Charge paid"); an unknown one as it came. */
export function useGatewayEventLabel(): (name: string) => string {
  const t = useTranslations("webhooks.gatewayEvents");
  return (name) => (isGatewayEvent(name) ? t(GATEWAY_EVENT_MESSAGES[name]) : name);
}

/** An account-surface event name in words; `*` is "all events". */
export function useAccountEventLabel(): (name: string) => string {
  const t = useTranslations("webhooks");
  return (name) =>
    name === ACCOUNT_WILDCARD
      ? t("account.allEvents")
      : isAccountEvent(name)
        ? t(`accountEvents.${ACCOUNT_EVENT_MESSAGES[name]}`)
        : name;
}

/** An http(s) URL as the browser reads it, or null (the server checks the rest: TLS, private addresses). */
export function parseTargetUrl(value: string): URL | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/** A target URL as the form checks it: the doors' field, and a web address at all. */
export const TargetUrl = WebhookUrl.refine((value) => parseTargetUrl(value) !== null);
