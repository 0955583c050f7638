/**
 * An organisation's "require a second factor of all members" (docs/decisions/0050): only an owner
 * changes it (permission `security.require`), an owner turns it on only once they have a second
 * factor themselves (else they would shut themselves out), and every change is audited on
 * "Atividade". While it is on, a member acting in the organisation without a second factor may
 * only enrol: the session (server/auth/next-auth.ts) passes `secondFactorRequiredIn` to
 * memberMustEnrol as `required`, so the platform administrator's gate applies unchanged.
 */
import type { Tx } from "../db/client";
import { AppError, forbidden } from "../errors";
import { hasSecondFactor, WITHOUT_SECOND_FACTOR } from "../second-factor/service";
import { recordOrganizationActivity } from "./activity";
import { actingMembership, type MemberActor } from "./members";

export type OrganizationSecurity = { requireSecondFactor: boolean; membersWithoutSecondFactor: number };

/** What the session reads of a person's memberships to apply the rule (one query with the user). */
export const MEMBERSHIPS_FOR_SECOND_FACTOR = {
  select: { organizationId: true, organization: { select: { requireSecondFactor: true } } },
  orderBy: { createdAt: "asc" },
} as const;

type MembershipWithRule = { organizationId: string; organization: { requireSecondFactor: boolean } };

/** Whether the organisation the person acts in (`chosen`, else their default) requires a second factor. */
export function secondFactorRequiredIn(
  memberships: readonly MembershipWithRule[],
  userId: string,
  chosen?: string | null,
): boolean {
  return actingMembership(memberships, userId, chosen)?.organization.requireSecondFactor ?? false;
}

export async function organizationSecurity(tx: Tx, organizationId: string): Promise<OrganizationSecurity> {
  const [organization, membersWithoutSecondFactor] = await Promise.all([
    tx.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { requireSecondFactor: true } }),
    tx.membership.count({ where: { organizationId, user: WITHOUT_SECOND_FACTOR } }),
  ]);
  return { requireSecondFactor: organization.requireSecondFactor, membersWithoutSecondFactor };
}

export async function setSecondFactorRequired(
  tx: Tx,
  input: { organizationId: string; required: boolean; actor: MemberActor },
): Promise<OrganizationSecurity> {
  if (input.actor.role !== null && input.actor.role !== "owner") {
    throw forbidden("only an owner may change what members must have to sign in", "OWNER_ONLY");
  }
  if (input.required && input.actor.role !== null && !(await hasSecondFactor(tx, input.actor.userId))) {
    throw new AppError(
      "CONFLICT",
      "enrol a second factor before requiring one of all members",
      undefined,
      "ENROL_FIRST",
    );
  }
  const before = await tx.organization.findUniqueOrThrow({
    where: { id: input.organizationId },
    select: { requireSecondFactor: true },
  });
  if (before.requireSecondFactor !== input.required) {
    await tx.organization.update({
      where: { id: input.organizationId },
      data: { requireSecondFactor: input.required },
    });
    await recordOrganizationActivity(
      tx,
      input,
      "organization.require_second_factor",
      { type: "organization", id: input.organizationId },
      { before: { requireSecondFactor: before.requireSecondFactor }, after: { requireSecondFactor: input.required } },
    );
  }
  return organizationSecurity(tx, input.organizationId);
}
