/**
 * Switching organisation: the session's token names the organisation the person acts in, changed
 * only to one they are a member of (next-auth's `update()` from the user menu). The role is
 * never kept in the token: server/auth/tenant.ts reads it on every request.
 */
import type { JWT } from "next-auth/jwt";
import { db } from "../db/client";
import { memberOf } from "../organizations/members";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function organizationSwitch(token: JWT, requested: unknown): Promise<JWT> {
  const organizationId = (requested as { organizationId?: unknown } | undefined)?.organizationId;
  if (!token.userId || typeof organizationId !== "string" || !UUID.test(organizationId)) return token;
  const member = await memberOf(db(), token.userId, organizationId);
  return member && member.organizationId === organizationId ? { ...token, organizationId } : token;
}
