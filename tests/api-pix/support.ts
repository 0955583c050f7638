/** Helpers of the API Pix tests: a merchant with a bearer token, and calls through the surface's one entry. */
import { randomUUID } from "node:crypto";
import { apiPixFetch } from "../../server/api-pix/surface";
import { payChargeFromOutside } from "../../server/charges/payment";
import { createCharge } from "../../server/charges/service";
import { db } from "../../server/db/client";
import { creditIncomingPixToKey } from "../../server/transfers/incoming";
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

/** A fresh EVP key registered on the account (the current one, so new charges carry it). */
export async function registerEvpKey(accountId: string) {
  const key = randomUUID();
  await db().pixKey.updateMany({ where: { accountId }, data: { isCurrent: false } });
  await db().pixKey.create({ data: { id: randomUUID(), accountId, type: "EVP", key, isCurrent: true } });
  return key;
}

/** A charge of the merchant's account paid in the sandbox: the credit's end-to-end id and the txId. */
export async function paidCharge(
  merchant: { userId: string; accountId: string },
  amountCents: bigint,
  payer: { name?: string; cpfCnpj?: string } = {},
) {
  const charge = await createCharge(db(), { userId: merchant.userId, accountId: merchant.accountId, amountCents });
  const credit = await payChargeFromOutside(db(), { userId: merchant.userId, txId: charge.txId, payer });
  return { endToEndId: credit.endToEndId as string, txId: charge.txId, credit };
}

/** A PIX from outside to one of the merchant's keys (no charge). */
export async function pixToKey(
  merchant: { userId: string },
  pixKey: string,
  amountCents: bigint,
  payer: { name?: string; cpfCnpj?: string } = {},
) {
  const credit = await creditIncomingPixToKey(db(), { callerId: merchant.userId, pixKey, amountCents, payer });
  return credit.endToEndId as string;
}
