/** The hosted payment page's address (docs/decisions/0037-payment-pages.md). */
import { config } from "../config";

/** 32 lowercase hex digits: a random UUID's, as the column's default draws it. */
export const PUBLIC_ID_PATTERN = /^[0-9a-f]{32}$/;

export const PAYMENT_PAGE_PATH = "/c";

export function paymentPageUrl(publicId: string, appUrl = config().APP_URL): string {
  return `${appUrl.replace(/\/+$/, "")}${PAYMENT_PAGE_PATH}/${publicId}`;
}
