/**
 * The demo merchant's account surface (/v4/i) as a client calls it, with the API key the seed
 * wrote to .data/demo-credentials.json for this run's database.
 */
import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import type { z } from "zod";
import type { EntrySchema } from "../../server/account-api/entry-schema";

/** An entry as GET /v4/i/ledger answers it. */
type LedgerEntry = z.infer<typeof EntrySchema>;

function authorization(): string {
  const { clientId, clientSecret } = JSON.parse(readFileSync(".data/demo-credentials.json", "utf8"));
  if (!clientSecret) throw new Error("the demo key's secret is not in .data/demo-credentials.json");
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
}

/** Every entry from `startDate` on (epoch ms), all pages. */
export async function ledgerSince(request: APIRequestContext, startDate: number): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  for (let page = 1; ; page++) {
    const res = await request.get(`/v4/i/ledger?limit=100&page=${page}&startDate=${startDate}`, {
      headers: { authorization: authorization() },
    });
    if (!res.ok()) throw new Error(`GET /v4/i/ledger answered ${res.status()}`);
    const body = await res.json();
    entries.push(...body.data);
    if (page >= body.pagination.totalPages) return entries;
  }
}

export async function transferInternal(request: APIRequestContext, from: string, to: string, amount: number) {
  const res = await request.post(`/v4/i/bank-accounts/${from}/transfer/internal`, {
    headers: { authorization: authorization() },
    data: { amount, receiverBankAccount: to },
  });
  if (!res.ok()) throw new Error(`internal transfer answered ${res.status()}: ${await res.text()}`);
  return res.json();
}

/** A dynamic QR charge of the demo account; paid at once by the sandbox's payer when `pay`. */
export async function charge(request: APIRequestContext, accountId: string, amount: number, pay: boolean) {
  const created = await request.post("/v4/i/pix/in/dynamic-qrcode", {
    headers: { authorization: authorization() },
    data: { accountId, amount },
  });
  if (!created.ok()) throw new Error(`charge creation answered ${created.status()}: ${await created.text()}`);
  const { txId } = (await created.json()).data;
  if (!pay) return txId as string;
  const paid = await request.post(`/v4/i/sandbox/pix/in/dynamic-qrcode/${txId}/pay`, {
    headers: { authorization: authorization() },
    data: {},
  });
  if (!paid.ok()) throw new Error(`sandbox payment answered ${paid.status()}: ${await paid.text()}`);
  return txId as string;
}

/**
 * The newest 6-digit code the sandbox kept for `to` (a PIX key's proof of possession): from the
 * mailbox (`emails`) or the text-message box (`sms`), as the demo merchant reads them. The worker
 * sends them after the answer, so this waits for one newer than `after`.
 */
export async function sandboxCode(
  request: APIRequestContext,
  box: "emails" | "sms",
  to: string,
  after = 0,
): Promise<string> {
  for (let tries = 0; tries < 60; tries++) {
    const res = await request.get(`/v4/i/sandbox/${box}?to=${encodeURIComponent(to)}`, {
      headers: { authorization: authorization() },
    });
    if (!res.ok()) throw new Error(`GET /v4/i/sandbox/${box} answered ${res.status()}: ${await res.text()}`);
    const [newest] = (await res.json()).data as { text: string; sentAt: number }[];
    const code = newest && newest.sentAt > after ? newest.text.match(/\b(\d{6})\b/)?.[1] : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no code reached ${to}`);
}

/**
 * A dynamic QR charge of the demo account with what a shop gives it (description, order number,
 * deadline), paid at once by a sandbox payer named `payerName` when given. Its txId and BR Code.
 */
export async function chargeCode(
  request: APIRequestContext,
  fields: { accountId: string; amount: number; description?: string; externalId?: string; expirationSeconds?: number },
  payerName?: string,
): Promise<{ txId: string; emv: string }> {
  const created = await request.post("/v4/i/pix/in/dynamic-qrcode", {
    headers: { authorization: authorization() },
    data: fields,
  });
  if (!created.ok()) throw new Error(`charge creation answered ${created.status()}: ${await created.text()}`);
  const { txId, emv } = (await created.json()).data;
  if (payerName !== undefined) {
    const paid = await request.post(`/v4/i/sandbox/pix/in/dynamic-qrcode/${txId}/pay`, {
      headers: { authorization: authorization() },
      data: { payer: { name: payerName } },
    });
    if (!paid.ok()) throw new Error(`sandbox payment answered ${paid.status()}: ${await paid.text()}`);
  }
  return { txId, emv };
}

/** A sandbox payer at another institution paying one of the demo merchant's charges by its copy-and-paste code. */
export async function payCodeInSandbox(request: APIRequestContext, emv: string) {
  const res = await request.post("/v4/i/sandbox/pix/in/brcode/pay", {
    headers: { authorization: authorization() },
    data: { emv, payer: { name: "Pagadora E2E" } },
  });
  if (!res.ok()) throw new Error(`sandbox payment answered ${res.status()}: ${await res.text()}`);
  return res.json();
}

/** A charge of the demo merchant's first account, as POST /v4/i/pix/in/dynamic-qrcode answers it. */
export async function createChargeViaApi(request: APIRequestContext, amount: number, description: string) {
  const res = await request.post("/v4/i/pix/in/dynamic-qrcode", {
    headers: { authorization: authorization() },
    data: { accountId: "100000000001", amount, description },
  });
  if (!res.ok()) throw new Error(`charge creation answered ${res.status()}: ${await res.text()}`);
  return (await res.json()).data as { txId: string; paymentPageUrl: string };
}

/** The first link of the newest e-mail the sandbox kept for `to` that contains `part`, as the demo merchant reads it. */
export async function sandboxLink(request: APIRequestContext, to: string, part: string): Promise<string> {
  for (let tries = 0; tries < 60; tries++) {
    const res = await request.get(`/v4/i/sandbox/emails?to=${encodeURIComponent(to)}`, {
      headers: { authorization: authorization() },
    });
    if (!res.ok()) throw new Error(`GET /v4/i/sandbox/emails answered ${res.status()}: ${await res.text()}`);
    const [newest] = (await res.json()).data as { links: string[] }[];
    const link = newest?.links.find((l) => l.includes(part));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no link with ${part} reached ${to}`);
}
