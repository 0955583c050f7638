import { config } from "../config";

/** The address a merchant sends: /l/{linkId} on this service's public host. */
export function paymentLinkUrl(linkId: string, appUrl = config().APP_URL): string {
  return `${appUrl.replace(/\/+$/, "")}/l/${linkId}`;
}
