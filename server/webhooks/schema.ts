/** Field rules of webhooks (gateway registrations, account-surface configurations), for every door. */
import { z } from "zod";
import { Page, PageSize } from "../fields/paging";
import { text } from "../fields/text";
import { ACCOUNT_EVENTS, GATEWAY_EVENTS } from "./catalog";

export const DELIVERY_STATUSES = ["pending", "delivered", "failed", "expired"] as const;
export const DeliveryStatus = z.enum(DELIVERY_STATUSES);

export const MAX_EVENTS = 32;

/** Subscribed event names; the services say which ones are not in the catalogue. */
const eventNames = (known: readonly string[], example: string[]) =>
  z
    .array(text({ min: 1, max: 64, trim: true }))
    .min(1)
    .max(MAX_EVENTS)
    .describe(`1 to ${MAX_EVENTS} event names out of: ${known.join(", ")}.`)
    .meta({ example });

export const GatewayEventNames = eventNames(GATEWAY_EVENTS, ["pix.charge.paid", "pix.payout.confirmed"]);
export const AccountEventNames = eventNames([...ACCOUNT_EVENTS, "*"], ["pix_in:qrcode_paid", "pix_in:credited"]);

export const MAX_URL = 2048;
export const WebhookUrl = text({ min: 1, max: MAX_URL, trim: true })
  .describe(`https URL, at most ${MAX_URL} characters; targets resolving to private addresses are refused.`)
  .meta({ example: "https://erp.example.invalid/pix/webhooks" });

export const MAX_AUTH_HEADER = 1024;
/** Sent back as the Authorization header of each account-surface delivery. */
export const AuthHeader = text({ max: MAX_AUTH_HEADER })
  .describe(`Sent back as the Authorization header of each delivery; at most ${MAX_AUTH_HEADER} characters.`)
  .meta({ example: "Bearer erp-webhook-token" });

export const MIN_SECRET = 16;
export const MAX_SECRET = 256;
/** HMAC secret of a gateway registration: omitted, one is generated; null, deliveries are unsigned. */
export const WebhookSecret = text({ max: MAX_SECRET })
  .describe(
    `${MIN_SECRET}-${MAX_SECRET} characters without control characters; generated (and shown once) when omitted.`,
  )
  .meta({ example: "whsec-0123456789abcdef" });

export const GatewayWebhookRegistration = z.object({
  url: WebhookUrl,
  events: GatewayEventNames,
  secret: WebhookSecret.optional(),
  allowInsecure: z.boolean().optional().describe("Allow an http:// URL (for tests only)."),
});

export const AccountWebhookConfig = z.object({
  event: AccountEventNames,
  targetUrl: WebhookUrl,
  authHeader: AuthHeader.nullable().optional(),
});

export const DeliveryListQuery = z.object({
  status: DeliveryStatus.optional(),
  page: Page.default(1),
  limit: PageSize.default(50),
});
