import { randomBytes, randomUUID } from "node:crypto";
import type { Tx } from "../db/client";
import { AppError, invalid } from "../errors";
import type { User, UserRole } from "../generated/prisma/client";
import { hashPassword, verifyPassword } from "./password";
import { revokeOtherSessions } from "./sessions";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 8;

export function normaliseEmail(email: string): string {
  const value = email.trim().toLowerCase();
  if (!EMAIL.test(value) || value.length > 254) throw invalid(`invalid e-mail "${email}"`, "email");
  return value;
}

export function generatePassword(): string {
  return randomBytes(12).toString("base64url");
}

export async function createUser(
  tx: Tx,
  input: { email: string; name: string; password: string; role: UserRole },
): Promise<User> {
  const email = normaliseEmail(input.email);
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw invalid(`password must have at least ${MIN_PASSWORD_LENGTH} characters`, "password");
  }
  if (await tx.user.findUnique({ where: { email } })) {
    throw new AppError("CONFLICT", `a user with e-mail ${email} already exists`, "email");
  }
  return tx.user.create({
    data: {
      id: randomUUID(),
      email,
      name: input.name,
      role: input.role,
      passwordHash: await hashPassword(input.password),
    },
  });
}

/**
 * The user of an account-programme customer (docs/decisions/0015-onboarding.md): no dashboard
 * login (no password can match, and sessions admit only merchants and admins); the e-mail is a
 * reserved `.invalid` handle, since the customer's real address lives on its proposal and may
 * equal any other user's.
 */
export async function createCustomerUser(tx: Tx, input: { id: string; name: string }): Promise<User> {
  return tx.user.create({
    data: {
      id: input.id,
      email: `${input.id}@customers.invalid`,
      name: input.name,
      role: "CUSTOMER",
      passwordHash: "disabled",
    },
  });
}

/** For the dashboard login. Same answer for an unknown e-mail and a wrong password. */
export async function verifyLogin(tx: Tx, email: string, password: string): Promise<User | null> {
  const user = await tx.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) {
    await hashPassword(password); // keep the timing of unknown e-mails close to known ones
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}

/**
 * Dashboard sessions are JWTs; each carries the user's session version, checked on every read
 * (server/auth/next-auth.ts). Bumping it ends every session the user has, at once.
 */
export async function endSessions(tx: Tx, userId: string): Promise<void> {
  await tx.user.updateMany({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
  await revokeOtherSessions(tx, userId, null);
}

/** A new password ends the user's existing sessions. */
export async function changePassword(tx: Tx, userId: string, password: string): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw invalid(`password must have at least ${MIN_PASSWORD_LENGTH} characters`, "password");
  }
  await tx.user.update({
    where: { id: userId },
    data: { passwordHash: await hashPassword(password), sessionVersion: { increment: 1 } },
  });
  await revokeOtherSessions(tx, userId, null);
}

/** A new role ends the user's existing sessions: the next sign-in carries the new role. */
export async function changeRole(tx: Tx, userId: string, role: UserRole): Promise<void> {
  await tx.user.update({ where: { id: userId }, data: { role, sessionVersion: { increment: 1 } } });
  await revokeOtherSessions(tx, userId, null);
}
