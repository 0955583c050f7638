/** Signing in through the credentials provider's authorize(), and reading a session as a request would. */
import { randomBytes } from "node:crypto";
import type { JWT } from "next-auth/jwt";
import { authorizeCredentials } from "../../server/auth/credentials";
import { LOGIN_ERROR } from "../../server/auth/login-errors";
import { authOptions } from "../../server/auth/next-auth";
import { db } from "../../server/db/client";

export const PASSWORD = "correct-horse-battery";
export const CHROME_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
export const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

/** A fresh documentation address each time, so windows do not carry over (between runs either). */
export const newAddress = () => `2001:db8::${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
export const unknownEmail = () => `nobody-${randomBytes(4).toString("hex")}@example.test`;

export type Attempt = { ok: true; token: JWT } | { ok: false; error: "invalid" | "throttled" | "locked" };

type JwtArgs = Parameters<NonNullable<NonNullable<typeof authOptions.callbacks>["jwt"]>>[0];
type SessionArgs = Parameters<NonNullable<NonNullable<typeof authOptions.callbacks>["session"]>>[0];
const jwt = (args: Partial<JwtArgs>) => authOptions.callbacks?.jwt?.(args as JwtArgs) as Promise<JWT>;

/** One sign-in as the login form sends it; on success, the JWT next-auth would put in the cookie. */
export async function attempt(
  email: string,
  password: string,
  address: string,
  userAgent = CHROME_ON_WINDOWS,
): Promise<Attempt> {
  try {
    const user = await authorizeCredentials({ email, password }, { "user-agent": userAgent }, address);
    if (!user) return { ok: false, error: "invalid" };
    return { ok: true, token: await jwt({ token: {}, user: user as JwtArgs["user"] }) };
  } catch (error) {
    const message = (error as Error).message;
    if (message === LOGIN_ERROR.rateLimited) return { ok: false, error: "throttled" };
    if (message === LOGIN_ERROR.locked) return { ok: false, error: "locked" };
    throw error;
  }
}

export async function signedIn(email: string, address = newAddress(), userAgent?: string): Promise<JWT> {
  const result = await attempt(email, PASSWORD, address, userAgent);
  if (!result.ok) throw new Error(`fixture sign-in refused: ${result.error}`);
  return result.token;
}

/** What a later request sees: the session (user and device session id), or null (signed out). */
export async function sessionOf(token: JWT) {
  const refreshed = await jwt({ token });
  const session = (await authOptions.callbacks?.session?.({
    session: { expires: "" },
    token: refreshed,
  } as unknown as SessionArgs)) as { user?: { id: string }; sessionId?: string } | undefined;
  return session?.user ? { userId: session.user.id, sessionId: session.sessionId ?? null } : null;
}

export const userByEmail = (email: string) => db().user.findUniqueOrThrow({ where: { email } });
