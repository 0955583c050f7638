/** Helpers of the API Pix tests: a merchant with a bearer token, and calls through the surface's one entry. */
import { apiPixFetch } from "../../server/api-pix/surface";
import { basic, call, LOCAL_IP, newMerchant } from "../support/fixtures";

export const apiPixDoor = {
  request: (path: string, init: RequestInit) => apiPixFetch(new Request(`http://localhost${path}`, init)),
};

export async function requestToken(
  clientId: string,
  clientSecret: string,
  form = "grant_type=client_credentials",
  ip = LOCAL_IP,
) {
  return call(apiPixDoor, "POST", "/api/pix/oauth/token", {
    auth: basic(clientId, clientSecret),
    rawBody: form,
    ip,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

/** A fresh merchant and a bearer token with every API Pix scope of its key (or those asked for). */
export async function apiPixMerchant(scope?: string) {
  const merchant = await newMerchant();
  const token = await requestToken(
    merchant.clientId,
    merchant.clientSecret,
    `grant_type=client_credentials${scope ? `&scope=${encodeURIComponent(scope)}` : ""}`,
  );
  if (token.status !== 200) throw new Error(`token: ${token.status} ${token.text}`);
  return { ...merchant, bearer: `Bearer ${token.json.access_token as string}` };
}

/** A call to /api/pix/v2 with the merchant's bearer token. */
export function pixCall(
  bearer: string,
  method: string,
  path: string,
  options: Omit<NonNullable<Parameters<typeof call>[3]>, "auth"> = {},
) {
  return call(apiPixDoor, method, `/api/pix/v2${path}`, { ...options, auth: bearer });
}
