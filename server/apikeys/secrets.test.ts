import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  clientSecretMatches,
  decryptSecret,
  encryptSecret,
  hashClientSecret,
  newClientId,
  newClientSecret,
} from "./secrets";

describe("API key secrets", () => {
  it("makes prefixed, high-entropy identifiers", () => {
    expect(newClientId()).toMatch(/^cli_[0-9a-f]{32}$/);
    const secret = newClientSecret();
    expect(secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(newClientSecret()).not.toBe(secret);
  });

  it("matches a secret only against its own keyed hash", () => {
    const secret = newClientSecret();
    const stored = hashClientSecret(secret);
    expect(stored).not.toContain(secret);
    expect(clientSecretMatches(secret, stored)).toBe(true);
    expect(clientSecretMatches(`${secret}x`, stored)).toBe(false);
    expect(clientSecretMatches(secret, "abcd")).toBe(false);
  });

  it("depends on the pepper", () => {
    expect(hashClientSecret("sk_same", "pepper-one-".repeat(3))).not.toBe(
      hashClientSecret("sk_same", "pepper-two-".repeat(3)),
    );
  });

  it("encrypts with AES-GCM and detects tampering", () => {
    const key = randomBytes(32);
    const sealed = encryptSecret("sk_signing", key);
    expect(sealed).not.toContain("sk_signing");
    expect(decryptSecret(sealed, key)).toBe("sk_signing");
    const bytes = Buffer.from(sealed, "base64");
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => decryptSecret(bytes.toString("base64"), key)).toThrow();
    expect(() => decryptSecret(sealed, randomBytes(32))).toThrow();
  });
});
