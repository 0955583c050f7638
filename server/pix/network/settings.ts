/**
 * What the connector needs from the configuration (docs/pix-network.md §1): the ISPB, the two
 * base URLs, and the PEM files read once (per configuration: tests change it between files).
 */
import { readFileSync } from "node:fs";
import { type Config, config } from "../../config";

export type NetworkSettings = {
  ispb: string;
  spiUrl: string;
  dictUrl: string;
  streams: number;
  /** mutual TLS towards SPI and DICT */
  tls: { cert: string; key: string; ca: string } | null;
  /** signs every message and DICT request sent */
  signing: { keyPem: string; certPem: string } | null;
  /** checks the signature of everything received; unset: not checked */
  networkCertPem: string | null;
};

let cached: { from: Config; settings: NetworkSettings } | undefined;

const pem = (path: string | undefined) => (path ? readFileSync(path, "utf8") : null);

export function networkSettings(): NetworkSettings {
  const current = config();
  if (cached?.from === current) return cached.settings;
  if (!current.SPI_URL || !current.DICT_URL) throw new Error("PIX_RAIL=network needs SPI_URL and DICT_URL");
  const [cert, key, ca] = [pem(current.PIX_TLS_CERT), pem(current.PIX_TLS_KEY), pem(current.PIX_TLS_CA)];
  const [signingKey, signingCert] = [pem(current.PIX_SIGNING_KEY), pem(current.PIX_SIGNING_CERT)];
  const settings: NetworkSettings = {
    ispb: current.PLATFORM_ISPB,
    spiUrl: current.SPI_URL.replace(/\/+$/, ""),
    dictUrl: current.DICT_URL.replace(/\/+$/, ""),
    streams: current.SPI_STREAMS,
    tls: cert && key && ca ? { cert, key, ca } : null,
    signing: signingKey && signingCert ? { keyPem: signingKey, certPem: signingCert } : null,
    networkCertPem: pem(current.PIX_NETWORK_CERT),
  };
  cached = { from: current, settings };
  return settings;
}
