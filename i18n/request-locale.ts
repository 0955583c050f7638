import { LOCALE_COOKIE, resolveLocale } from "./config";

/**
 * The dashboard language of a route handler's request: the next-intl cookie, as the pages read
 * it. Read from the request itself, so that a handler works the same when called directly.
 */
export function requestLocale(request: Request) {
  const cookies = request.headers.get("cookie") ?? "";
  const value = cookies
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  return resolveLocale(value === undefined ? undefined : decodeURIComponent(value));
}
