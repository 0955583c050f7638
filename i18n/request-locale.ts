import { parse } from "hono/utils/cookie";
import { type AppLocale, LOCALE_COOKIE, resolveLocale } from "./config";

/**
 * The dashboard language of a request (a route handler's, tRPC's): the next-intl cookie, as the
 * pages read it, else the default. Read from the request itself, so that a handler works the same
 * when called directly; a value that does not decode is no locale, never an error.
 */
export function requestLocale(request: Request): AppLocale {
  const cookies = parse(request.headers.get("cookie") ?? "", LOCALE_COOKIE);
  return resolveLocale(cookies[LOCALE_COOKIE]);
}
