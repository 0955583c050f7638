/**
 * The development PKI of the PIX network on loopback (npm run dev, the e2e server): a signing
 * key and certificate for the platform and one for the network simulator, made once and kept
 * in a folder (.data/pki), so either side verifies the other's signatures as on the real network.
 * Not for production: an institution's certificates come from its certificate authority.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generate } from "selfsigned";

export type NetworkPki = {
  platformKey: string;
  platformCert: string;
  networkKey: string;
  networkCert: string;
};

async function identity(folder: string, name: string, commonName: string) {
  const key = path.join(folder, `${name}.key.pem`);
  const cert = path.join(folder, `${name}.cert.pem`);
  if (!existsSync(key) || !existsSync(cert)) {
    const made = await generate([{ name: "commonName", value: commonName }], {
      keySize: 2048,
      notAfterDate: new Date(Date.now() + 3650 * 86_400_000),
    });
    writeFileSync(key, made.private, { mode: 0o600 });
    writeFileSync(cert, made.cert);
  }
  return { key, cert };
}

/** The PEM files' paths, made in `folder` when missing. */
export async function ensureNetworkPki(folder: string): Promise<NetworkPki> {
  mkdirSync(folder, { recursive: true });
  const platform = await identity(folder, "platform", "pix-platform.invalid");
  const network = await identity(folder, "network", "pix-network-simulator.invalid");
  return { platformKey: platform.key, platformCert: platform.cert, networkKey: network.key, networkCert: network.cert };
}

/**
 * The environment of both sides for PIX_RAIL=network against the simulator at `port` on
 * loopback: what the platform reads (network.md §1) and what the simulator reads (NETWORK_*).
 */
export function networkEnvironment(pki: NetworkPki, port: number, ispb: string, stateFile?: string) {
  const base = `http://127.0.0.1:${port}`;
  return {
    PIX_RAIL: "network",
    PSP_ISPB: ispb,
    SPI_URL: `${base}/spi`,
    DICT_URL: `${base}/dict/api/v1`,
    NETWORK_CONTROL_URL: `${base}/control`,
    PIX_SIGNING_KEY: pki.platformKey,
    PIX_SIGNING_CERT: pki.platformCert,
    PIX_NETWORK_CERT: pki.networkCert,
    NETWORK_PORT: String(port),
    NETWORK_SIGNING_KEY: pki.networkKey,
    NETWORK_SIGNING_CERT: pki.networkCert,
    NETWORK_PARTICIPANT_CERT: pki.platformCert,
    ...(stateFile ? { NETWORK_STATE_FILE: stateFile } : {}),
  };
}
