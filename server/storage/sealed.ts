/**
 * Files encrypted at rest (KYC documents): AES-256-GCM with DATA_ENCRYPTION_KEY, the key that
 * already seals API-key and webhook secrets (server/apikeys/secrets.ts). Stored bytes are
 * MAGIC | iv (12) | ciphertext | tag (16); the storage driver never sees the plain file.
 * Files here are small (≤ 10 MB), so reading decrypts in memory and checks the tag before
 * anything is returned: a tampered file is an error, never partial content.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { config } from "../config";
import { storage } from "./index";

const MAGIC = Buffer.from("PXS1");
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealBytes(plain: Uint8Array, key = config().dataEncryptionKey): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, iv, ciphertext, cipher.getAuthTag()]);
}

export function openBytes(sealed: Buffer, key = config().dataEncryptionKey): Buffer {
  if (sealed.length < MAGIC.length + IV_BYTES + TAG_BYTES || !sealed.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new Error("not a sealed file");
  }
  const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
  const tag = sealed.subarray(sealed.length - TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([
    decipher.update(sealed.subarray(MAGIC.length + IV_BYTES, sealed.length - TAG_BYTES)),
    decipher.final(),
  ]);
}

/** Stores `plain` encrypted; the stored content type is opaque, the real one is the caller's to keep. */
export async function putSealed(key: string, plain: Uint8Array): Promise<void> {
  await storage().put(key, [sealBytes(plain)], "application/octet-stream");
}

/** The decrypted file, or null when there is none. */
export async function getSealed(key: string): Promise<Buffer | null> {
  const stored = await storage().get(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk));
  return openBytes(Buffer.concat(chunks));
}
