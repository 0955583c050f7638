/** Helpers of the API Pix tests: a merchant with a bearer token, and calls through the surface's one entry. */
import { randomUUID } from "node:crypto";
import { apiPixFetch } from "../../server/api-pix/surface";
import { payChargeFromOutside } from "../../server/charges/payment";
import { createCharge } from "../../server/charges/service";
import { db } from "../../server/db/client";
import { creditIncomingPixToKey } from "../../server/transfers/incoming";
import { basic, call, LOCAL_IP, newMerchant } from "../support/fixtures";
import { IN_SCOPE, specDocument } from "./spec/document";
import { expectSpecResponse, specPathOf } from "./spec-validator";

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
export async function pixCall(
  bearer: string,
  method: string,
  path: string,
  options: Omit<NonNullable<Parameters<typeof call>[3]>, "auth"> = {},
) {
  const answer = await call(apiPixDoor, method, `/api/pix/v2${path}`, { ...options, auth: bearer });
  // Every answer of an operation held to the specification (IN_SCOPE) must be what it promises.
  const spec = specDocument();
  const template = spec ? specPathOf(spec, method.toLowerCase(), path) : undefined;
  if (template && (IN_SCOPE as readonly string[]).includes(`${method.toUpperCase()} ${template}`)) {
    expectSpecResponse(method, path, answer.status, answer.status === 204 ? undefined : answer.json);
  }
  return answer;
}

/** An API Pix merchant with an EVP key registered on its account (`chave`). */
export async function apiPixMerchantWithKey(scope?: string) {
  const { createPixKey } = await import("../../server/pix/keys/service");
  const { db } = await import("../../server/db/client");
  const merchant = await apiPixMerchant(scope);
  const key = await createPixKey(db(), { callerId: merchant.userId, accountId: merchant.accountId }, { type: "EVP" });
  return { ...merchant, chave: key.key, auth: basic(merchant.clientId, merchant.clientSecret) };
}

export type ApiPixMerchant = Awaited<ReturnType<typeof apiPixMerchantWithKey>>;

/** The RFC 7807 type URI prefix of the specification's problems. */
export const PROBLEM = "https://pix.bcb.gov.br/api/v2/error/";

/** A valid cob body of R$ 37,00 to `chave`, with `extra` fields over it. */
export const cobBody = (chave: string, extra: Record<string, unknown> = {}) => ({
  calendario: { expiracao: 3600 },
  valor: { original: "37.00" },
  chave,
  ...extra,
});

/** PUT /cob/{txid} as `merchant`; answers the txid with the answer. */
export async function putCob(merchant: { bearer: string }, body: Record<string, unknown>, txid = newTxid()) {
  return { txid, res: await pixCall(merchant.bearer, "PUT", `/cob/${txid}`, { body }) };
}

/** A txid of 32 letters and digits, new each time. */
export function newTxid(): string {
  return `tx${crypto.randomUUID().replace(/-/g, "")}`.slice(0, 32);
}

/** What the public payload location (`location`, without scheme) answers, through its route handler. */
export async function fetchLocation(location: string) {
  const { GET } = await import("../../app/pix/qr/v2/[locationId]/route");
  const token = location.split("/").pop() as string;
  const res = await GET(new Request(`http://localhost/pix/qr/v2/${token}`), {
    params: Promise.resolve({ locationId: token }),
  });
  const text = await res.text();
  const payload =
    res.status === 200 ? JSON.parse(Buffer.from(text.split(".")[1] as string, "base64url").toString()) : null;
  return { status: res.status, text, payload, problem: res.status === 200 ? null : JSON.parse(text) };
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
