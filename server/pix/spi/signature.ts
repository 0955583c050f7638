/**
 * XMLDSig as network.md §2.1 and §3 pin it: one enveloped `Signature` (in `AppHdr/Sgntr` of an
 * SPI message, the first child of a DICT body's root), one `Reference URI=""` with the
 * enveloped-signature and exclusive c14n transforms, SHA-256 digest, RSA-SHA256 signature,
 * exclusive c14n of SignedInfo, and the signer's certificate in `KeyInfo/X509Data`. Verifying
 * checks all of it, then the value against the network's certificate (never the one the message
 * carries). The connector's configured use (PIX_SIGNING_*, PIX_NETWORK_CERT) is at the end.
 */
import { createPrivateKey, type KeyObject, X509Certificate } from "node:crypto";
import { DOMParser, type Element as DomElement } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";
import * as xpath from "xpath";
import { networkSettings } from "../network/settings";
import { refuseUnsafeXml } from "./xml";

export const XMLDSIG_NAMESPACE = "http://www.w3.org/2000/09/xmldsig#";
export const EXCLUSIVE_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
export const ENVELOPED_SIGNATURE = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
export const SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";
export const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";

/** An SPI message keeps its Signature in Envelope/AppHdr/Sgntr; a DICT request or answer under its root. */
export type SignaturePlace = "spi-message" | "dict-document";

export type SigningIdentity = { keyPem: string; certPem: string };

/** Why a signature is not accepted: `DS0A` there is none, `DS0B` it breaks a rule or does not verify. */
export type SignatureRefusal = { code: "DS0A" | "DS0B"; reason: string };

const SPI_SIGNATURE_HOME = "/*/*[local-name()='AppHdr']/*[local-name()='Sgntr']";

/**
 * Keys and certificates parsed once per PEM: reading them from text on every message cost more
 * than the RSA operation itself (bench/spi-inbound.ts's profile).
 */
const privateKeys = new Map<string, KeyObject>();
const certificates = new Map<string, X509Certificate>();
function parsedOnce<T>(cache: Map<string, T>, pem: string, parse: (pem: string) => T): T {
  let parsed = cache.get(pem);
  if (!parsed) {
    if (cache.size >= 16) cache.clear();
    parsed = parse(pem);
    cache.set(pem, parsed);
  }
  return parsed;
}
const privateKeyOf = (pem: string) => parsedOnce(privateKeys, pem, createPrivateKey);
const certificateOf = (pem: string) => parsedOnce(certificates, pem, (text) => new X509Certificate(text));

/** The document with its one Signature, made with `identity`. */
export function signXml(xml: string, identity: SigningIdentity, place: SignaturePlace): string {
  const signer = new SignedXml({
    privateKey: privateKeyOf(identity.keyPem),
    publicCert: identity.certPem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXCLUSIVE_C14N,
  });
  signer.addReference({
    xpath: "/*",
    uri: "",
    isEmptyUri: true,
    transforms: [ENVELOPED_SIGNATURE, EXCLUSIVE_C14N],
    digestAlgorithm: SHA256,
  });
  signer.computeSignature(xml, {
    prefix: "ds",
    location:
      place === "spi-message"
        ? { reference: SPI_SIGNATURE_HOME, action: "append" }
        : { reference: "/*", action: "prepend" },
  });
  return signer.getSignedXml();
}

const refused = (code: SignatureRefusal["code"], reason: string): SignatureRefusal => ({ code, reason });
const select = (expression: string, node: unknown) => xpath.select(expression, node as Node) as unknown as DomElement[];

function placeProblem(signature: DomElement, place: SignaturePlace): string | null {
  const parent = signature.parentNode as DomElement | null;
  if (place === "dict-document") {
    return parent?.parentNode?.nodeType === 9 ? null : "the Signature is not a child of the root element";
  }
  const appHeader = parent?.parentNode as DomElement | null;
  const envelope = appHeader?.parentNode as DomElement | null;
  const inPlace =
    parent?.localName === "Sgntr" && appHeader?.localName === "AppHdr" && envelope?.parentNode?.nodeType === 9;
  return inPlace ? null : "the Signature is not in Envelope/AppHdr/Sgntr";
}

