import { createPrivateKey, type KeyObject } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { DOMParser, type Node as XmlDomNode, type Element as XmlElement } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";
import * as xpath from "xpath";

const DSIG_NAMESPACE = "http://www.w3.org/2000/09/xmldsig#";
const EXCLUSIVE_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
const ENVELOPED_SIGNATURE = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const SHA256_DIGEST = "http://www.w3.org/2001/04/xmlenc#sha256";
const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";

/** A private key and its certificate, PEM. */
export interface SigningIdentity {
  privateKeyPem: string;
  certificatePem: string;
}

/**
 * Where the one Signature sits: an SPI message keeps it in Envelope/AppHdr/Sgntr; a DICT request or response
 * has it as a child of the root element.
 */
export type SignaturePlacement = "spi-message" | "dict-document";

const SPI_SIGNATURE_HOME = "/*/*[local-name()='AppHdr']/*[local-name()='Sgntr']";

/** Each institution's key parsed once: parsing the PEM on every message cost more than signing it. */
const parsedKeys = new Map<string, KeyObject>();
function privateKeyOf(pem: string): KeyObject {
  let key = parsedKeys.get(pem);
  if (!key) {
    key = createPrivateKey(pem);
    parsedKeys.set(pem, key);
  }
  return key;
}

export function signXml(xml: string, identity: SigningIdentity, placement: SignaturePlacement): string {
  const signer = new SignedXml({
    privateKey: privateKeyOf(identity.privateKeyPem),
    publicCert: identity.certificatePem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXCLUSIVE_C14N,
  });
  signer.addReference({
    xpath: "/*",
    uri: "",
    isEmptyUri: true,
    transforms: [ENVELOPED_SIGNATURE, EXCLUSIVE_C14N],
    digestAlgorithm: SHA256_DIGEST,
  });
  signer.computeSignature(xml, {
    prefix: "ds",
    location:
      placement === "spi-message"
        ? { reference: SPI_SIGNATURE_HOME, action: "append" }
        : { reference: "/*", action: "prepend" },
  });
  return signer.getSignedXml();
}

export type SignatureCheck =
  /** Verified with the configured participant certificate. */
  | { status: "verified" }
  /** No certificate configured: verified only against the certificate the signature itself carries. */
  | { status: "self-consistent" }
  | { status: "absent" }
  | { status: "invalid"; reason: string };

/** Whether a check must refuse the document: only a configured certificate makes a signature mandatory. */
export function signatureRefused(check: SignatureCheck, trustedCertificatePem: string | undefined): boolean {
  if (!trustedCertificatePem) return false;
  return check.status !== "verified";
}

/**
 * Verifies the one enveloped signature of a document: its place, its algorithms (exclusive c14n, SHA-256,
 * RSA-SHA256, one Reference URI="" with the enveloped transform), KeyInfo's X509Certificate, and the value —
 * against the trusted certificate when given, else against the certificate in KeyInfo.
 */
export function verifyXml(xml: string, placement: SignaturePlacement, trustedCertificatePem?: string): SignatureCheck {
  let document: ReturnType<DOMParser["parseFromString"]>;
  try {
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== "warning") throw new Error(message);
      },
    }).parseFromString(xml, "application/xml");
  } catch (error) {
    return { status: "invalid", reason: `unreadable XML: ${(error as Error).message}` };
  }
  const signatures = Array.from(document.getElementsByTagNameNS(DSIG_NAMESPACE, "Signature"));
  if (signatures.length === 0) return { status: "absent" };
  if (signatures.length > 1) return { status: "invalid", reason: "more than one Signature element" };
  const signature = signatures[0] as XmlElement;
  const placeProblem = placementProblem(signature, placement);
  if (placeProblem) return { status: "invalid", reason: placeProblem };

  const keyInfoCertificate = certificateInKeyInfo(signature);
  if (!keyInfoCertificate) return { status: "invalid", reason: "KeyInfo/X509Data/X509Certificate is missing" };
  const verifier = new SignedXml({
    publicCert: trustedCertificatePem ?? keyInfoCertificate,
    getCertFromKeyInfo: () => null,
  });
  try {
    verifier.loadSignature(signature as unknown as Node);
  } catch (error) {
    return { status: "invalid", reason: `unreadable Signature: ${(error as Error).message}` };
  }
  const algorithmProblem = algorithmsProblem(verifier);
  if (algorithmProblem) return { status: "invalid", reason: algorithmProblem };
  try {
    if (!verifier.checkSignature(xml)) return { status: "invalid", reason: "signature value does not verify" };
  } catch (error) {
    const message = (error as Error).message;
    return {
      status: "invalid",
      reason: message.includes("is incorrect") ? "signature value does not verify" : message.slice(0, 200),
    };
  }
  return trustedCertificatePem ? { status: "verified" } : { status: "self-consistent" };
}

