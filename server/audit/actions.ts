/**
 * Every action the audit log records (dotted, capability first). A new one is added here, which
 * the type of `recordAudit` then accepts, and gets its label in `adminAudit.actions` in both
 * languages (components/admin-audit/actions.test.ts fails otherwise). Browser-safe.
 */
export const AUDIT_ACTIONS = [
  "med.analysis",
  "med.accept",
  "med.reject",
  "onboarding.approve",
  "onboarding.reject",
  "kyb.load_list",
  "kyb.clear_flag",
  "account.block",
  "account.unblock",
  "user.create_admin",
  "user.change_role",
  "user.reset_password",
  // merchant-side actions, shown to the organisation's owners and admins too
  "member.add",
  "member.invite",
  "member.join",
  "member.remove",
  "member.change_role",
  "invitation.revoke",
  "organization.require_second_factor",
  "apikey.create",
  "apikey.update",
  "apikey.revoke",
  "webhook.change",
  "money.send",
  "user.reset_second_factor",
  "pricing.set",
  "limits.lower",
  "limits.raise_request",
  "limits.set",
  "limits.approve",
  "limits.refuse",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);

/** The action's key under `adminAudit.actions` (message keys have no dots). */
export const auditActionKey = (action: AuditAction) => action.replace(".", "_") as AuditActionKey;
type KeyOf<A> = A extends `${infer Capability}.${infer Verb}` ? `${Capability}_${Verb}` : never;
export type AuditActionKey = KeyOf<AuditAction>;
