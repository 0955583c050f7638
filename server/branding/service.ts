/**
 * The merchant's brand on the payer's pages (and for the printable bill): display name, accent
 * colour and logo. A logo upload is sniffed by its bytes (PNG or JPEG only, whatever its name or
 * declared type), at most LOGO_MAX_BYTES, re-encoded as a PNG at most LOGO_SIZE px a side with
 * sharp (no metadata kept) and kept in the storage module under a random key.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { Db, Tx } from "../db/client";
import { AppError } from "../errors";
import { storage } from "../storage";
import { sniffUpload, unsupportedFileType } from "../uploads/file-rules";
import { type BrandingUpdateInput, LOGO_MAX_BYTES, LOGO_SIZE } from "./schema";

export const LOGO_KEY_PATTERN = /^[0-9a-f]{32}$/;
const storageKey = (logoKey: string) => `branding/${logoKey}.png`;

export type BrandingView = { displayName: string | null; accentColor: string | null; logoUrl: string | null };

export const logoUrl = (logoKey: string) => `/api/branding/logo/${logoKey}`;

export async function getBranding(tx: Tx, userId: string): Promise<BrandingView> {
  const row = await tx.branding.findUnique({ where: { userId } });
  return {
    displayName: row?.displayName ?? null,
    accentColor: row?.accentColor ?? null,
    logoUrl: row?.logoKey ? logoUrl(row.logoKey) : null,
  };
}

export async function updateBranding(db: Db, userId: string, input: BrandingUpdateInput): Promise<BrandingView> {
  const data = { displayName: input.displayName || null, accentColor: input.accentColor, updatedAt: new Date() };
  await db.branding.upsert({ where: { userId }, create: { userId, ...data }, update: data });
  return getBranding(db, userId);
}

/** The logo as stored: a PNG at most LOGO_SIZE px a side; 413 above the limit, 400 for anything but a PNG or JPEG. */
export async function logoPng(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > LOGO_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", `logo: file larger than ${LOGO_MAX_BYTES / 1_048_576} MB`, "logo");
  }
  const type = await sniffUpload(bytes.subarray(0, 4100));
  if (type !== "image/png" && type !== "image/jpeg") throw unsupportedFileType("logo");
  try {
    return await sharp(bytes, { failOn: "error" })
      .rotate()
      .resize(LOGO_SIZE, LOGO_SIZE, { fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw unsupportedFileType("logo");
  }
}

export async function setLogo(db: Db, userId: string, bytes: Buffer): Promise<BrandingView> {
  const png = await logoPng(bytes);
  const logoKey = randomBytes(16).toString("hex");
  await storage().put(storageKey(logoKey), [png], "image/png");
  const before = await db.branding.findUnique({ where: { userId } });
  await db.branding.upsert({
    where: { userId },
    create: { userId, logoKey },
    update: { logoKey, updatedAt: new Date() },
  });
  if (before?.logoKey) await storage().delete(storageKey(before.logoKey));
  return getBranding(db, userId);
}

export async function removeLogo(db: Db, userId: string): Promise<BrandingView> {
  const before = await db.branding.findUnique({ where: { userId } });
  if (before?.logoKey) {
    await db.branding.update({ where: { userId }, data: { logoKey: null, updatedAt: new Date() } });
    await storage().delete(storageKey(before.logoKey));
  }
  return getBranding(db, userId);
}

/** A stored logo by its public key (null when unknown or malformed). */
export async function logoFile(logoKey: string) {
  if (!LOGO_KEY_PATTERN.test(logoKey)) return null;
  return storage().get(storageKey(logoKey));
}

/** The brand as a printed document draws it: the logo's PNG bytes rather than its URL. */
export async function brandForDocuments(tx: Tx, userId: string) {
  const row = await tx.branding.findUnique({ where: { userId } });
  const file = row?.logoKey ? await logoFile(row.logoKey) : null;
  const chunks: Buffer[] = [];
  if (file) for await (const chunk of file.stream) chunks.push(Buffer.from(chunk));
  return {
    displayName: row?.displayName ?? null,
    accentColor: row?.accentColor ?? null,
    logoPng: file ? Buffer.concat(chunks) : null,
  };
}
