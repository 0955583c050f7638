/**
 * Dashboard sign-in with its defences (docs/decisions/0045-sign-in-hygiene.md): failed attempts
 * are throttled per client address and per account (successful ones never count, so an office
 * behind one address signs in freely); 10 failures in a row lock the account for 15 minutes and
 * e-mail its owner. An unknown e-mail is refused and "locked" exactly like a known one, so the
 * answers do not tell whether an account exists.
 */
import { config } from "../config";
import type { Db } from "../db/client";
import type { User } from "../generated/prisma/client";
import { limiterFor } from "../http/rate-limit";
import { queueMail } from "../mail/outbox";
import type { MailLocale } from "../mail/templates";
import { hashPassword, verifyPassword } from "./password";
import { renderSignInMail } from "./sign-in-mail";

export const LOCKOUT_FAILURES = 10;
export const LOCKOUT_MINUTES = 15;
const LOCKOUT_SECONDS = LOCKOUT_MINUTES * 60;

export type SignInAttempt = { email: string; password: string; address: string; locale: MailLocale };

export type SignInOutcome =
  | { ok: true; user: User }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled" | "locked"; retryAfterSeconds: number };

function failureLimiters() {
  const settings = config();
  return {
    address: limiterFor("signin:fail:ip", settings.LOGIN_FAILURES_PER_ADDRESS_PER_MINUTE),
    account: limiterFor("signin:fail:account", settings.LOGIN_FAILURES_PER_ACCOUNT_PER_MINUTE),
    /** failures on an e-mail no one has: "locked" as a known account would be, with nothing stored */
    unknown: limiterFor("signin:fail:unknown", LOCKOUT_FAILURES, LOCKOUT_SECONDS),
  };
}

const accountKey = (email: string) => email.trim().toLowerCase();

/** Only merchants and administrators sign in; a programme customer is treated as no account. */
const canSignIn = (user: User | null): user is User => user !== null && user.role !== "CUSTOMER";

/**
 * Seconds to wait before `address` (and the account `email`, when known) may try a password
 * again, or null. Other doors that take a password (an invitation's acceptance) share these
 * windows, so a guesser gains nothing by switching pages.
 */
export async function passwordFailureWait(address: string, email: string | null): Promise<number | null> {
  const limiters = failureLimiters();
  const waits = (
    await Promise.all([
      limiters.address.blockedFor(address),
      email === null ? null : limiters.account.blockedFor(accountKey(email)),
    ])
  ).filter((wait): wait is number => wait !== null);
  return waits.length ? Math.max(...waits) : null;
}

/** One failed password attempt from `address` (against the account `email`, when known). */
export async function countPasswordFailure(address: string, email: string | null): Promise<void> {
  const limiters = failureLimiters();
  await Promise.all([
    limiters.address.consume(address),
    email === null ? null : limiters.account.consume(accountKey(email)),
  ]);
}

export async function attemptSignIn(db: Db, attempt: SignInAttempt): Promise<SignInOutcome> {
  const limiters = failureLimiters();
  const email = accountKey(attempt.email);
  const wait = await passwordFailureWait(attempt.address, email);
  if (wait !== null) return { ok: false, reason: "throttled", retryAfterSeconds: wait };

  const found = await db.user.findUnique({ where: { email } });
  const user = canSignIn(found) ? found : null;
  const lockedFor = user ? secondsLeft(user.lockedUntil) : await limiters.unknown.blockedFor(email);
  if (lockedFor) return { ok: false, reason: "locked", retryAfterSeconds: lockedFor };

  if (user && (await verifyPassword(attempt.password, user.passwordHash))) {
    if (user.failedSignIns > 0) await db.user.update({ where: { id: user.id }, data: { failedSignIns: 0 } });
    return { ok: true, user };
  }

  // An unknown e-mail hashes all the same, so its answer takes as long as a wrong password's.
  if (!user) await hashPassword(attempt.password);
  await countPasswordFailure(attempt.address, email);
  const locked = user ? await countFailure(db, user, attempt.locale) : await countUnknownFailure(email);
  return locked
    ? { ok: false, reason: "locked", retryAfterSeconds: LOCKOUT_SECONDS }
    : { ok: false, reason: "invalid" };
}

async function countUnknownFailure(email: string): Promise<boolean> {
  const { unknown } = failureLimiters();
  await unknown.consume(email);
  return (await unknown.blockedFor(email)) !== null;
}

function secondsLeft(until: Date | null): number | null {
  const ms = until ? until.getTime() - Date.now() : 0;
  return ms > 0 ? Math.ceil(ms / 1000) : null;
}

/**
 * One more failure in a row; the one that reaches the limit locks the account and queues the
 * owner's e-mail in the same transaction (the conditional update makes concurrent failures lock once).
 */
async function countFailure(db: Db, user: User, locale: MailLocale): Promise<boolean> {
  const { failedSignIns } = await db.user.update({
    where: { id: user.id },
    data: { failedSignIns: { increment: 1 } },
    select: { failedSignIns: true },
  });
  if (failedSignIns < LOCKOUT_FAILURES) return false;
  return db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: user.id, failedSignIns: { gte: LOCKOUT_FAILURES } },
      data: { failedSignIns: 0, lockedUntil: new Date(Date.now() + LOCKOUT_SECONDS * 1000) },
    });
    if (count === 1) {
      const mail = renderSignInMail(
        { kind: "accountLocked", name: user.name, minutes: LOCKOUT_MINUTES, resetLink: forgotPasswordLink() },
        locale,
      );
      await queueMail(tx, { ...mail, to: user.email, ownerId: user.id });
    }
    return true;
  });
}

export function forgotPasswordLink(): string {
  return new URL("/forgot-password", config().APP_URL).toString();
}
