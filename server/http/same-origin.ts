import { config } from "../config";

/**
 * Whether a request comes from our own pages: the session cookie rides along on any request to
 * us, so a state-changing request whose Origin is another site is refused.
 */
export function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const allowed = new Set([new URL(config().APP_URL).origin, new URL(request.url).origin]);
  return allowed.has(origin);
}

/**
 * A page's form posted by another site (a foreign Origin): refused before Next sees it, which would
 * otherwise fail the server action with a 500. A POST without Origin is left to Next's own checks.
 */
export function foreignOrigin(request: Request): boolean {
  return request.headers.get("origin") !== null && !sameOrigin(request);
}
