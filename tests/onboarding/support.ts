import { createAccountApi } from "../../server/account-api/app";
import { db } from "../../server/db/client";
import { relayDueEvents } from "../../server/outbox/relay";
import { outboxHandlers } from "../../server/worker/outbox-handlers";
import { call, fundedMerchant, randomCpf } from "../support/fixtures";

// The smallest files each sniffer recognises by content.
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

let app: ReturnType<typeof createAccountApi> | undefined;
export const api = () => {
  app ??= createAccountApi();
  return app;
};

export async function programmeOwner() {
  return fundedMerchant(0n);
}

export function personProposal(overrides: Record<string, unknown> = {}) {
  return {
    personType: "person",
    name: "Maria da Silva",
    document: randomCpf(),
    email: `maria-${Math.random().toString(36).slice(2, 8)}@example.test`,
    phone: "+5511987654321",
    birthDate: "1990-05-17",
    address: { street: "Rua Augusta", number: "100", city: "São Paulo", state: "SP", zipCode: "01305-000" },
    ...overrides,
  };
}

/** What the worker does with queued e-mails (only those: other topics stay for their handlers). */
export async function deliverQueuedMail(): Promise<void> {
  while ((await relayDueEvents(db(), outboxHandlers(db()), 100, new Date(), ["mail.send"])) > 0) {}
}

export async function emailsTo(auth: string, to: string) {
  await deliverQueuedMail();
  const response = await call(api(), "GET", `/v4/i/sandbox/emails?to=${encodeURIComponent(to)}`, { auth });
  return response.json.data as { to: string; subject: string; text: string; links: string[]; sentAt: number }[];
}

export const tokenOf = (link: string) => new URL(link).searchParams.get("token") as string;

export async function uploadJson(auth: string, userId: string, body: Record<string, unknown>) {
  return call(api(), "POST", `/v4/i/baas/onboarding/${userId}/documents/upload`, { auth, body });
}

export async function uploadMultipart(auth: string, userId: string, fields: Record<string, string | Buffer>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)]), `${name}.bin`);
  }
  const { PEER_ADDRESS_HEADER, PEER_TOKEN_HEADER, peerToken } = await import("../../server/http/ip");
  const response = await api().request(`/v4/i/baas/onboarding/${userId}/documents/upload`, {
    method: "POST",
    headers: { authorization: auth, [PEER_ADDRESS_HEADER]: "127.0.0.1", [PEER_TOKEN_HEADER]: peerToken() },
    body: form,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON
  const json: any = await response.json();
  return { status: response.status, json, headers: response.headers };
}
