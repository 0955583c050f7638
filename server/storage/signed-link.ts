/**
 * Links to stored files that need no credentials: an absolute URL on APP_URL carrying an expiry
 * and an HMAC over (id, expiry) under a key of the link's own purpose, so a signature made for
 * one kind of file is useless for another. Expired or tampered → the door answers 403.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../config";

/** The `expires` and `signature` a signed link carries in its query string. */
export type SignedLinkQuery = { expires: string | null; signature: string | null };

export const signedLinkQuery = (url: URL): SignedLinkQuery => ({
  expires: url.searchParams.get("expires"),
  signature: url.searchParams.get("signature"),
});

export type LinkSigner = {
  /** The signed link to `id`, valid `ttlMs` from `now`. */
  url(id: string, now: Date): string;
  /** True when the link's expiry and signature are genuine and not yet past. */
  verify(id: string, expires: string | null, signature: string | null, now: Date): boolean;
};

export function linkSigner(options: { purpose: string; ttlMs: number; path: (id: string) => string }): LinkSigner {
  const key = () => createHmac("sha256", config().AUTH_SECRET).update(options.purpose).digest();
  const sign = (id: string, expires: number) =>
    createHmac("sha256", key()).update(`${id}.${expires}`).digest("base64url");
  return {
    url(id, now) {
      const expires = now.getTime() + options.ttlMs;
      const url = new URL(options.path(id), config().APP_URL);
      url.searchParams.set("expires", String(expires));
      url.searchParams.set("signature", sign(id, expires));
      return url.toString();
    },
    verify(id, expires, given, now) {
      if (!expires || !given || !/^\d{1,15}$/.test(expires)) return false;
      const expected = Buffer.from(sign(id, Number(expires)));
      const actual = Buffer.from(given);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return false;
      return Number(expires) > now.getTime();
    },
  };
}
