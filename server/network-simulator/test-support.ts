import { gzipSync } from "node:zlib";
import { createNetworkSimulator, type NetworkSimulator, type NetworkSimulatorOptions } from "./app";
import { newEndToEndId, newReturnId, SPI_ISPB } from "./ids";
import {
  type CreditTransfer,
  creditTransferDocument,
  type PaymentReturn,
  paymentReturnDocument,
  type StatusReport,
  statusReportDocument,
} from "./message-documents";
import { generateIdentity, type SigningIdentity } from "./signing";
import { type BuiltMessage, buildEnvelope, buildSignedEnvelope, readEnvelope } from "./spi-messages";
import { textAt } from "./xml";

/** Helpers for the simulator's tests: an in-process simulator on a free port and a participant talking to it. */

export const PARTICIPANT_ISPB = "12345678";

let identities:
  | Promise<{ network: SigningIdentity; participant: SigningIdentity; stranger: SigningIdentity }>
  | undefined;

/** Key pairs made once per test file: RSA generation is the slow part of a start. */
export function testIdentities() {
  identities ??= Promise.all([
    generateIdentity("network"),
    generateIdentity("participant"),
    generateIdentity("stranger"),
  ]).then(([network, participant, stranger]) => ({ network, participant, stranger }));
  return identities;
}

/**
 * A CA whose certificate also serves the simulator on 127.0.0.1 (`ca`, `key`), and a client
 * certificate it issued (`clientCert`, `clientKey`): the PKI of a mutual-TLS test.
 */
export async function testTlsPki(caName: string, clientName: string) {
  const selfsigned = await import("selfsigned");
  const made = await selfsigned.generate([{ name: "commonName", value: caName }], {
    keySize: 2048,
    algorithm: "sha256",
    extensions: [
      { name: "basicConstraints", cA: true },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true, keyCertSign: true },
      { name: "extKeyUsage", serverAuth: true, clientAuth: true },
      { name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] },
    ],
    clientCertificate: { cn: clientName, keySize: 2048, algorithm: "sha256" },
  });
  return {
    ca: made.cert,
    key: made.private,
    clientCert: made.clientcert as string,
    clientKey: made.clientprivate as string,
  };
}

export interface RunningSimulator {
  simulator: NetworkSimulator;
  url: string;
  participant: SigningIdentity;
  stranger: SigningIdentity;
  network: SigningIdentity;
  stop(): Promise<void>;
}

export async function startSimulator(options: NetworkSimulatorOptions = {}): Promise<RunningSimulator> {
  const { network, participant, stranger } = await testIdentities();
  const simulator = await createNetworkSimulator({
    identity: network,
    participantCertificatePem: participant.certificatePem,
    settlementDelayMs: 20,
    institutionAnswerMs: 10,
    longPollMs: 300,
    ...options,
  });
  const { url } = await simulator.start({ port: 0 });
  return { simulator, url, participant, stranger, network, stop: () => simulator.stop() };
}

export async function sendMessage(
  url: string,
  xml: string,
  { ispb = PARTICIPANT_ISPB, gzip = false }: { ispb?: string; gzip?: boolean } = {},
): Promise<Response> {
  return fetch(`${url}/spi/api/v1/out/${ispb}/msgs`, {
    method: "POST",
    headers: { "Content-Type": "application/xml; charset=utf-8", ...(gzip ? { "Content-Encoding": "gzip" } : {}) },
    body: gzip ? gzipSync(xml) : xml,
  });
}

export interface PulledMessage {
  status: number;
  pullNext: string | null;
  resourceId: string | null;
  xml: string;
}

async function pulled(response: Response): Promise<PulledMessage> {
  return {
    status: response.status,
    pullNext: response.headers.get("PI-PullNext"),
    resourceId: response.headers.get("PI-ResourceId"),
    xml: await response.text(),
  };
}

export async function openStream(url: string, ispb = PARTICIPANT_ISPB): Promise<PulledMessage> {
  return pulled(await fetch(`${url}/spi/api/v1/in/${ispb}/stream/start`));
}

export async function pullNext(url: string, pullNextPath: string): Promise<PulledMessage> {
  return pulled(await fetch(`${url}/spi${pullNextPath}`));
}

export async function closeStream(url: string, pullNextPath: string): Promise<number> {
  return (await fetch(`${url}/spi${pullNextPath}`, { method: "DELETE" })).status;
}

/** Pulls on a stream until a message of a type comes (acknowledging the others), or gives up. */
export async function pullUntil(
  url: string,
  start: PulledMessage,
  matches: (message: ReturnType<typeof readEnvelope>) => boolean,
  attempts = 20,
): Promise<{ message: ReturnType<typeof readEnvelope>; pulled: PulledMessage }> {
  let current = start;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (current.status === 200) {
      const message = readEnvelope(current.xml);
      if (matches(message)) return { message, pulled: current };
    }
    current = await pullNext(url, current.pullNext as string);
  }
  throw new Error("the expected message did not come");
}

export const isType = (type: string, status?: string) => (message: ReturnType<typeof readEnvelope>) =>
  message.type === type && (status === undefined || textAt(message.document, "TxInfAndSts/TxSts") === status);

export function participantCreditTransfer(
  identity: SigningIdentity | undefined,
  overrides: Partial<CreditTransfer> = {},
): BuiltMessage & { endToEndId: string } {
  const transfer: CreditTransfer = {
    endToEndId: newEndToEndId(PARTICIPANT_ISPB),
    amount: "150.00",
    acceptedAt: new Date(),
    localInstrument: "DICT",
    debtor: {
      ispb: PARTICIPANT_ISPB,
      name: "Loja Exemplo Ltda",
      document: "11222333000181",
      accountNumber: "123456",
      branch: "0001",
      accountType: "TRAN",
    },
    creditor: {
      ispb: "10000001",
      document: "52998224725",
      accountNumber: "7654321",
      branch: "0042",
      accountType: "CACC",
    },
    creditorKey: "maria@example.com",
    ...overrides,
  };
  const input = {
    type: "pacs.008" as const,
    fromIspb: PARTICIPANT_ISPB,
    toIspb: SPI_ISPB,
    ...creditTransferDocument(transfer),
  };
  const built = identity ? buildSignedEnvelope(input, identity) : buildEnvelope(input);
  return { ...built, endToEndId: transfer.endToEndId };
}

export function participantStatusReport(
  identity: SigningIdentity,
  report: StatusReport,
  ispb = PARTICIPANT_ISPB,
): BuiltMessage {
  return buildSignedEnvelope(
    { type: "pacs.002", fromIspb: ispb, toIspb: SPI_ISPB, ...statusReportDocument(report) },
    identity,
  );
}

export function participantReturn(
  identity: SigningIdentity,
  overrides: Partial<PaymentReturn> & { originalEndToEndId: string },
): BuiltMessage & { returnId: string } {
  const paymentReturn: PaymentReturn = {
    returnId: newReturnId(PARTICIPANT_ISPB),
    amount: "10.00",
    reason: "MD06",
    ...overrides,
  };
  const built = buildSignedEnvelope(
    { type: "pacs.004", fromIspb: PARTICIPANT_ISPB, toIspb: SPI_ISPB, ...paymentReturnDocument(paymentReturn) },
    identity,
  );
  return { ...built, returnId: paymentReturn.returnId };
}

export async function control<T = unknown>(
  url: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const response = await fetch(`${url}/control${path}`, {
    method: body === undefined ? "GET" : "POST",
    ...(body === undefined ? {} : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as T };
}

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
