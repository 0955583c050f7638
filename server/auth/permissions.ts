/**
 * The one permission table (docs/decisions/0043-organisations-and-roles.md): which member roles
 * may do what. Every tRPC procedure declares one of these (server/trpc/init.ts `can`), every
 * app/api handler (withSession's `permission`) and every dashboard page (requirePermission), and
 * the navigation hides what a role lacks. Browser-safe: no server imports.
 */
import type { MemberRole } from "../generated/prisma/enums";

export const MEMBER_ROLES = [
  "owner",
  "admin",
  "finance",
  "developer",
  "support",
] as const satisfies readonly MemberRole[];
export type { MemberRole };

const EVERYONE: readonly MemberRole[] = MEMBER_ROLES;
const OWNERS: readonly MemberRole[] = ["owner"];
const MANAGERS: readonly MemberRole[] = ["owner", "admin"];
const MONEY: readonly MemberRole[] = ["owner", "admin", "finance"];
const MONEY_AND_SUPPORT: readonly MemberRole[] = ["owner", "admin", "finance", "support"];
const DEVELOPERS: readonly MemberRole[] = ["owner", "admin", "developer"];

export const PERMISSIONS = {
  /** the overview, the member's own organisations, live updates */
  "overview.read": EVERYONE,
  "charges.read": MONEY_AND_SUPPORT,
  "charges.write": MONEY,
  "ledger.read": MONEY_AND_SUPPORT,
  "money.send": MONEY,
  "refunds.read": MONEY_AND_SUPPORT,
  "refunds.send": MONEY,
  "statements.read": MONEY,
  "statements.request": MONEY,
  "meds.read": MONEY_AND_SUPPORT,
  "meds.defend": MONEY,
  "pixKeys.read": MONEY_AND_SUPPORT,
  "pixKeys.manage": MONEY,
  "paymentLinks.read": MONEY_AND_SUPPORT,
  "paymentLinks.manage": MONEY,
  "apiKeys.manage": DEVELOPERS,
  "webhooks.manage": DEVELOPERS,
  "apiReference.read": DEVELOPERS,
  "sandbox.use": DEVELOPERS,
  "branding.manage": MANAGERS,
  "programme.read": MONEY_AND_SUPPORT,
  "members.manage": MANAGERS,
  /** "require a second factor of all members" (docs/decisions/0050) */
  "security.require": OWNERS,
  "activity.read": MANAGERS,
} as const satisfies Record<string, readonly MemberRole[]>;

export type Permission = keyof typeof PERMISSIONS;
/**
 * What a procedure declares: a member permission, the back office, the signed-in person's own
 * account (`self`: their devices, password and second factor, whatever their role), or no
 * sign-in at all.
 */
export type Access = Permission | "platformAdmin" | "self" | "public";

export function roleAllows(role: MemberRole | null | undefined, permission: Permission): boolean {
  return role ? (PERMISSIONS[permission] as readonly MemberRole[]).includes(role) : false;
}

export const isMemberRole = (value: string): value is MemberRole => (MEMBER_ROLES as readonly string[]).includes(value);
