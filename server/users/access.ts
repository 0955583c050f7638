/**
 * What an operator changes about a dashboard user's access: the role and the password. Each
 * change bumps the user's session version (server/users/service.ts), so every session the user
 * had ends at once, and is written to the audit log in the same transaction.
 */
import type { AuditActor } from "../audit/log";
import { recordAudit } from "../audit/log";
import type { Db, Tx } from "../db/client";
import { invalid, notFound } from "../errors";
import type { User } from "../generated/prisma/client";
import type { DashboardRole } from "./access-schema";
import { changePassword, changeRole, generatePassword, MIN_PASSWORD_LENGTH, normaliseEmail } from "./service";

export const MAX_PASSWORD_LENGTH = 1024;

export type UserRef = { userId: string } | { email: string };

export async function dashboardUser(tx: Tx, ref: UserRef): Promise<User> {
  const where = "userId" in ref ? { id: ref.userId } : { email: normaliseEmail(ref.email) };
  const user = await tx.user.findUnique({ where });
  if (!user || user.role === "CUSTOMER") throw notFound("user not found", "userId" in ref ? "userId" : "email");
  return user;
}

/** Gives a user another role; their sessions end, and the next sign-in carries the new role. */
export async function setUserRole(
  db: Db,
  input: { user: UserRef; role: DashboardRole; actor: AuditActor },
): Promise<{ userId: string; email: string; role: DashboardRole; changed: boolean }> {
  return db.$transaction(async (tx) => {
    const user = await dashboardUser(tx, input.user);
    if (user.role !== input.role) {
      await changeRole(tx, user.id, input.role);
      await recordAudit(tx, {
        actor: input.actor,
        action: "user.change_role",
        targetType: "user",
        targetId: user.id,
        before: { role: user.role },
        after: { role: input.role },
      });
    }
    return { userId: user.id, email: user.email, role: input.role, changed: user.role !== input.role };
  });
}

/**
 * Gives a user a new password (the one given, or a generated one, returned once); their
 * sessions end. The audit log records that it happened, never the password.
 */
export async function resetUserPassword(
  db: Db,
  input: { user: UserRef; password?: string; actor: AuditActor },
): Promise<{ userId: string; email: string; password: string }> {
  const password = input.password ?? generatePassword();
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw invalid(
      `password must have at least ${MIN_PASSWORD_LENGTH} and at most ${MAX_PASSWORD_LENGTH} characters`,
      "password",
    );
  }
  return db.$transaction(async (tx) => {
    const user = await dashboardUser(tx, input.user);
    await changePassword(tx, user.id, password);
    await recordAudit(tx, {
      actor: input.actor,
      action: "user.reset_password",
      targetType: "user",
      targetId: user.id,
    });
    return { userId: user.id, email: user.email, password };
  });
}
