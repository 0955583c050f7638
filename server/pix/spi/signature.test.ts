import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DOMParser } from "@xmldom/xmldom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignedXml } from "xml-crypto";
import * as xpath from "xpath";
import { resetConfigForTests } from "../../config";
import { signXml as simulatorSigns, verifyXml as simulatorVerifies } from "../../network-simulator/signing";
import { buildMessage, parseMessage } from "./messages";
import {
  ENVELOPED_SIGNATURE,
  EXCLUSIVE_C14N,
  RSA_SHA256,
  SHA256,
  type SigningIdentity,
  signatureProblem,
  signedMessage,
  signXml,
  verifySignature,
  XMLDSIG_NAMESPACE,
} from "./signature";
import type { Pacs004 } from "./types";

let network: SigningIdentity;
let stranger: SigningIdentity;

async function identity(name: string): Promise<SigningIdentity> {
  const selfsigned = await import("selfsigned");
  const made = await selfsigned.generate([{ name: "commonName", value: name }], { keySize: 2048, algorithm: "sha256" });
  return { keyPem: made.private, certPem: made.cert };
}

beforeAll(async () => {
  [network, stranger] = await Promise.all([identity("network.invalid"), identity("stranger.invalid")]);
});

const message: Pacs004 = {
  type: "pacs.004",
  bizMsgIdr: "M00038166202612071200abcdefghij1",
  createdAt: new Date("2026-12-07T12:00:00.000Z"),
  from: "00038166",
  to: "12345678",
  returnId: "D10000001202612071200abcdefghijk",
  originalEndToEndId: "E12345678202612061100abcdefghijk",
  amountCents: 15_000n,
  reasonCode: "MD06",
};
const unsigned = () => buildMessage(message);
const dictAnswer =
  '<?xml version="1.0" encoding="UTF-8"?><GetEntryResponse><Entry><Key>maria@example.com</Key></Entry></GetEntryResponse>';

const dom = (xml: string) => new DOMParser().parseFromString(xml, "application/xml") as unknown as Node;
const attribute = (xml: string, expression: string) =>
  (xpath.select1(expression, dom(xml)) as Attr | undefined)?.value ?? null;
const local = (name: string) => `*[local-name()='${name}']`;

describe("signXml", () => {
  it("puts one enveloped signature in AppHdr/Sgntr with the algorithms and KeyInfo network.md pins", () => {
    const signed = signXml(unsigned(), network, "spi-message");
    const signatures = xpath.select(
      `//*[local-name()='Signature' and namespace-uri()='${XMLDSIG_NAMESPACE}']`,
      dom(signed),
    ) as Node[];
    expect(signatures).toHaveLength(1);
    const home = `/${local("Envelope")}/${local("AppHdr")}/${local("Sgntr")}/${local("Signature")}`;
    const info = `${home}/${local("SignedInfo")}`;
    expect(attribute(signed, `${info}/${local("CanonicalizationMethod")}/@Algorithm`)).toBe(EXCLUSIVE_C14N);
    expect(attribute(signed, `${info}/${local("SignatureMethod")}/@Algorithm`)).toBe(RSA_SHA256);
    expect(xpath.select(`${info}/${local("Reference")}`, dom(signed))).toHaveLength(1);
    expect(attribute(signed, `${info}/${local("Reference")}/@URI`)).toBe("");
    const transforms = xpath.select(
      `${info}/${local("Reference")}/${local("Transforms")}/${local("Transform")}/@Algorithm`,
      dom(signed),
    ) as Attr[];
    expect(transforms.map((transform) => transform.value)).toEqual([ENVELOPED_SIGNATURE, EXCLUSIVE_C14N]);
    expect(attribute(signed, `${info}/${local("Reference")}/${local("DigestMethod")}/@Algorithm`)).toBe(SHA256);
    const certificate = xpath.select1(
      `string(${home}/${local("KeyInfo")}/${local("X509Data")}/${local("X509Certificate")})`,
      dom(signed),
    );
    const pemBody = network.certPem.replace(/-----[A-Z ]+-----|\s/g, "");
    expect(String(certificate).replace(/\s/g, "")).toBe(pemBody);
  });

  it("leaves the message readable: the signed envelope parses to the same message", () => {
    expect(parseMessage(signXml(unsigned(), network, "spi-message"))).toEqual({
      ...message,
      additionalInfo: undefined,
    });
  });

  it("puts a DICT document's signature first under its root", () => {
    const signed = signXml(dictAnswer, network, "dict-document");
    expect(xpath.select(`/${local("GetEntryResponse")}/*[1][local-name()='Signature']`, dom(signed))).toHaveLength(1);
  });
});

