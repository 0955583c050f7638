/** The visit token of one payment link, kept in a cookie scoped to the link's path. */
export const VISIT_COOKIE = "pl_visit";

export function visitCookie(linkId: string, token: string, maxAgeSeconds: number): string {
  return `${VISIT_COOKIE}=${token}; Path=/l/${linkId}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax`;
}
