/**
 * RFC 8705 certificate-bound access tokens behind a TLS-terminating proxy: the proxy verifies the
 * client certificate and forwards it in API_PIX_MTLS_CERT_HEADER; we believe that header only from
 * a peer in TRUSTED_PROXIES, and bind tokens to the certificate's SHA-256 thumbprint (`x5t#S256`).
 */
import { createHash, X509Certificate } from "node:crypto";
import { config } from "../config";
import { addressAllowed, peerAddressOf } from "../http/ip";

/** What the request shows of a client certificate: none (or not from a trusted proxy), an unreadable one, or its thumbprint. */
export type PresentedCertificate =
  | { kind: "none" }
  | { kind: "unreadable" }
  | { kind: "certificate"; thumbprint: string };

/** True when tokens are certificate-bound (the header setting is set). */
export function certificateBindingEnabled(): boolean {
  return config().API_PIX_MTLS_CERT_HEADER !== undefined;
}

const PEM_LINE = /-----(BEGIN|END) CERTIFICATE-----/g;

/**
 * The certificate's DER bytes from the forms proxies send: PEM (nginx `$ssl_client_cert`, whose
 * continuation lines start with a tab), URL-encoded PEM (nginx `$ssl_client_escaped_cert`, AWS
 * ALB), or base64 DER with or without URL-encoding (Traefik, most others). Null when it is none.
 */
export function certificateDer(headerValue: string): Buffer | null {
  let text = headerValue.trim();
  if (text.includes("%")) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return null;
    }
  }
  const body = text.replace(PEM_LINE, "").replace(/\s+/g, "");
  if (!body || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(body)) return null;
  const der = Buffer.from(body.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  try {
    new X509Certificate(der);
  } catch {
    return null;
  }
  return der;
}

/** base64url SHA-256 of the DER: the `x5t#S256` confirmation of RFC 8705 3.1. */
export function certificateThumbprint(der: Buffer): string {
  return createHash("sha256").update(der).digest("base64url");
}

// A client sends the same certificate on every request: parse each distinct header value once.
const thumbprints = new Map<string, string | null>();
function thumbprintOf(headerValue: string): string | null {
  if (thumbprints.has(headerValue)) return thumbprints.get(headerValue) ?? null;
  const der = certificateDer(headerValue);
  const thumbprint = der ? certificateThumbprint(der) : null;
  if (thumbprints.size >= 1_000) thumbprints.clear();
  thumbprints.set(headerValue, thumbprint);
  return thumbprint;
}

/** The client certificate the trusted proxy forwarded with this request, if any. */
export function presentedCertificate(headers: Headers, bindings?: unknown): PresentedCertificate {
  const settings = config();
  const header = settings.API_PIX_MTLS_CERT_HEADER;
  if (!header) return { kind: "none" };
  const value = headers.get(header);
  if (!value) return { kind: "none" };
  // anyone can send the header: only the proxy that terminated TLS and checked the certificate is believed
  if (!addressAllowed(peerAddressOf(headers, bindings), settings.TRUSTED_PROXIES)) return { kind: "none" };
  const thumbprint = thumbprintOf(value);
  return thumbprint ? { kind: "certificate", thumbprint } : { kind: "unreadable" };
}
