/**
 * The connector's XMLDSig (docs/pix-network.md §2.1, §3): what it sends is signed when
 * PIX_SIGNING_* are set; what it receives is checked when PIX_NETWORK_CERT is set.
 *
 * PROVISIONAL: until server/pix/spi/signature.ts lands, the signing is written here with
 * xml-crypto; then these functions call signSpiMessage / signDictDocument / verifySignedXml.
 */
import { DOMParser } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";
import * as xpath from "xpath";
import { networkSettings } from "./settings";

const DSIG = "http://www.w3.org/2000/09/xmldsig#";
const EXCLUSIVE_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
const SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";
const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";

function sign(xml: string, signing: { keyPem: string; certPem: string }, inAppHeader: boolean): string {
  const signer = new SignedXml({
    privateKey: signing.keyPem,
    publicCert: signing.certPem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXCLUSIVE_C14N,
  });
  signer.addReference({
    xpath: "/*",
    uri: "",
    isEmptyUri: true,
    transforms: [ENVELOPED, EXCLUSIVE_C14N],
    digestAlgorithm: SHA256,
  });
  signer.computeSignature(xml, {
    prefix: "ds",
    location: inAppHeader
      ? { reference: "/*/*[local-name()='AppHdr']/*[local-name()='Sgntr']", action: "append" }
      : { reference: "/*", action: "prepend" },
  });
  return signer.getSignedXml();
}

export function signedMessage(xml: string): string {
  const { signing } = networkSettings();
  return signing ? sign(xml, signing, true) : xml;
}

export function signedDictRequest(xml: string): string {
  const { signing } = networkSettings();
  return signing ? sign(xml, signing, false) : xml;
}

/** Null when the one signature verifies with the network's certificate (or nothing is checked); else why not. */
export function signatureProblem(xml: string): string | null {
  const { networkCertPem } = networkSettings();
  if (!networkCertPem) return null;
  try {
    const document = new DOMParser({
      onError: (level, message) => {
        if (level !== "warning") throw new Error(message);
      },
    }).parseFromString(xml, "application/xml");
    const signatures = xpath.select(
      `//*[local-name()='Signature' and namespace-uri()='${DSIG}']`,
      document as unknown as Node,
    ) as Node[];
    if (signatures.length !== 1)
      return signatures.length === 0 ? "the message is not signed" : "more than one signature";
    const verifier = new SignedXml({ publicCert: networkCertPem, getCertFromKeyInfo: () => null });
    verifier.loadSignature(signatures[0] as Node);
    const [reference, ...others] = verifier.getReferences();
    if (verifier.signatureAlgorithm !== RSA_SHA256 || others.length > 0 || (reference?.uri ?? "") !== "") {
      return "the signature's algorithms or reference are not the network's";
    }
    return verifier.checkSignature(xml) ? null : "the signature does not verify with the network's certificate";
  } catch (error) {
    return `the signature cannot be checked: ${error instanceof Error ? error.message.slice(0, 200) : "unknown"}`;
  }
}
