/**
 * A page POST from another site (a server action's form, such as the e-mail verification) is a
 * 403 here (server/http/same-origin.ts).
 *
 * Every page request draws a fresh nonce for its content security policy
 * (server/http/security-headers.mjs): Next reads the policy from the request headers and puts the
 * nonce on the scripts it renders; the browser gets the same policy. Paths that are not pages
 * (REST surfaces, tRPC and other API routes, the static API reference, built assets) keep the
 * nonce-free policy of next.config.mjs.
 */
import { randomBytes } from "node:crypto";
import { type NextRequest, NextResponse } from "next/server";
import { ACCEPT_LOCALE_HEADER, LOCALE_COOKIE, localeFromAcceptLanguage } from "./i18n/config";
import { foreignOrigin } from "./server/http/same-origin";
import { contentSecurityPolicy } from "./server/http/security-headers.mjs";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const PUBLIC_PAGE = /^\/(c|l|r)\//;

export function proxy(request: NextRequest) {
  if (!SAFE_METHODS.has(request.method) && foreignOrigin(request)) {
    return new NextResponse(null, { status: 403 });
  }
  const nonce = randomBytes(16).toString("base64");
  const policy = contentSecurityPolicy(process.env.NODE_ENV !== "production", nonce);
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  headers.delete(ACCEPT_LOCALE_HEADER);
  // the payer's pages (/c/, /l/, /r/) speak the browser's language until the switch sets the cookie
  if (PUBLIC_PAGE.test(request.nextUrl.pathname) && !request.cookies.has(LOCALE_COOKIE)) {
    headers.set(ACCEPT_LOCALE_HEADER, localeFromAcceptLanguage(request.headers.get("accept-language")));
  }
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|v4/|v4$|docs/|pix/|_next/static/|_next/image).*)",
      // a prefetch of a page's data is not a page the browser runs scripts of
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
