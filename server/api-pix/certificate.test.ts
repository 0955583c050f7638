import { describe, expect, it } from "vitest";
import { selfSignedCertificate } from "../../tests/support/certificates";
import { certificateDer, certificateThumbprint } from "./certificate";

describe("certificateDer: the forms proxies forward a client certificate in", () => {
  const cert = selfSignedCertificate();

  it.each([
    ["PEM", cert.pem],
    ["URL-encoded PEM (nginx $ssl_client_escaped_cert)", encodeURIComponent(cert.pem)],
    ["PEM with tab-led continuation lines (nginx $ssl_client_cert)", cert.pem.trim().replace(/\n/g, "\t")],
    ["base64 DER", cert.der.toString("base64")],
    ["URL-encoded base64 DER", encodeURIComponent(cert.der.toString("base64"))],
    ["base64url DER", cert.der.toString("base64url")],
  ])("reads %s", (_form, value) => {
    const der = certificateDer(value);
    expect(der?.equals(cert.der)).toBe(true);
    expect(certificateThumbprint(der as Buffer)).toBe(cert.thumbprint);
  });

  it.each([
    ["empty", ""],
    ["not base64", "a certificate, trust me"],
    ["base64 of something else", Buffer.from("not a certificate").toString("base64")],
    ["a broken escape", "%E0%A4%A"],
    ["a truncated certificate", cert.der.subarray(0, 100).toString("base64")],
  ])("refuses %s", (_form, value) => {
    expect(certificateDer(value)).toBeNull();
  });

  it("gives different certificates different thumbprints", () => {
    const other = selfSignedCertificate();
    expect(other.thumbprint).not.toBe(cert.thumbprint);
    expect(cert.thumbprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
