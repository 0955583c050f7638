/**
 * Self-signed X.509 certificates for tests, made with node:crypto alone: a P-256 key pair and a
 * minimal v3 certificate (serial, names, validity, key) written in DER by hand and signed with
 * ECDSA-SHA256. Enough for anything that parses it (node's X509Certificate, a proxy's header).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, X509Certificate } from "node:crypto";

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const sequence = (...items: Buffer[]) => tlv(0x30, ...items);

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split(".").map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const groups: number[] = [];
    for (let v = arc; ; v = Math.floor(v / 128)) {
      groups.unshift(v % 128);
      if (v < 128) break;
    }
    bytes.push(...groups.map((g, i) => (i < groups.length - 1 ? g | 0x80 : g)));
  }
  return tlv(0x06, Buffer.from(bytes));
}

const ECDSA_SHA256 = sequence(oid("1.2.840.10045.4.3.2"));
const commonName = (cn: string) => sequence(tlv(0x31, sequence(oid("2.5.4.3"), tlv(0x0c, Buffer.from(cn, "utf8")))));
const utcTime = (date: Date) =>
  tlv(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-:T]/g, "")}Z`, "ascii"));

export type TestCertificate = { der: Buffer; pem: string; thumbprint: string };

/** A fresh self-signed client certificate for `cn`, valid from an hour ago for a day. */
export function selfSignedCertificate(cn = "cliente-api-pix.example.invalid"): TestCertificate {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const serial = randomBytes(8);
  serial[0] = (serial[0] ?? 0) & 0x7f; // a positive INTEGER
  const now = Date.now();
  const tbs = sequence(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))), // v3
    tlv(0x02, serial),
    ECDSA_SHA256,
    commonName(cn),
    sequence(utcTime(new Date(now - 3_600_000)), utcTime(new Date(now + 86_400_000))),
    commonName(cn),
    publicKey.export({ type: "spki", format: "der" }),
  );
  const signature = sign("sha256", tbs, { key: privateKey, dsaEncoding: "der" });
  const der = sequence(tbs, ECDSA_SHA256, tlv(0x03, Buffer.from([0]), signature));
  new X509Certificate(der); // fails loudly here if the encoding above is ever wrong
  const lines = der.toString("base64").match(/.{1,64}/g) ?? [];
  const pem = `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
  return { der, pem, thumbprint: createHash("sha256").update(der).digest("base64url") };
}
