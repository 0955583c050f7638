/**
 * Requests to the REST surfaces as the merchant's own system sends them: gateway POSTs signed,
 * API Pix calls with the merchant's bearer token (`withBearer`).
 */
import { createHmac } from "node:crypto";
import { accountApi } from "../../../server/account-api/app";
import { resetConfigForTests } from "../../../server/config";
import { gatewayApi } from "../../../server/gateway/app";
import { canonicalJson } from "../../../server/gateway/canonical-json";
import { apiPixDoor, requestToken } from "../../api-pix/support";
import type { fundedMerchant } from "../../support/fixtures";
import { call } from "../../support/fixtures";

export type Surface = "account" | "gateway" | "api-pix";
export type Merchant = Awaited<ReturnType<typeof fundedMerchant>> & { bearer?: string };

/** The merchant with an API Pix bearer token carrying every API Pix scope of its key. */
export async function withBearer<M extends { clientId: string; clientSecret: string }>(
  m: M,
): Promise<M & { bearer: string }> {
  const token = await requestToken(m.clientId, m.clientSecret);
  if (token.status !== 200) throw new Error(`API Pix token: ${token.status} ${token.text}`);
  return { ...m, bearer: `Bearer ${token.json.access_token as string}` };
}
export type Sent = { url: string; body: string | undefined; status: number; json: unknown; text: string };

/**
 * Settings for a file that sends requests by the hundred: no rate limits and no DICT quota in the
 * way, and payouts that settle only after the file (other files' relays must not move its balances).
 */
export function allowManyRequests(): void {
  Object.assign(process.env, {
    RATE_LIMITS_ENABLED: "false",
    GATEWAY_RATE_PER_MINUTE: "1000000",
    DICT_QUOTA_PER_MINUTE: "1000000",
    SANDBOX_SETTLEMENT_DELAY_MS: "3600000",
  });
  resetConfigForTests();
}

function signature(secret: string, text: string): string {
  let signed = text;
  try {
    signed = canonicalJson(JSON.parse(text));
  } catch {
    // not JSON, or too deep for the test's own canonicaliser: the deep bodies sent are canonical already
  }
  return createHmac("sha512", secret).update(signed).digest("hex");
}

export async function send(
  surface: Surface,
  as: Merchant,
  method: string,
  path: string,
  query: Record<string, unknown>,
  text: string | undefined,
): Promise<Sent> {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined) search.set(k, typeof v === "string" ? v : JSON.stringify(v));
  }
  const url = search.size ? `${path}?${search}` : path;
  const rawBody = text !== undefined ? { rawBody: text } : {};
  if (surface === "api-pix" && !as.bearer) throw new Error("API Pix requests need withBearer(merchant)");
  const res =
    surface === "account"
      ? await call(accountApi(), method, url, { auth: as.auth, ...rawBody })
      : surface === "api-pix"
        ? await call(apiPixDoor, method, url, { auth: as.bearer, ...rawBody })
        : await call(gatewayApi(), method, url, {
            auth: `ApiKey ${as.clientId}:${as.clientSecret}`,
            ...rawBody,
            headers: method === "POST" ? { hmac: signature(as.clientSecret, text ?? "") } : {},
          });
  return { url, body: text, status: res.status, json: res.json, text: res.text };
}
