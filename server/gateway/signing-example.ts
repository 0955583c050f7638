/**
 * The worked examples of the getting-started pages (app/docs/getting-started): a signed gateway
 * request and a signed webhook delivery, with concrete values and the code that computes them in
 * Node and Python. signing-example.test.ts recomputes every value with the real signers
 * (pipeline/hmac.ts, webhooks/signature.ts) and runs the snippets, so the pages cannot drift.
 */

/** A gateway POST: the client secret keys an HMAC-SHA512 of the canonical body (no timestamp). */
export const REQUEST_SIGNING_EXAMPLE = {
  clientSecret: "sk_test_4f6c2d8e0a1b3c5d7e9f",
  /** The body as a client might write it: spaces, keys in any order, `10.50`. */
  body: '{ "pix_key": "ana@example.invalid", "amount": 10.50, "pix_key_type": "email" }',
  canonical: '{"amount":10.5,"pix_key":"ana@example.invalid","pix_key_type":"email"}',
  hmac: "123db25a3d859ba4ff85fea5c3aea81408cfc1977746dc3ea1aae836c42ffdc21069b5332d98fc4745e075279201f72038eb534456bda74fcd7b4234c7eed9bc",
} as const;

/** A gateway webhook delivery: `sha256=` HMAC-SHA256 of `timestamp.rawBody`, keyed with the registration's secret. */
export const WEBHOOK_SIGNATURE_EXAMPLE = {
  secret: "whsec-0123456789abcdef",
  timestamp: 1_764_158_400,
  body: '{"id":"5b0c3c9e-3f1a-4d7b-9a51-0f6f4a6f2c11","type":"pix.charge.paid","created_at":"2025-11-26T12:00:00.000Z","data":{"tx_id":"7d9f0335b4a14b0d9f5c3a1e2b7c8d90","status":"paid","amount":10.5}}',
  signature: "sha256=9b1efdd0daa2cd67a90920595380d3cd2bb1658658f6bfcd42626f70c0717f71",
} as const;

/** Signing a gateway request in Node: `signRequest(clientSecret, body)` gives the `hmac` header. */
export const NODE_SIGN_REQUEST = `import { createHmac } from "node:crypto";

// The canonical body: keys sorted at every level, no spaces, numbers in their shortest form.
const canonical = (v) =>
  Array.isArray(v)
    ? \`[\${v.map(canonical).join(",")}]\`
    : v !== null && typeof v === "object"
      ? \`{\${Object.keys(v).sort().map((k) => \`\${JSON.stringify(k)}:\${canonical(v[k])}\`).join(",")}}\`
      : JSON.stringify(v);

function signRequest(clientSecret, body) {
  return createHmac("sha512", clientSecret).update(canonical(JSON.parse(body))).digest("hex");
}`;

/** Signing a gateway request in Python: `sign_request(client_secret, body)` gives the `hmac` header. */
export const PYTHON_SIGN_REQUEST = `import hashlib, hmac, json

def canonical(value):
    # Keys sorted at every level, no spaces, numbers in their shortest form (10.0 is written 10).
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + canonical(value[k]) for k in sorted(value)) + "}"
    if isinstance(value, list):
        return "[" + ",".join(canonical(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)

def sign_request(client_secret, body):
    return hmac.new(client_secret.encode(), canonical(json.loads(body)).encode(), hashlib.sha512).hexdigest()`;

/** Checking a gateway webhook delivery in Node, on the raw body as received (a string). */
export const NODE_VERIFY_WEBHOOK = `import { createHmac, timingSafeEqual } from "node:crypto";

function verifyWebhook(secret, headers, rawBody, nowSeconds = Date.now() / 1000) {
  const timestamp = headers["x-service-timestamp"];
  const given = headers["x-service-signature"] ?? "";
  const expected =
    "sha256=" + createHmac("sha256", secret).update(\`\${timestamp}.\${rawBody}\`).digest("hex");
  const fresh = Math.abs(nowSeconds - Number(timestamp)) <= 300; // refuse replays older than 5 minutes
  return fresh && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}`;

/** Checking a gateway webhook delivery in Python, on the raw body as received (bytes). */
export const PYTHON_VERIFY_WEBHOOK = `import hashlib, hmac, time

def verify_webhook(secret, headers, raw_body, now=None):
    timestamp = headers["X-Service-Timestamp"]
    expected = "sha256=" + hmac.new(secret.encode(), f"{timestamp}.".encode() + raw_body, hashlib.sha256).hexdigest()
    fresh = abs((now or time.time()) - int(timestamp)) <= 300  # refuse replays older than 5 minutes
    return fresh and hmac.compare_digest(headers.get("X-Service-Signature", ""), expected)`;
