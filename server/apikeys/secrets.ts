/**
 * API key secrets (docs/contract.md, "One API key model"): the client secret is kept only as a
 * keyed hash (HMAC-SHA256 with a server pepper — fast, since it runs on every request); the
 * request-signing secret is encrypted at rest with AES-256-GCM so signatures can be checked.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { config } from "../config";

export function newClientId(): string {
  return `cli_${randomBytes(16).toString("hex")}`;
}

export function newClientSecret(): string {
  return `sk_${randomBytes(32).toString("base64url")}`;
}

export function hashClientSecret(secret: string, pepper = config().API_KEY_PEPPER): string {
  return createHmac("sha256", pepper).update(secret).digest("hex");
}

export function clientSecretMatches(secret: string, storedHash: string): boolean {
  const actual = Buffer.from(hashClientSecret(secret), "hex");
  const expected = Buffer.from(storedHash, "hex");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// A raw key costs a KeyObject per cipher; signatures are checked on every signed request.
const keyObjects = new WeakMap<Buffer, KeyObject>();
function keyObject(key: Buffer): KeyObject {
  let object = keyObjects.get(key);
  if (!object) {
    object = createSecretKey(key);
    keyObjects.set(key, object);
  }
  return object;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** base64(iv | tag | ciphertext) */
export function encryptSecret(plain: string, key = config().dataEncryptionKey): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyObject(key), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64");
}

export function decryptSecret(sealed: string, key = config().dataEncryptionKey): string {
  const bytes = Buffer.from(sealed, "base64");
  const iv = bytes.subarray(0, IV_BYTES);
  const tag = bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", keyObject(key), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}
