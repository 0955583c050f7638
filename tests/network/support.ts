/**
 * The platform with PIX_RAIL=network against the network simulator, in process on a free loopback
 * port: signing both ways with generated certificates, the stream reader and the outbox relay
 * running as the worker runs them.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import {
  createNetworkSimulator,
  type NetworkSimulator,
  type NetworkSimulatorOptions,
} from "../../server/network-simulator/app";
import { generateIdentity, type SigningIdentity } from "../../server/network-simulator/signing";
import { testTlsPki } from "../../server/network-simulator/test-support";
import { startOutboxRelay } from "../../server/outbox/relay";
import { clearDictCache } from "../../server/pix/network/dict-client";
import { type StreamReader, type StreamReaderOptions, startStreamReader } from "../../server/pix/network/stream-reader";
import { closeTransport } from "../../server/pix/network/transport";
import { outboxHandlers } from "../../server/worker/outbox-handlers";

/** This platform's ISPB on the simulated network (99999999 is the simulator's default payer). */
export const PSP_ISPB = "12345678";

let identities: Promise<{ network: SigningIdentity; platform: SigningIdentity }> | undefined;

function testIdentities() {
  identities ??= Promise.all([generateIdentity("test network"), generateIdentity("test platform")]).then(
    ([network, platform]) => ({ network, platform }),
  );
  return identities;
}

export type TestNetwork = {
  url: string;
  simulator: NetworkSimulator;
  identities: { network: SigningIdentity; platform: SigningIdentity };
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON
  control<T = any>(path: string, body?: unknown): Promise<{ status: number; json: T }>;
  startReader(options?: StreamReaderOptions): StreamReader;
  reader: StreamReader | null;
  stop(): Promise<void>;
};

/**
 * `tls`: the simulator answers HTTPS only to a client certificate of its CA (the control API then too).
 * `sandbox`: NETWORK_CONTROL_URL is set, as npm run dev sets it, so the sandbox's payers send over the wire.
 */
export async function startNetwork(
  options: {
    simulator?: NetworkSimulatorOptions;
    reader?: StreamReaderOptions | false;
    tls?: boolean;
    sandbox?: boolean;
  } = {},
): Promise<TestNetwork> {
  const ids = await testIdentities();
  const pki = options.tls ? await testTlsPki("test network CA", "test platform") : null;
  const simulator = await createNetworkSimulator({
    ...(pki ? { tls: { certificatePem: pki.ca, privateKeyPem: pki.key, caPem: pki.ca } } : {}),
    identity: ids.network,
    participantCertificatePem: ids.platform.certificatePem,
    settlementDelayMs: 50,
    institutionAnswerMs: 20,
    longPollMs: 400,
    streamIdleCloseMs: 1500,
    echoIntervalMs: 3_600_000,
    ...options.simulator,
  });
  const { url } = await simulator.start({ port: 0 });
  const dir = mkdtempSync(path.join(tmpdir(), "pix-network-"));
  const file = (name: string, pem: string) => {
    const target = path.join(dir, name);
    writeFileSync(target, pem);
    return target;
  };
  Object.assign(process.env, {
    PIX_RAIL: "network",
    PSP_ISPB,
    SPI_URL: `${url}/spi`,
    DICT_URL: `${url}/dict/api/v1`,
    PIX_SIGNING_KEY: file("signing.key", ids.platform.privateKeyPem),
    PIX_SIGNING_CERT: file("signing.pem", ids.platform.certificatePem),
    PIX_NETWORK_CERT: file("network.pem", ids.network.certificatePem),
    ...(options.sandbox ? { NETWORK_CONTROL_URL: `${url}/control` } : {}),
    ...(pki
      ? {
          PIX_TLS_CERT: file("client.pem", pki.clientCert),
          PIX_TLS_KEY: file("client.key", pki.clientKey),
          PIX_TLS_CA: file("ca.pem", pki.ca),
        }
      : {}),
  });
  resetConfigForTests();
  clearDictCache();
  const relay = startOutboxRelay(db(), outboxHandlers(db()), 50);
  const readers: StreamReader[] = [];
  const network: TestNetwork = {
    url,
    simulator,
    identities: ids,
    reader: null,
    async control(controlPath, body) {
      const response = await fetch(`${url}/control${controlPath}`, {
        method: body === undefined ? "GET" : "POST",
        ...(body === undefined ? {} : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
      });
      return { status: response.status, json: await response.json() };
    },
    startReader(readerOptions = {}) {
      const reader = startStreamReader(db(), {
        readerId: `test:${process.pid}:${readers.length}`,
        sweepEveryMs: 200,
        statusEveryMs: 200,
        leaseMs: 60_000,
        ...readerOptions,
      });
      readers.push(reader);
      return reader;
    },
    async stop() {
      await Promise.all(readers.map((reader) => reader.stop()));
      await relay.stop();
      await simulator.stop();
      closeTransport();
      clearDictCache();
      delete process.env.NETWORK_CONTROL_URL;
      resetConfigForTests();
    },
  };
  if (options.reader !== false) network.reader = network.startReader(options.reader || {});
  return network;
}

/** Polls until `done` holds (or the time is up), answering the last value read. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const entryOf = (endToEndId: string) => db().ledgerEntry.findFirstOrThrow({ where: { endToEndId } });
