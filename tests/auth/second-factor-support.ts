/** Signing in as next-auth would, without HTTP: the providers' authorize and the callbacks. */
import type { User as AuthUser } from "next-auth";
import { encode, type JWT } from "next-auth/jwt";
import { generate } from "otplib";
import { authOptions, type SessionUser } from "../../server/auth/next-auth";
import { config } from "../../server/config";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";

type Authorize = (
  credentials: Record<string, string>,
  req: { headers: Record<string, string> },
) => Promise<AuthUser | null>;
type JwtArgs = Parameters<NonNullable<NonNullable<typeof authOptions.callbacks>["jwt"]>>[0];
type SessionArgs = Parameters<NonNullable<NonNullable<typeof authOptions.callbacks>["session"]>>[0];

function authorizeOf(id: string): Authorize {
  // next-auth merges `options` (with its id) over the provider's defaults when it starts.
  const providers = authOptions.providers as unknown as { options: { id: string; authorize: Authorize } }[];
  const provider = providers.find((p) => p.options.id === id);
  if (!provider) throw new Error(`no provider ${id}`);
  return provider.options.authorize;
}

const jwt = (args: Partial<JwtArgs>) => authOptions.callbacks?.jwt?.(args as JwtArgs) as Promise<JWT>;

/** The password step: the token next-auth would set (pending when the user has a second factor). */
export async function passwordSignIn(email: string, password = "correct-horse-battery"): Promise<JWT> {
  const user = await authorizeOf("credentials")({ email, password }, { headers: {} });
  if (!user) throw new Error("password refused");
  return jwt({ token: {}, user });
}

/** The second step (or a step-up) sent with the session cookie of `token`. */
export async function secondStep(token: JWT, credentials: Record<string, string>): Promise<JWT | null> {
  const cookie = `next-auth.session-token=${await encode({ token, secret: config().AUTH_SECRET })}`;
  const user = await authorizeOf("second-factor")(credentials, { headers: { cookie } });
  return user ? jwt({ token: {}, user }) : null;
}

/** What a later request sees: the session (user absent while pending or signed out). */
export async function sessionOf(token: JWT): Promise<{ user?: SessionUser; secondFactorPending?: boolean }> {
  const refreshed = await jwt({ token });
  const session = await authOptions.callbacks?.session?.({
    session: { expires: "" },
    token: refreshed,
  } as unknown as SessionArgs);
  return session as { user?: SessionUser; secondFactorPending?: boolean };
}

export async function callerOf(token: JWT) {
  const session = await sessionOf(token);
  if (!session.user) throw new Error("no session");
  return createCallerFactory(appRouter)({ user: session.user });
}

/** The code an authenticator app shows `offsetSteps` steps from now. */
export const appCode = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
