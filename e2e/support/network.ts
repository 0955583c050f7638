/**
 * The PIX network the e2e server is a PSP on (E2E_RAIL=network, the default): the project's
 * network simulator, in the server's own process on a free loopback port, with the development
 * PKI of `npm run dev` (scripts/network-pki.ts) kept in a folder of its own. Its environment is
 * written beside the PKI so a spec's Node side (support/rail.ts) can hand the SPI a payment too.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureNetworkPki, networkEnvironment } from "../../scripts/network-pki";
import { createNetworkSimulator } from "../../server/network-simulator/app";
import { loadOrCreateIdentity } from "../../server/network-simulator/signing";

/** The rail this run's server is on: the simulated network unless E2E_RAIL=sandbox. */
export const e2eRail = (): "network" | "sandbox" => (process.env.E2E_RAIL === "sandbox" ? "sandbox" : "network");

/** This institution's ISPB on the simulated network, as `npm run dev` has it (99999999 is the other side's). */
const E2E_ISPB = "13370001";

const folderOf = (appPort: string) => path.join(tmpdir(), `pix-e2e-network-${appPort}`);
const environmentFile = (appPort: string) => path.join(folderOf(appPort), "environment.json");

export type LoopbackNetwork = {
  /** what the platform reads (PIX_RAIL, PSP_ISPB, SPI_URL, DICT_URL, the signing files, NETWORK_CONTROL_URL) */
  environment: Record<string, string>;
  stop: () => Promise<void>;
};

/** Starts the simulator for the app listening on `appPort`, which verifies the platform's signatures. */
export async function startLoopbackNetwork(appPort: string): Promise<LoopbackNetwork> {
  const pki = await ensureNetworkPki(folderOf(appPort));
  const identity = await loadOrCreateIdentity({ keyPath: pki.networkKey, certPath: pki.networkCert });
  const simulator = await createNetworkSimulator({
    identity,
    participantCertificatePem: readFileSync(pki.platformCert, "utf8"),
  });
  const { port } = await simulator.start({ port: 0, host: "127.0.0.1" });
  const all = networkEnvironment(pki, port, E2E_ISPB);
  const environment = Object.fromEntries(Object.entries(all).filter(([name]) => !name.startsWith("NETWORK_")));
  environment.NETWORK_CONTROL_URL = all.NETWORK_CONTROL_URL;
  writeFileSync(environmentFile(appPort), JSON.stringify(environment));
  return { environment, stop: () => simulator.stop() };
}

/** The environment the running e2e server's network wrote (support/rail.ts reads it). */
export function loopbackNetworkEnvironment(): Record<string, string> {
  return JSON.parse(readFileSync(environmentFile(process.env.E2E_PORT ?? "3210"), "utf8"));
}
