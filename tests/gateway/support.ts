import { createHmac } from "node:crypto";
import { gatewayApi } from "../../server/gateway/app";
import { canonicalJson } from "../../server/gateway/canonical-json";
import { call } from "../support/fixtures";

export type Merchant = { clientId: string; clientSecret: string };

export const apiKeyAuth = (m: Merchant) => `ApiKey ${m.clientId}:${m.clientSecret}`;

export function sign(secret: string, body: unknown): string {
  return createHmac("sha512", secret).update(canonicalJson(body)).digest("hex");
}

/** A signed gateway POST, as a merchant's system sends it. */
export function post(m: Merchant, path: string, body: unknown, headers: Record<string, string> = {}, ip?: string) {
  return call(gatewayApi(), "POST", `/api/external${path}`, {
    auth: apiKeyAuth(m),
    rawBody: JSON.stringify(body),
    headers: { hmac: sign(m.clientSecret, body), ...headers },
    ...(ip ? { ip } : {}),
  });
}

export function get(m: Merchant, path: string, headers: Record<string, string> = {}) {
  return call(gatewayApi(), "GET", `/api/external${path}`, { auth: apiKeyAuth(m), headers });
}
