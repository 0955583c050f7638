/**
 * Who an operator's CLI action is recorded as in the audit log: the CLI has no signed-in user, so
 * the nil UUID and `cli:<operating-system user>` (docs/decisions/0014-med-back-office.md).
 */
import { userInfo } from "node:os";
import type { AuditActor } from "../audit/log";

export const CLI_ACTOR_ID = "00000000-0000-0000-0000-000000000000";

export function cliActor(): AuditActor {
  let name = "unknown";
  try {
    name = userInfo().username || name;
  } catch {}
  return { userId: CLI_ACTOR_ID, email: `cli:${name}` };
}