function placementProblem(signature: XmlElement, placement: SignaturePlacement): string | undefined {
  const parent = signature.parentNode as XmlElement | null;
  if (placement === "dict-document") {
    return parent?.parentNode?.nodeType === 9 ? undefined : "Signature is not a child of the root element";
  }
  const appHdr = parent?.parentNode as XmlElement | null;
  const envelope = appHdr?.parentNode as XmlDomNode | null;
  const inPlace =
    parent?.localName === "Sgntr" && appHdr?.localName === "AppHdr" && envelope?.parentNode?.nodeType === 9;
  return inPlace ? undefined : "Signature is not in Envelope/AppHdr/Sgntr";
}

function certificateInKeyInfo(signature: XmlElement): string | undefined {
  const nodes = xpath.select(
    ".//*[local-name()='KeyInfo']/*[local-name()='X509Data']/*[local-name()='X509Certificate']",
    signature as unknown as Node,
  ) as unknown as XmlElement[];
  const base64 = nodes[0]?.textContent?.replace(/\s+/g, "");
  if (!base64) return undefined;
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
}

function algorithmsProblem(verifier: SignedXml): string | undefined {
  if (verifier.signatureAlgorithm !== RSA_SHA256) return `SignatureMethod must be ${RSA_SHA256}`;
  if (verifier.canonicalizationAlgorithm !== EXCLUSIVE_C14N) return `CanonicalizationMethod must be ${EXCLUSIVE_C14N}`;
  const references = verifier.getReferences();
  if (references.length !== 1) return "exactly one Reference is expected";
  const reference = references[0];
  if (!reference || (reference.uri ?? "") !== "") return 'the Reference must have URI=""';
  if (reference.digestAlgorithm !== SHA256_DIGEST) return `DigestMethod must be ${SHA256_DIGEST}`;
  const transforms = reference.transforms ?? [];
  if (!transforms.includes(ENVELOPED_SIGNATURE) || !transforms.includes(EXCLUSIVE_C14N)) {
    return "the Reference must have the enveloped-signature and exclusive c14n transforms";
  }
  return undefined;
}

/** The signing identity from PEM files, or a fresh self-signed one (its certificate written out when asked). */
export async function loadOrCreateIdentity(paths: {
  keyPath?: string;
  certPath?: string;
  certOutPath?: string;
}): Promise<SigningIdentity> {
  if (paths.keyPath && paths.certPath) {
    return { privateKeyPem: readFileSync(paths.keyPath, "utf8"), certificatePem: readFileSync(paths.certPath, "utf8") };
  }
  if (paths.keyPath || paths.certPath) throw new Error("NETWORK_SIGNING_KEY and NETWORK_SIGNING_CERT go together");
  const identity = await generateIdentity("PIX network simulator");
  if (paths.certOutPath) writeFileSync(paths.certOutPath, identity.certificatePem);
  return identity;
}

export async function generateIdentity(commonName: string): Promise<SigningIdentity> {
  const selfsigned = await import("selfsigned");
  const generated = await selfsigned.generate([{ name: "commonName", value: commonName }], {
    keySize: 2048,
    algorithm: "sha256",
    notAfterDate: new Date(Date.now() + 365 * 24 * 3600 * 1000),
  });
  return { privateKeyPem: generated.private, certificatePem: generated.cert };
}
