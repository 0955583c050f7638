/**
 * Password change and reset by e-mail (docs/decisions/0045-sign-in-hygiene.md). A reset link
 * carries a random token whose SHA-256 alone is stored; it works once, for an hour. Asking for a
 * link answers the same whether or not the e-mail has an account.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { config } from "../config";
import type { Db } from "../db/client";
import { AppError, invalid } from "../errors";
import { limiterFor } from "../http/rate-limit";
import { queueMail } from "../mail/outbox";
import type { MailLocale } from "../mail/templates";
import { hashPassword, verifyPassword } from "./password";
import { MIN_PASSWORD_LENGTH } from "./service";
import { revokeOtherSessions } from "./sessions";
import { renderSignInMail } from "./sign-in-mail";

export const RESET_TTL_MINUTES = 60;
/** links sent to one e-mail an hour: more are dropped silently (no mail bombing through us) */
const RESETS_PER_EMAIL_PER_HOUR = 5;
const RESETS_PER_ADDRESS_PER_HOUR = 30;
const MAX_PASSWORD_LENGTH = 1024;

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

export function resetLink(token: string): string {
  return new URL(`/reset-password?token=${encodeURIComponent(token)}`, config().APP_URL).toString();
}

function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw invalid(`password must have ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`, "password");
  }
}

/**
 * Queues a reset link for the account of `email`, if there is one; answers nothing either way.
 * `from`: the asking client's address, whose requests are counted too (a request is refused only
 * by silence, so the page says the same thing).
 */
export async function requestPasswordReset(db: Db, email: string, locale: MailLocale, from: string): Promise<void> {
  const address = email.trim().toLowerCase();
  if (address.length > 254) return;
  if (!(await limiterFor("reset:ip", RESETS_PER_ADDRESS_PER_HOUR, 3600).consume(from)).allowed) return;
  const user = await db.user.findUnique({ where: { email: address } });
  if (!user || user.role === "CUSTOMER") return;
  const { allowed } = await limiterFor("reset:email", RESETS_PER_EMAIL_PER_HOUR, 3600).consume(address);
  if (!allowed) return;
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await db.$transaction(async (tx) => {
    // one link at a time: a new request retires the earlier ones
    await tx.passwordResetToken.deleteMany({ where: { userId: user.id, usedAt: null } });
    await tx.passwordResetToken.create({
      data: {
        id: randomUUID(),
        userId: user.id,
        tokenHash: sha256(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000),
      },
    });
    const mail = renderSignInMail(
      { kind: "passwordReset", name: user.name, link: resetLink(token), expiresInMinutes: RESET_TTL_MINUTES },
      locale,
    );
    await queueMail(tx, { ...mail, to: user.email, ownerId: user.id });
  });
}

export type ResetResult = "done" | "invalid" | "expired";

/**
 * Sets a new password from a reset link: ends every session and lifts a lockout (the link proves
 * the mailbox). A used, unknown or replaced token is "invalid"; an hour-old one "expired".
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<ResetResult> {
  checkNewPassword(password);
  if (!token || token.length > 100) return "invalid";
  const passwordHash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    const row = await tx.passwordResetToken.findUnique({ where: { tokenHash: sha256(token) } });
    if (!row || row.usedAt) return "invalid";
    if (row.expiresAt <= new Date()) return "expired";
    const { count } = await tx.passwordResetToken.updateMany({
      where: { id: row.id, usedAt: null },
      data: { usedAt: new Date() },
    });
    if (count !== 1) return "invalid";
    await tx.user.update({
      where: { id: row.userId },
      data: { passwordHash, sessionVersion: { increment: 1 }, failedSignIns: 0, lockedUntil: null },
    });
    await revokeOtherSessions(tx, row.userId, null);
    return "done";
  });
}

/** The signed-in person changes their password: the current one is required; other devices sign out. */
export async function changeOwnPassword(
  db: Db,
  input: { userId: string; sessionId: string | null; currentPassword: string; newPassword: string },
): Promise<void> {
  checkNewPassword(input.newPassword);
  const user = await db.user.findUniqueOrThrow({ where: { id: input.userId } });
  if (
    input.currentPassword.length > MAX_PASSWORD_LENGTH ||
    !(await verifyPassword(input.currentPassword, user.passwordHash))
  ) {
    throw new AppError("VALIDATION_ERROR", "the current password is wrong", "currentPassword", "WRONG_PASSWORD");
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await revokeOtherSessions(tx, user.id, input.sessionId);
  });
}
