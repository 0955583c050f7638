/**
 * The second step of sign-in and the step-up check (decision 0044), as a next-auth credentials
 * provider: it reads the caller's current session token from its cookie, checks a TOTP code, a
 * recovery code, a passkey's answer or (for a step-up of a user without a second factor) the
 * password, and signs the same user in again with a complete, freshly checked token.
 */
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { User } from "next-auth";
import { getToken, type JWT } from "next-auth/jwt";
import { config } from "../config";
import { db } from "../db/client";
import { AppError } from "../errors";
import { limiterFor } from "../http/rate-limit";
import { logger } from "../logger";
import { verifyPasskey } from "../second-factor/passkeys";
import { hasSecondFactor, verifySecondFactorCode } from "../second-factor/service";
import { verifyLogin } from "../users/service";
import { type HeaderBag, headerOf, signedInUser } from "./credentials";
import { LOGIN_ERROR } from "./login-errors";

/** Six digits have a million values: a handful of tries a minute per user keeps guessing hopeless. */
const SECOND_STEP_TRIES_PER_MINUTE = 5;

function cookiesOf(headers: HeaderBag): Record<string, string> {
  const raw = headers?.cookie;
  const line = Array.isArray(raw) ? raw.join("; ") : (raw ?? "");
  const cookies: Record<string, string> = {};
  for (const part of line.split(";")) {
    const at = part.indexOf("=");
    if (at > 0) cookies[part.slice(0, at).trim()] = decodeURIComponent(part.slice(at + 1).trim());
  }
  return cookies;
}

/** The session token the request carries, if it is still the user's (session version). */
export async function tokenOfRequest(headers: HeaderBag): Promise<JWT | null> {
  const secureCookie = config().APP_URL.startsWith("https://");
  const token = await getToken({
    req: { cookies: cookiesOf(headers), headers: {} } as never,
    secret: config().AUTH_SECRET,
    secureCookie,
  });
  if (!token?.userId || token.sessionVersion === undefined) return null;
  return token;
}

export type SecondStepCredentials = { code?: string; passkey?: string; password?: string };

function parsePasskey(json: string): AuthenticationResponseJSON {
  try {
    return JSON.parse(json) as AuthenticationResponseJSON;
  } catch {
    throw new AppError("SECOND_FACTOR_INVALID", "the passkey answer is malformed", "passkey");
  }
}

/**
 * next-auth `authorize` for the "second-factor" provider: the user of the session cookie, checked
 * again; `null` (refused) without a session or when the proof is wrong.
 */
export async function authorizeSecondStep(
  credentials: SecondStepCredentials | undefined,
  headers: HeaderBag,
): Promise<User | null> {
  const token = await tokenOfRequest(headers);
  // the device session opened by the password step (docs/decisions/0045) carries on
  if (!token?.userId || !token.sessionId) return null;
  const sessionId = token.sessionId;
  const user = await db().user.findUnique({ where: { id: token.userId } });
  if (!user || user.role === "CUSTOMER" || user.sessionVersion !== token.sessionVersion) return null;
  if (config().RATE_LIMITS_ENABLED) {
    const { allowed } = await limiterFor("second-step", SECOND_STEP_TRIES_PER_MINUTE).consume(user.id);
    if (!allowed) throw new Error(LOGIN_ERROR.rateLimited);
  }
  const enrolled = await hasSecondFactor(db(), user.id);
  try {
    if (credentials?.passkey)
      await verifyPasskey(db(), user.id, parsePasskey(credentials.passkey), headerOf(headers, "host"));
    else if (credentials?.code) await verifySecondFactorCode(db(), user.id, credentials.code.slice(0, 64));
    else if (credentials?.password && !enrolled && !token.secondFactorPending) {
      // A user without a second factor confirms a sensitive action with the password.
      const checked = await verifyLogin(db(), user.email, credentials.password.slice(0, 1024));
      if (!checked || checked.id !== user.id) throw new AppError("SECOND_FACTOR_INVALID", "wrong password");
    } else return null;
  } catch (error) {
    if (error instanceof AppError && error.code === "SECOND_FACTOR_INVALID") {
      logger().info({ userId: user.id }, "second factor refused");
      throw new Error(LOGIN_ERROR.secondFactorInvalid);
    }
    throw error;
  }
  return {
    ...signedInUser(user, sessionId),
    secondFactorPending: false,
    checkedWith: enrolled ? "second-factor" : "password",
  };
}
