/**
 * Where every door finds its tenant (docs/decisions/0043-organisations-and-roles.md): the
 * signed-in person's membership in the organisation their session names (else their own, else
 * the first they joined), read from the database on every request so a role change or a removal
 * takes effect at once. The tenant id every lookup is keyed by is the organisation's id.
 * tRPC (server/trpc/init.ts), app/api handlers (withSession) and pages (requirePermission) all
 * come through here.
 */
import { forbidden as forbiddenPage } from "next/navigation";
import { cache } from "react";
import { db } from "../db/client";
import { forbidden } from "../errors";
import { type Member, memberOf } from "../organizations/members";
import { requireUser, type SessionUser } from "./next-auth";
import { type Permission, roleAllows } from "./permissions";

export type { Member };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function memberOfSession(user: Pick<SessionUser, "id"> & { organizationId?: string | null }) {
  const chosen =
    user.organizationId && UUID.test(user.organizationId) ? await memberOf(db(), user.id, user.organizationId) : null;
  return chosen ?? memberOf(db(), user.id);
}

/** The member's tenant id, or a refusal (403) when their role lacks `permission`. */
export function tenantFor(member: Member | null, permission: Permission): string {
  if (!member || !roleAllows(member.role, permission)) {
    throw forbidden("your role in this organisation does not allow this", "ROLE_NOT_ALLOWED");
  }
  return member.organizationId;
}

/** For server pages and layouts: the signed-in user and their membership, once per request. */
export const currentMember = cache(async (): Promise<{ user: SessionUser; member: Member | null }> => {
  const user = await requireUser();
  return { user, member: await memberOfSession(user) };
});

/** For a dashboard page: its permission, or the 403 page (app/forbidden.tsx). */
export async function requirePermission(
  permission: Permission,
): Promise<{ user: SessionUser; member: Member; tenantId: string }> {
  const { user, member } = await currentMember();
  if (!member || !roleAllows(member.role, permission)) forbiddenPage();
  return { user, member, tenantId: member.organizationId };
}