function algorithmProblem(verifier: SignedXml): string | null {
  if (verifier.signatureAlgorithm !== RSA_SHA256) return `SignatureMethod must be ${RSA_SHA256}`;
  if (verifier.canonicalizationAlgorithm !== EXCLUSIVE_C14N) return `CanonicalizationMethod must be ${EXCLUSIVE_C14N}`;
  const [reference, ...others] = verifier.getReferences();
  if (!reference || others.length > 0) return "the signature must have exactly one Reference";
  if ((reference.uri ?? "") !== "") return 'the Reference must have URI=""';
  if (reference.digestAlgorithm !== SHA256) return `DigestMethod must be ${SHA256}`;
  const transforms = reference.transforms ?? [];
  if (transforms.length !== 2 || !transforms.includes(ENVELOPED_SIGNATURE) || !transforms.includes(EXCLUSIVE_C14N))
    return "the Reference's transforms must be enveloped-signature and exclusive c14n";
  return null;
}

/** The certificate KeyInfo carries, when it is the trusted one; else why not. */
function keyInfoProblem(signature: DomElement, trusted: X509Certificate): string | null {
  const certificates = select(
    "./*[local-name()='KeyInfo']/*[local-name()='X509Data']/*[local-name()='X509Certificate']",
    signature,
  );
  const base64 = certificates[0]?.textContent?.replace(/\s+/g, "");
  if (certificates.length !== 1 || !base64) return "KeyInfo/X509Data/X509Certificate must name the signer";
  if (Buffer.from(base64, "base64").equals(trusted.raw)) return null;
  try {
    new X509Certificate(Buffer.from(base64, "base64"));
    return "the message is signed by a certificate other than the network's";
  } catch {
    return "KeyInfo/X509Data/X509Certificate is not a certificate";
  }
}

/** Null when the document's one signature follows the rules and verifies with `trustedCertPem`; else why not. */
export function verifySignature(xml: string, trustedCertPem: string, place: SignaturePlace): SignatureRefusal | null {
  let document: ReturnType<DOMParser["parseFromString"]>;
  try {
    refuseUnsafeXml(xml);
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== "warning") throw new Error(message);
      },
    }).parseFromString(xml, "application/xml");
  } catch (error) {
    return refused("DS0B", `the document cannot be read: ${(error as Error).message.slice(0, 200)}`);
  }
  // the DOM's own walk: an XPath over every element cost as much as the check itself
  const signatures = Array.from(document.getElementsByTagNameNS(XMLDSIG_NAMESPACE, "Signature"));
  if (signatures.length === 0) return refused("DS0A", "the document is not signed");
  if (signatures.length > 1) return refused("DS0B", "the document has more than one Signature");
  const signature = signatures[0] as DomElement;
  const misplaced = placeProblem(signature, place);
  if (misplaced) return refused("DS0B", misplaced);
  const trusted = certificateOf(trustedCertPem);
  const verifier = new SignedXml({ publicCert: trusted.publicKey, getCertFromKeyInfo: () => null });
  try {
    verifier.loadSignature(signature as unknown as Node);
  } catch (error) {
    return refused("DS0B", `the Signature cannot be read: ${(error as Error).message.slice(0, 200)}`);
  }
  const problem = algorithmProblem(verifier) ?? keyInfoProblem(signature, trusted);
  if (problem) return refused("DS0B", problem);
  try {
    if (verifier.checkSignature(xml)) return null;
  } catch {
    // xml-crypto throws when a digest differs: the content changed after signing
  }
  return refused("DS0B", "the signature does not verify with the network's certificate");
}

/** An SPI message to send, signed when PIX_SIGNING_KEY/CERT are set. */
export function signedMessage(xml: string): string {
  const { signing } = networkSettings();
  return signing ? signXml(xml, signing, "spi-message") : xml;
}

/** A DICT request that changes the directory, signed when PIX_SIGNING_KEY/CERT are set. */
export function signedDictRequest(xml: string): string {
  const { signing } = networkSettings();
  return signing ? signXml(xml, signing, "dict-document") : xml;
}

/** Null when nothing is checked (no PIX_NETWORK_CERT) or the signature holds; else the refusal (DS0A unsigned, DS0B otherwise). */
export function signatureRefusal(xml: string, place: SignaturePlace = "spi-message"): SignatureRefusal | null {
  const { networkCertPem } = networkSettings();
  if (!networkCertPem) return null;
  return verifySignature(xml, networkCertPem, place);
}

/** Null when nothing is checked or the signature holds; else why it does not. */
export const signatureProblem = (xml: string, place: SignaturePlace = "spi-message"): string | null =>
  signatureRefusal(xml, place)?.reason ?? null;
