/** The getting-started pages' worked examples and snippets agree with the real signers. */
import { spawnSync } from "node:child_process";
import { createHmac, timingSafeEqual } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signatureOf } from "../webhooks/signature";
import { canonicalJson } from "./canonical-json";
import { expectedSignature } from "./pipeline/hmac";
import {
  NODE_SIGN_REQUEST,
  NODE_VERIFY_WEBHOOK,
  PYTHON_SIGN_REQUEST,
  PYTHON_VERIFY_WEBHOOK,
  REQUEST_SIGNING_EXAMPLE as request,
  WEBHOOK_SIGNATURE_EXAMPLE as webhook,
} from "./signing-example";

/** A snippet's function, its `node:crypto` import supplied (a Function body cannot import). */
const run = <T>(snippet: string, name: string): T => {
  const body = snippet.replace(/^import \{[^}]*\} from "node:crypto";$/m, "");
  expect(body).not.toContain("import ");
  return new Function("createHmac", "timingSafeEqual", `${body}\nreturn ${name};`)(createHmac, timingSafeEqual);
};
const python = spawnSync("python3", ["--version"]).status === 0;

describe("the worked examples", () => {
  it("sign the request as the gateway's HMAC step expects", () => {
    expect(canonicalJson(JSON.parse(request.body))).toBe(request.canonical);
    expect(expectedSignature(request.clientSecret, JSON.parse(request.body))).toBe(request.hmac);
  });

  it("sign the webhook as the delivery loop signs it", () => {
    expect(signatureOf(webhook.secret, webhook.timestamp, webhook.body)).toBe(webhook.signature);
  });
});

describe("the Node snippets", () => {
  it("sign a request as the gateway does, for awkward bodies too", () => {
    const signRequest = run<(secret: string, body: string) => string>(NODE_SIGN_REQUEST, "signRequest");
    expect(signRequest(request.clientSecret, request.body)).toBe(request.hmac);
    const awkward = '{"b":[1,2.50,{"z":null,"a":true}],"a":"ção \\u00e9","c":10.00}';
    expect(signRequest("s", awkward)).toBe(expectedSignature("s", JSON.parse(awkward)));
  });

  it("accept the example delivery and refuse a changed body or an old timestamp", () => {
    const verify = run<(s: string, h: Record<string, string>, b: string, now?: number) => boolean>(
      NODE_VERIFY_WEBHOOK,
      "verifyWebhook",
    );
    const headers = { "x-service-timestamp": String(webhook.timestamp), "x-service-signature": webhook.signature };
    expect(verify(webhook.secret, headers, webhook.body, webhook.timestamp + 10)).toBe(true);
    expect(verify(webhook.secret, headers, webhook.body.replace("10.5", "1050"), webhook.timestamp)).toBe(false);
    expect(verify(webhook.secret, headers, webhook.body, webhook.timestamp + 3600)).toBe(false);
  });
});

describe.runIf(python)("the Python snippets", () => {
  it("compute the same request signature and accept the example delivery", () => {
    const script = `${PYTHON_SIGN_REQUEST}\n${PYTHON_VERIFY_WEBHOOK}
import sys
print(sign_request(${JSON.stringify(request.clientSecret)}, ${JSON.stringify(request.body)}))
print(sign_request("s", '{"b":[1,2.50,{"z":null,"a":true}],"a":"ção \\\\u00e9","c":10.00}'))
headers = {"X-Service-Timestamp": "${webhook.timestamp}", "X-Service-Signature": ${JSON.stringify(webhook.signature)}}
print(verify_webhook(${JSON.stringify(webhook.secret)}, headers, ${JSON.stringify(webhook.body)}.encode(), now=${webhook.timestamp + 10}))
print(verify_webhook(${JSON.stringify(webhook.secret)}, headers, b"{}", now=${webhook.timestamp}))
`;
    const out = spawnSync("python3", ["-c", script], { encoding: "utf8" });
    expect(out.stderr).toBe("");
    const awkward = JSON.parse('{"b":[1,2.50,{"z":null,"a":true}],"a":"ção \\u00e9","c":10.00}');
    expect(out.stdout.trim().split("\n")).toEqual([request.hmac, expectedSignature("s", awkward), "True", "False"]);
  });
});
