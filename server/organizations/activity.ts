/**
 * What is done in an organisation goes to the audit log with the organisation it was done in,
 * which is what its owners and admins read on "Atividade".
 */
import type { AuditAction } from "../audit/actions";
import { type AuditActor, recordAudit } from "../audit/log";
import type { Tx } from "../db/client";

/** The organisation and the person acting in it. */
export type ActingIn = { organizationId: string; actor: AuditActor };

/** Records `action` on `target` in the organisation's activity, with the state before and after. */
export function recordOrganizationActivity(
  tx: Tx,
  { organizationId, actor }: ActingIn,
  action: AuditAction,
  target: { type: "user" | "invitation" | "organization"; id: string },
  change: { before?: unknown; after?: unknown } = {},
) {
  return recordAudit(tx, { actor, action, targetType: target.type, targetId: target.id, ...change, organizationId });
}