describe("verifySignature", () => {
  it("accepts what the network's key signed", () => {
    expect(verifySignature(signXml(unsigned(), network, "spi-message"), network.certPem, "spi-message")).toBeNull();
    expect(verifySignature(signXml(dictAnswer, network, "dict-document"), network.certPem, "dict-document")).toBeNull();
  });

  it("refuses a message whose amount changed after it was signed", () => {
    const tampered = signXml(unsigned(), network, "spi-message").replace(">150.00<", ">1500.00<");
    expect(tampered).toContain(">1500.00<");
    expect(verifySignature(tampered, network.certPem, "spi-message")).toEqual({
      code: "DS0B",
      reason: "the signature does not verify with the network's certificate",
    });
  });

  it("refuses a message signed by another key, whichever certificate its KeyInfo names", () => {
    const signed = signXml(unsigned(), stranger, "spi-message");
    expect(verifySignature(signed, network.certPem, "spi-message")).toEqual({
      code: "DS0B",
      reason: "the message is signed by a certificate other than the network's",
    });
    const body = (pem: string) => pem.replace(/-----[A-Z ]+-----|\s/g, "");
    const posing = signed.replace(/<ds:X509Certificate>[^<]*</, `<ds:X509Certificate>${body(network.certPem)}<`);
    expect(verifySignature(posing, network.certPem, "spi-message")?.reason).toBe(
      "the signature does not verify with the network's certificate",
    );
  });

  it("refuses an unsigned message (DS0A), two signatures, and a signature out of its place", () => {
    expect(verifySignature(unsigned(), network.certPem, "spi-message")).toEqual({
      code: "DS0A",
      reason: "the document is not signed",
    });
    const signed = signXml(unsigned(), network, "spi-message");
    const twice = signXml(signed, network, "spi-message");
    expect(verifySignature(twice, network.certPem, "spi-message")?.reason).toBe(
      "the document has more than one Signature",
    );
    const misplaced = signXml(unsigned(), network, "dict-document");
    expect(verifySignature(misplaced, network.certPem, "spi-message")?.reason).toBe(
      "the Signature is not in Envelope/AppHdr/Sgntr",
    );
    const spiPlaced = signXml(unsigned(), network, "spi-message");
    expect(verifySignature(spiPlaced, network.certPem, "dict-document")?.reason).toBe(
      "the Signature is not a child of the root element",
    );
  });

  it("refuses a signature with other algorithms than network.md's", () => {
    const signer = new SignedXml({
      privateKey: network.keyPem,
      publicCert: network.certPem,
      signatureAlgorithm: "http://www.w3.org/2000/09/xmldsig#rsa-sha1",
      canonicalizationAlgorithm: EXCLUSIVE_C14N,
    });
    signer.addReference({
      xpath: "/*",
      uri: "",
      isEmptyUri: true,
      transforms: [ENVELOPED_SIGNATURE, EXCLUSIVE_C14N],
      digestAlgorithm: SHA256,
    });
    signer.computeSignature(unsigned(), {
      prefix: "ds",
      location: { reference: "/*/*[local-name()='AppHdr']/*[local-name()='Sgntr']", action: "append" },
    });
    expect(verifySignature(signer.getSignedXml(), network.certPem, "spi-message")?.reason).toBe(
      `SignatureMethod must be ${RSA_SHA256}`,
    );
  });

  it("agrees with the network simulator's own XMLDSig, both ways", () => {
    const simulatorIdentity = { privateKeyPem: network.keyPem, certificatePem: network.certPem };
    const bySimulator = simulatorSigns(unsigned(), simulatorIdentity, "spi-message");
    expect(verifySignature(bySimulator, network.certPem, "spi-message")).toBeNull();
    expect(simulatorVerifies(signXml(unsigned(), network, "spi-message"), "spi-message", network.certPem)).toEqual({
      status: "verified",
    });
    expect(simulatorVerifies(signXml(dictAnswer, network, "dict-document"), "dict-document", network.certPem)).toEqual({
      status: "verified",
    });
  });
});

describe("the connector's configured signing", () => {
  const saved = { ...process.env };
  let directory: string;

  beforeAll(() => {
    directory = mkdtempSync(path.join(tmpdir(), "spi-signature-"));
  });

  afterAll(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
    resetConfigForTests();
  });

  function configure(files: Record<string, string>) {
    for (const key of ["PIX_SIGNING_KEY", "PIX_SIGNING_CERT", "PIX_NETWORK_CERT"]) delete process.env[key];
    Object.assign(process.env, {
      PIX_RAIL: "network",
      PSP_ISPB: "12345678",
      SPI_URL: "http://127.0.0.1:9/spi",
      DICT_URL: "http://127.0.0.1:9/dict",
    });
    for (const [name, pem] of Object.entries(files)) {
      const file = path.join(directory, `${name}.pem`);
      writeFileSync(file, pem);
      process.env[name] = file;
    }
    resetConfigForTests();
  }

  it("refuses an unsigned message once PIX_NETWORK_CERT is set, and checks nothing without it", () => {
    configure({});
    expect(signatureProblem(unsigned())).toBeNull();
    configure({ PIX_NETWORK_CERT: network.certPem });
    expect(signatureProblem(unsigned())).toBe("the document is not signed");
    expect(signatureProblem(signXml(unsigned(), network, "spi-message"))).toBeNull();
    expect(signatureProblem(signXml(unsigned(), stranger, "spi-message"))).toBe(
      "the message is signed by a certificate other than the network's",
    );
  });

  it("signs what it sends only when PIX_SIGNING_KEY and PIX_SIGNING_CERT are set", () => {
    configure({});
    expect(signedMessage(unsigned())).toBe(unsigned());
    configure({ PIX_SIGNING_KEY: stranger.keyPem, PIX_SIGNING_CERT: stranger.certPem });
    expect(verifySignature(signedMessage(unsigned()), stranger.certPem, "spi-message")).toBeNull();
  });
});
