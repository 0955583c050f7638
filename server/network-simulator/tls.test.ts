import { request } from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSimulator, startSimulator, testTlsPki } from "./test-support";

let running: RunningSimulator;
let pki: Awaited<ReturnType<typeof testTlsPki>>;

beforeAll(async () => {
  pki = await testTlsPki("network simulator CA", "participant");
  running = await startSimulator({
    tls: { certificatePem: pki.ca, privateKeyPem: pki.key, caPem: pki.ca },
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
