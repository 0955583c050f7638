/** The API Pix surface's one entry: OAuth tokens under /api/pix/oauth, resources under /api/pix/v2. */
import { apiPix } from "./app";
import { OAUTH_BASE, oauthApi } from "./oauth";

export const API_PIX_ROOT = "/api/pix";

export function apiPixFetch(request: Request, bindings?: unknown): Response | Promise<Response> {
  return new URL(request.url).pathname.startsWith(`${OAUTH_BASE}/`)
    ? oauthApi().fetch(request, bindings)
    : apiPix().fetch(request, bindings);
}
