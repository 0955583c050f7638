/** RFC 8705 certificate-bound access tokens: the proxy forwards the client certificate in a header. */
import { decodeJwt } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../../server/config";
import { selfSignedCertificate } from "../support/certificates";
import { basic, call, newMerchant } from "../support/fixtures";
import { apiPixDoor, pixCall } from "./support";

const CERT_HEADER = "x-ssl-client-cert";
const PROXY = "127.0.0.1";
const STRANGER = "192.0.2.7";
const PROBLEM = "https://pix.bcb.gov.br/api/v2/error/";

function configure(env: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfigForTests();
}

const bindingOn = () => configure({ API_PIX_MTLS_CERT_HEADER: "X-SSL-Client-Cert", TRUSTED_PROXIES: PROXY });
const bindingOff = () => configure({ API_PIX_MTLS_CERT_HEADER: undefined, TRUSTED_PROXIES: undefined });

async function token(clientId: string, clientSecret: string, certificate?: string, ip = PROXY) {
  return call(apiPixDoor, "POST", "/api/pix/oauth/token", {
    auth: basic(clientId, clientSecret),
    rawBody: "grant_type=client_credentials",
    ip,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(certificate ? { [CERT_HEADER]: certificate } : {}),
    },
  });
}

/** A resource call whose bearer checks passed answers 404 for this unknown path; 401 when they did not. */
function resource(bearer: string, certificate?: string, ip = PROXY) {
  return pixCall(bearer, "GET", "/caminho-inexistente", {
    ip,
    headers: certificate ? { [CERT_HEADER]: certificate } : {},
  });
}

describe("certificate-bound tokens (API_PIX_MTLS_CERT_HEADER set)", () => {
  beforeEach(bindingOn);
  afterEach(bindingOff);

  it("binds the token to the forwarded certificate and accepts it only with that certificate", async () => {
    const merchant = await newMerchant({ ipWhitelist: [PROXY, STRANGER] });
    const cert = selfSignedCertificate();
    const issued = await token(merchant.clientId, merchant.clientSecret, encodeURIComponent(cert.pem));
    expect(issued.status).toBe(200);
    const accessToken = issued.json.access_token as string;
    expect(decodeJwt(accessToken).cnf).toEqual({ "x5t#S256": cert.thumbprint });
    const bearer = `Bearer ${accessToken}`;

    // the same certificate in another of the forms proxies use is the same certificate
    const same = await resource(bearer, cert.der.toString("base64"));
    expect(same.status).toBe(404);
    expect(same.json).toMatchObject({ type: `${PROBLEM}NaoEncontrado` });

    const refusals = [
      ["no certificate", await resource(bearer)],
      ["another certificate", await resource(bearer, selfSignedCertificate().pem.replace(/\n/g, "\t"))],
      ["an unreadable certificate", await resource(bearer, "bm90IGEgY2VydGlmaWNhdGU=")],
      [
        "the right certificate from a peer that is not a trusted proxy",
        await resource(bearer, cert.pem.replace(/\n/g, "\t"), STRANGER),
      ],
    ] as const;
    for (const [what, res] of refusals) {
      expect({ what, status: res.status }).toEqual({ what, status: 401 });
      expect(res.json).toMatchObject({ type: `${PROBLEM}NaoAutorizado`, status: 401 });
      expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
    }
  });

  it("issues no token without a certificate from a trusted proxy: 401 invalid_client", async () => {
    const merchant = await newMerchant({ ipWhitelist: [PROXY, STRANGER] });
    const cert = selfSignedCertificate();
    for (const res of [
      await token(merchant.clientId, merchant.clientSecret),
      await token(merchant.clientId, merchant.clientSecret, "-----BEGIN CERTIFICATE-----garbage"),
      await token(merchant.clientId, merchant.clientSecret, encodeURIComponent(cert.pem), STRANGER),
    ]) {
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ error: "invalid_client" });
      expect(res.headers.get("www-authenticate")).toContain("Basic");
    }
  });

  it("refuses a token issued before binding was turned on (it carries no certificate)", async () => {
    const merchant = await newMerchant();
    bindingOff();
    const unbound = await token(merchant.clientId, merchant.clientSecret);
    expect(unbound.status).toBe(200);
    expect(decodeJwt(unbound.json.access_token as string).cnf).toBeUndefined();
    bindingOn();
    const res = await resource(
      `Bearer ${unbound.json.access_token as string}`,
      selfSignedCertificate().pem.replace(/\n/g, "\t"),
    );
    expect(res.status).toBe(401);
  });

  it("refuses a bound token once binding is off: its certificate can no longer be shown", async () => {
    const merchant = await newMerchant();
    const cert = selfSignedCertificate();
    const bound = await token(merchant.clientId, merchant.clientSecret, encodeURIComponent(cert.pem));
    bindingOff();
    const res = await resource(`Bearer ${bound.json.access_token as string}`, encodeURIComponent(cert.pem));
    expect(res.status).toBe(401);
  });
});

describe("without API_PIX_MTLS_CERT_HEADER (the default)", () => {
  it("ignores a certificate header: tokens are not bound", async () => {
    const merchant = await newMerchant();
    const cert = selfSignedCertificate();
    const issued = await token(merchant.clientId, merchant.clientSecret, encodeURIComponent(cert.pem));
    expect(issued.status).toBe(200);
    expect(decodeJwt(issued.json.access_token as string).cnf).toBeUndefined();
    expect((await resource(`Bearer ${issued.json.access_token as string}`)).status).toBe(404);
  });
});
