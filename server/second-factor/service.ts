/**
 * A user's second factors (decision 0044): enrolling an authenticator app, recovery codes,
 * checking a code at sign-in or step-up, and an operator's reset. Passkeys: ./passkeys.ts.
 */

import { decryptSecret, encryptSecret } from "../apikeys/secrets";
import type { AuditActor } from "../audit/log";
import { recordAudit } from "../audit/log";
import type { Db, Tx } from "../db/client";
import { AppError } from "../errors";
import { dashboardUser, type UserRef } from "../users/access";
import { endSessions } from "../users/service";
import { hashRecoveryCode, newRecoveryCodes } from "./recovery-codes";
import { acceptedTimeStep, newTotpSecret, normaliseCode, totpUri } from "./totp";

export const TOTP_ISSUER = "PIX Platform";

const refused = () => new AppError("SECOND_FACTOR_INVALID", "the code is not valid", "code");

export type SecondFactorStatus = {
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }[];
};

export async function secondFactorStatus(db: Tx, userId: string): Promise<SecondFactorStatus> {
  const [totp, recoveryCodesLeft, passkeys] = await Promise.all([
    db.userTotp.findUnique({ where: { userId }, select: { confirmedAt: true } }),
    db.recoveryCode.count({ where: { userId, usedAt: null } }),
    db.passkey.findMany({
      where: { userId },
      select: { id: true, name: true, createdAt: true, lastUsedAt: true },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  return { totp: Boolean(totp?.confirmedAt), recoveryCodesLeft, passkeys };
}

/** The users `hasSecondFactor` says no of, as a Prisma filter (to count an organisation's members). */
export const WITHOUT_SECOND_FACTOR = {
  AND: [{ OR: [{ totp: { is: null } }, { totp: { is: { confirmedAt: null } } }] }, { passkeys: { none: {} } }],
};

export async function hasSecondFactor(db: Tx, userId: string): Promise<boolean> {
  const [totp, passkeys] = await Promise.all([
    db.userTotp.count({ where: { userId, confirmedAt: { not: null } } }),
    db.passkey.count({ where: { userId } }),
  ]);
  return totp + passkeys > 0;
}

/**
 * A new secret waiting for its first code (replacing an unconfirmed one). The secret is shown
 * now (QR code and text) and kept only sealed.
 */
export async function startTotpEnrolment(db: Tx, user: { id: string; email: string }) {
  const current = await db.userTotp.findUnique({ where: { userId: user.id } });
  if (current?.confirmedAt) throw new AppError("CONFLICT", "an authenticator app is already enrolled");
  const secret = newTotpSecret();
  const secretSealed = encryptSecret(secret);
  await db.userTotp.upsert({
    where: { userId: user.id },
    create: { userId: user.id, secretSealed },
    update: { secretSealed, lastTimeStep: null },
  });
  return { secret, uri: totpUri(secret, user.email, TOTP_ISSUER) };
}

/** Demo data only (prisma/seed.ts): an authenticator app whose key is already known, confirmed. */
export async function enrolKnownTotp(db: Tx, userId: string, secret: string): Promise<void> {
  await db.userTotp.create({ data: { userId, secretSealed: encryptSecret(secret), confirmedAt: new Date() } });
}

export async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({ data: codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })) });
  return codes;
}

/** Accepts a TOTP code once: the step is recorded only if no later or equal one was. */
async function consumeTotp(tx: Tx, userId: string, code: string, confirmed: boolean): Promise<boolean> {
  const totp = await tx.userTotp.findUnique({ where: { userId } });
  if (!totp || Boolean(totp.confirmedAt) !== confirmed) return false;
  const step = await acceptedTimeStep(decryptSecret(totp.secretSealed), code, totp.lastTimeStep);
  if (step === null) return false;
  const { count } = await tx.userTotp.updateMany({
    where: { userId, OR: [{ lastTimeStep: null }, { lastTimeStep: { lt: step } }] },
    data: { lastTimeStep: step, ...(confirmed ? {} : { confirmedAt: new Date() }) },
  });
  return count === 1;
}

/** The first code confirms the app; the answer holds the recovery codes, shown once. */
export async function confirmTotp(db: Db, userId: string, code: string): Promise<{ recoveryCodes: string[] }> {
  return db.$transaction(async (tx) => {
    if (!(await consumeTotp(tx, userId, code, false))) throw refused();
    return { recoveryCodes: await replaceRecoveryCodes(tx, userId) };
  });
}

/** New recovery codes; the old ones stop working. Only for a user with a second factor. */
export async function regenerateRecoveryCodes(db: Db, userId: string): Promise<{ recoveryCodes: string[] }> {
  return db.$transaction(async (tx) => {
    if (!(await hasSecondFactor(tx, userId))) throw new AppError("CONFLICT", "no second factor is enrolled");
    return { recoveryCodes: await replaceRecoveryCodes(tx, userId) };
  });
}

/** Removes the authenticator app; the recovery codes go too when no passkey is left. */
export async function disableTotp(db: Db, userId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.userTotp.deleteMany({ where: { userId } });
    if ((await tx.passkey.count({ where: { userId } })) === 0) await tx.recoveryCode.deleteMany({ where: { userId } });
  });
}

export type CodeMethod = "totp" | "recovery-code";

/**
 * A code at sign-in or step-up: six digits are an app code, anything else a recovery code (each
 * good once). Refuses with SECOND_FACTOR_INVALID.
 */
export async function verifySecondFactorCode(db: Db, userId: string, code: string): Promise<CodeMethod> {
  const normal = normaliseCode(code);
  if (/^\d{6}$/.test(normal)) {
    if (await consumeTotp(db, userId, normal, true)) return "totp";
    throw refused();
  }
  if (normal.length === 0 || normal.length > 32) throw refused();
  const { count } = await db.recoveryCode.updateMany({
    where: { userId, codeHash: hashRecoveryCode(normal), usedAt: null },
    data: { usedAt: new Date() },
  });
  if (count !== 1) throw refused();
  return "recovery-code";
}

/**
 * An operator removes every second factor of a user (lost phone and codes); the user's sessions
 * end, and an administrator must enrol again at the next sign-in. Audited.
 */
export async function resetSecondFactor(
  db: Db,
  input: { user: UserRef; actor: AuditActor },
): Promise<{ userId: string; email: string; removed: SecondFactorStatus }> {
  return db.$transaction(async (tx) => {
    const user = await dashboardUser(tx, input.user);
    const removed = await secondFactorStatus(tx, user.id);
    await tx.userTotp.deleteMany({ where: { userId: user.id } });
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await tx.passkey.deleteMany({ where: { userId: user.id } });
    await tx.webauthnChallenge.deleteMany({ where: { userId: user.id } });
    await endSessions(tx, user.id);
    await recordAudit(tx, {
      actor: input.actor,
      action: "user.reset_second_factor",
      targetType: "user",
      targetId: user.id,
      before: { totp: removed.totp, passkeys: removed.passkeys.length, recoveryCodesLeft: removed.recoveryCodesLeft },
    });
    return { userId: user.id, email: user.email, removed };
  });
}
