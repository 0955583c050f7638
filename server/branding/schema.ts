/** Field rules of the merchant's branding, for tRPC and the dashboard's form. Browser-safe (zod only). */
import { z } from "zod";
import { text } from "../fields/text";

export const ACCENT_PATTERN = /^#[0-9a-f]{6}$/;
/** A logo upload's limit: a logo, not a photo album. */
export const LOGO_MAX_BYTES = 1_048_576;
/** The stored logo is at most this many pixels a side. */
export const LOGO_SIZE = 256;

export const BrandingUpdate = z.object({
  displayName: text({ max: 80, trim: true }).nullable(),
  accentColor: z.string().trim().toLowerCase().regex(ACCENT_PATTERN, "must be a colour like #047857").nullable(),
});
export type BrandingUpdateInput = z.infer<typeof BrandingUpdate>;
