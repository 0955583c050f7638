import { describe, expect, it } from "vitest";
import { accountHeaders, bodyOf, gatewayHeaders, newWebhookSecret, signatureOf, USER_AGENT } from "./signature";

// Vectors computed independently with: printf '%s' "$TS.$BODY" | openssl dgst -sha256 -hmac "$SECRET"
const BODY =
  '{"id":"3f1c9a52-0000-4000-8000-000000000001","type":"pix.charge.paid","created_at":"2026-01-01T00:00:00.000Z","data":{"id":"tx1","status":"paid","amount":10.5}}';

describe("gateway webhook signature (interface 6.3)", () => {
  it("is sha256= + hex HMAC-SHA256 over timestamp.body with the webhook secret", () => {
    expect(signatureOf("whsec_test_0123456789abcdef", 1700000000, BODY)).toBe(
      "sha256=43f819ba44725bedc2746dfc91b99491b336c435ace75e4871269a3d020d5996",
    );
    expect(signatureOf("key", "1", "")).toBe("sha256=53123bc365c2fe4bee48bc5cc6cd6c19699147d43513154ed34277c7c063e80f");
  });

  it("changes with any byte of the body, the timestamp or the secret", () => {
    const base = signatureOf("whsec_test_0123456789abcdef", 1700000000, BODY);
    expect(signatureOf("whsec_test_0123456789abcdef", 1700000001, BODY)).not.toBe(base);
    expect(signatureOf("whsec_test_0123456789abcdeF", 1700000000, BODY)).not.toBe(base);
    expect(signatureOf("whsec_test_0123456789abcdef", 1700000000, BODY.replace("10.5", "10.6"))).not.toBe(base);
  });

  it("sends exactly the headers of 6.1, signing the bytes it sends", () => {
    const headers = gatewayHeaders({
      deliveryId: "3f1c9a52-0000-4000-8000-000000000001",
      eventType: "pix.charge.paid",
      timestamp: 1700000000,
      rawBody: BODY,
      secret: "whsec_test_0123456789abcdef",
    });
    expect(headers).toEqual({
      "Content-Type": "application/json",
      "User-Agent": "Service-Webhook/1.0",
      "X-Service-Signature": "sha256=43f819ba44725bedc2746dfc91b99491b336c435ace75e4871269a3d020d5996",
      "X-Service-Timestamp": "1700000000",
      "X-Service-Event-Id": "3f1c9a52-0000-4000-8000-000000000001",
      "X-Service-Event-Type": "pix.charge.paid",
    });
    expect(USER_AGENT).toMatch(/^Service-Webhook\/\d+\.\d+$/);
  });

  it("says `unsigned` when the webhook has no secret", () => {
    const headers = gatewayHeaders({ deliveryId: "x", eventType: "t", timestamp: 1, rawBody: "{}", secret: null });
    expect(headers["X-Service-Signature"]).toBe("unsigned");
  });

  it("account surface: authHeader goes back as Authorization, and only when configured", () => {
    const base = { deliveryId: "d", eventType: "pix_in:credited", timestamp: 1, rawBody: "{}", secret: null };
    expect(accountHeaders({ ...base, authHeader: "Bearer abc" })).toMatchObject({
      Authorization: "Bearer abc",
      "Content-Type": "application/json",
    });
    expect(accountHeaders({ ...base, authHeader: null })).not.toHaveProperty("Authorization");
  });

  it("account surface: signed with the configuration's secret as the gateway signs", () => {
    const input = { deliveryId: "d", eventType: "pix_in:credited", timestamp: 1700000000, rawBody: '{"a":1}' };
    const headers = accountHeaders({ ...input, secret: "s".repeat(64), authHeader: "Bearer abc" });
    expect(headers["X-Service-Signature"]).toBe(signatureOf("s".repeat(64), 1700000000, '{"a":1}'));
    expect(headers["X-Service-Timestamp"]).toBe("1700000000");
    expect(headers.Authorization).toBe("Bearer abc");
  });

  it("generates 64-character secrets, never the same twice", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});

describe("bodyOf", () => {
  it("writes the documented keys first, whatever order the stored payload has", () => {
    const stored = {
      data: { amount: 10.5, status: "paid", id: "tx1" },
      created_at: "2026-01-01T00:00:00.000Z",
      type: "pix.charge.paid",
      id: "3f1c9a52-0000-4000-8000-000000000001",
    };
    expect(bodyOf(stored)).toBe(BODY);
  });

  it("is stable: the same payload always gives the same bytes", () => {
    const a = { z: 1, a: { y: [1, { b: 2, a: 1 }], x: null }, id: "i" };
    expect(bodyOf(a)).toBe(bodyOf(JSON.parse(JSON.stringify(a))));
    expect(bodyOf(a)).toBe('{"id":"i","a":{"x":null,"y":[1,{"a":1,"b":2}]},"z":1}');
  });
});
