/**
 * The credentials provider's authorize(): sign-in with its defences (server/users/sign-in.ts),
 * then a device session whose id the JWT carries (server/users/sessions.ts). Kept apart from
 * next-auth.ts so the provider's wiring stays short.
 */
import { parse } from "hono/utils/cookie";
import type { User } from "next-auth";
import { LOCALE_COOKIE, resolveLocale } from "../../i18n/config";
import { db } from "../db/client";
import { logger } from "../logger";
import { openSession } from "../users/sessions";
import { attemptSignIn } from "../users/sign-in";
import { LOGIN_ERROR } from "./login-errors";

/** scrypt on a megabyte of "password" is a cheap way to burn our CPU: refuse before hashing. */
const MAX_PASSWORD_LENGTH = 1024;

export type HeaderBag = Record<string, string | string[] | undefined> | undefined;

export function headerOf(headers: HeaderBag, name: string): string | undefined {
  const value = headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function authorizeCredentials(
  credentials: Record<"email" | "password", string> | undefined,
  headers: HeaderBag,
  address: string,
): Promise<User | null> {
  const email = credentials?.email;
  const password = credentials?.password;
  if (!email || !password || email.length > 254 || password.length > MAX_PASSWORD_LENGTH) return null;
  const locale = resolveLocale(parse(headerOf(headers, "cookie") ?? "", LOCALE_COOKIE)[LOCALE_COOKIE]);
  const outcome = await attemptSignIn(db(), { email, password, address, locale });
  if (!outcome.ok) {
    logger().info({ ip: address, reason: outcome.reason }, "dashboard login refused");
    if (outcome.reason === "throttled") throw new Error(LOGIN_ERROR.rateLimited);
    if (outcome.reason === "locked") throw new Error(LOGIN_ERROR.locked);
    return null;
  }
  const { user } = outcome;
  const sessionId = await openSession(db(), {
    userId: user.id,
    userAgent: headerOf(headers, "user-agent"),
    address,
  });
  return signedInUser(user, sessionId);
}

/** What next-auth keeps of a signed-in user and the device session of this sign-in. */
export function signedInUser(
  user: Pick<User, "id" | "name" | "email" | "role" | "sessionVersion">,
  sessionId: string,
): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    sessionVersion: user.sessionVersion,
    sessionId,
  };
}
