/**
 * Who must enrol a second factor and when an action needs a fresh check (decision 0044).
 * Pure rules, no database: the session and the doors call them.
 */
import type { UserRole } from "../generated/prisma/client";

/** How the session's last check was made: the password alone, or a second factor. */
export type CheckMethod = "password" | "second-factor";

/**
 * The seam for organisations: `required` is the member's own flag (users.second_factor_required)
 * or an organisation's "require a second factor of all members" setting, whichever applies.
 * Platform administrators always must.
 */
export function memberMustEnrol(member: { role: UserRole; required?: boolean }): boolean {
  return member.role === "ADMIN" || member.required === true;
}

export type LastCheck = { at: number | null; method: CheckMethod | null };

/**
 * A sensitive action passes when the last check is recent and was made with the strongest means
 * the user has: a second factor when one is enrolled, the password otherwise.
 */
export function stepUpSatisfied(
  check: LastCheck,
  hasSecondFactor: boolean,
  windowSeconds: number,
  now = Date.now(),
): boolean {
  if (check.at === null || check.method === null) return false;
  if (hasSecondFactor && check.method !== "second-factor") return false;
  return now - check.at <= windowSeconds * 1000;
}
