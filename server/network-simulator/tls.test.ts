import { request } from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSimulator, startSimulator } from "./test-support";

let running: RunningSimulator;
let pki: { ca: string; clientCert: string; clientKey: string };

beforeAll(async () => {
  const selfsigned = await import("selfsigned");
  const generated = await selfsigned.generate([{ name: "commonName", value: "network simulator CA" }], {
    keySize: 2048,
    algorithm: "sha256",
    extensions: [
      { name: "basicConstraints", cA: true },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true, keyCertSign: true },
      { name: "extKeyUsage", serverAuth: true, clientAuth: true },
      { name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] },
    ],
    clientCertificate: { cn: "participant", keySize: 2048, algorithm: "sha256" },
  });
  pki = {
    ca: generated.cert,
    clientCert: generated.clientcert as string,
    clientKey: generated.clientprivate as string,
  };
  running = await startSimulator({
    tls: { certificatePem: generated.cert, privateKeyPem: generated.private, caPem: generated.cert },
  });
});
afterAll(() => running.stop());

function get(url: string, client?: { cert: string; key: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { ca: pki.ca, ...client }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("mutual TLS", () => {
  it("answers a client with a certificate of the CA, and refuses one without", async () => {
    expect(running.url).toMatch(/^https:/);
    expect(await get(`${running.url}/control/stats`, { cert: pki.clientCert, key: pki.clientKey })).toBe(200);
    await expect(get(`${running.url}/control/stats`)).rejects.toThrow();
  });
});
