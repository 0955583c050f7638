/**
 * Dashboard login: next-auth 4 with e-mail + password (credentials) and JWT sessions.
 * Server layouts call requireUser() / requireAdmin(); tRPC reads the same session.
 */
import { redirect } from "next/navigation";
import type { NextAuthOptions, Session } from "next-auth";
import type { JWT } from "next-auth/jwt";
import { getServerSession } from "next-auth/next";
import CredentialsModule from "next-auth/providers/credentials";
import { cache } from "react";
import { config } from "../config";
import { db } from "../db/client";
import type { UserRole } from "../generated/prisma/client";
import { PEER_ADDRESS_HEADER, PEER_TOKEN_HEADER, peerAddressOf, resolveClientAddress } from "../http/ip";
import { logger } from "../logger";
import { MEMBERSHIPS_FOR_SECOND_FACTOR, secondFactorRequiredIn } from "../organizations/security";
import { type CheckMethod, memberMustEnrol } from "../second-factor/policy";
import { hasSecondFactor } from "../second-factor/service";
import { endSessions } from "../users/service";
import { endDeviceSession, SESSION_MAX_AGE_SECONDS, sessionIsLive } from "../users/sessions";
import { authorizeCredentials, headerOf } from "./credentials";
import { organizationSwitch } from "./organization-session";
import { authorizeSecondStep } from "./second-step";

// next-auth is CommonJS: bundlers hand over its default export, plain Node ESM (tsx, vitest)
// the whole module object.
const CredentialsProvider =
  (CredentialsModule as unknown as { default?: typeof CredentialsModule }).default ?? CredentialsModule;

/** Only merchants and admins sign in; programme customers (CUSTOMER) never have a session. */
export type SessionRole = Exclude<UserRole, "CUSTOMER">;
export type SessionUser = {
  id: string;
  role: SessionRole;
  name: string;
  email: string;
  /** the organisation the person acts in (server/auth/tenant.ts); absent: their default one */
  organizationId?: string;
  /** Second factor of this session (decision 0044); absent counts as never checked. */
  secondFactor?: SessionSecondFactor;
};
export type SessionSecondFactor = {
  enrolled: boolean;
  /** enrolled is false and the user must enrol: only the security page is open */
  mustEnrol: boolean;
  /** epoch ms of the last check (sign-in or step-up), and how it was made */
  checkedAt: number | null;
  checkedWith: CheckMethod | null;
};

declare module "next-auth" {
  interface Session {
    user: SessionUser;
    /** the device session (user_sessions) of this sign-in */
    sessionId?: string;
    /** signed in with the password, second step still to do (decision 0044) */
    secondFactorPending?: boolean;
  }
  interface User {
    role: UserRole;
    sessionVersion: number;
    sessionId: string;
    secondFactorPending?: boolean;
    checkedWith?: CheckMethod | null;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    userId?: string;
    role?: UserRole;
    sessionVersion?: number;
    organizationId?: string;
    sessionId?: string;
    secondFactorPending?: boolean;
    secondFactorEnrolled?: boolean;
    mustEnrol?: boolean;
    checkedAt?: number;
    checkedWith?: CheckMethod;
  }
}

type HeaderBag = Record<string, string | string[] | undefined> | undefined;

/** The caller's IP as our HTTP server saw it (server/web/main.ts sets the peer header). */
export function loginClientAddress(headers: HeaderBag): string {
  const bag = new Headers();
  for (const name of [PEER_ADDRESS_HEADER, PEER_TOKEN_HEADER]) {
    const value = headerOf(headers, name);
    if (value) bag.set(name, value);
  }
  const address = resolveClientAddress(
    peerAddressOf(bag),
    headerOf(headers, "x-forwarded-for"),
    config().TRUSTED_PROXIES,
  );
  return address || "unknown";
}

/**
 * A JWT outlives sign-out and role or password changes unless checked: on every session read its
 * session version must still be the user's, and the role is the user's row's, never the token's
 * (one primary-key lookup), and its device session must not be revoked (a token from before
 * device sessions has none: signed out). An empty token is signed out.
 */
async function currentToken(token: JWT): Promise<JWT> {
  if (!token.userId || token.sessionVersion === undefined || !token.sessionId) return {};
  const [current, live] = await Promise.all([
    db().user.findUnique({
      where: { id: token.userId },
      select: {
        sessionVersion: true,
        role: true,
        secondFactorRequired: true,
        totp: { select: { confirmedAt: true } },
        _count: { select: { passkeys: true } },
        memberships: MEMBERSHIPS_FOR_SECOND_FACTOR,
      },
    }),
    sessionIsLive(db(), token.userId, token.sessionId),
  ]);
  if (!current || !live || current.sessionVersion !== token.sessionVersion || current.role === "CUSTOMER") return {};
  const enrolled = Boolean(current.totp?.confirmedAt) || current._count.passkeys > 0;
  // the person's own flag, or the organisation they act in requiring it of all members (0050)
  const required =
    current.secondFactorRequired || secondFactorRequiredIn(current.memberships, token.userId, token.organizationId);
  const mustEnrol = !enrolled && memberMustEnrol({ role: current.role, required });
  return { ...token, role: current.role, secondFactorEnrolled: enrolled, mustEnrol };
}

export const authOptions: NextAuthOptions = {
  providers: [
    CredentialsProvider({
      id: "credentials",
      name: "E-mail",
      credentials: {
        email: { label: "E-mail", type: "email" },
        password: { label: "Password", type: "password" },
      },
      async authorize(credentials, req) {
        const user = await authorizeCredentials(credentials, req.headers, loginClientAddress(req.headers));
        if (!user) return null;
        // With a second factor the password opens only the second step (decision 0044).
        const pending = await hasSecondFactor(db(), user.id);
        return { ...user, secondFactorPending: pending, checkedWith: pending ? null : "password" };
      },
    }),
    CredentialsProvider({
      id: "second-factor",
      name: "Second factor",
      credentials: { code: { type: "text" }, passkey: { type: "text" }, password: { type: "password" } },
      authorize: (credentials, req) => authorizeSecondStep(credentials, req.headers),
    }),
  ],
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login", error: "/login" },
  callbacks: {
    async jwt({ token, user, trigger, session }) {
      // Organisations (docs/decisions/0043): the user menu's switcher, a member-only check.
      // The switch comes first: whether a second factor is required depends on the organisation.
      if (trigger === "update") return currentToken(await organizationSwitch(token, session));
      if (user) {
        token.userId = user.id;
        token.role = user.role;
        token.name = user.name;
        token.email = user.email;
        token.sessionVersion = user.sessionVersion;
        token.sessionId = user.sessionId;
        token.secondFactorPending = user.secondFactorPending;
        if (user.checkedWith) {
          token.checkedWith = user.checkedWith;
          token.checkedAt = Date.now();
        }
        return currentToken(token);
      }
      return currentToken(token);
    },
    session({ session, token }) {
      // A pending session has no user: every page and procedure treats it as signed out.
      if (token.secondFactorPending) return { ...session, secondFactorPending: true };
      if (token.userId && token.role && token.role !== "CUSTOMER") {
        session.user = {
          id: token.userId,
          role: token.role,
          name: token.name ?? "",
          email: token.email ?? "",
          ...(token.organizationId ? { organizationId: token.organizationId } : {}),
          secondFactor: {
            enrolled: token.secondFactorEnrolled ?? false,
            mustEnrol: token.mustEnrol ?? false,
            checkedAt: token.checkedAt ?? null,
            checkedWith: token.checkedWith ?? null,
          },
        };
        session.sessionId = token.sessionId;
      }
      return session;
    },
  },
  events: {
    // Sign-out ends this device's session on the server too (the cookie alone would stay valid);
    // a token without a device session ends them all.
    async signOut({ token }) {
      if (!token?.userId) return;
      if (token.sessionId) await endDeviceSession(db(), token.userId, token.sessionId);
      else await endSessions(db(), token.userId);
    },
  },
  logger: {
    error(code, metadata) {
      logger().error({ code, metadata }, "next-auth error");
    },
    warn(code) {
      logger().warn({ code }, "next-auth warning");
    },
    debug(code, metadata) {
      logger().debug({ code, metadata }, "next-auth debug");
    },
  },
  // Read at request time, not at import: `next build` imports this module without secrets.
  get secret() {
    return config().AUTH_SECRET;
  },
  get useSecureCookies() {
    return config().APP_URL.startsWith("https://");
  },
};

function isSessionUser(user: unknown): user is SessionUser {
  const u = user as Partial<SessionUser> | undefined;
  return Boolean(u?.id && (u.role === "MERCHANT" || u.role === "ADMIN"));
}

/** The signed-in session, once per request (layouts and pages share it). */
export const getSession = cache(async (): Promise<Session | null> => {
  config(); // next-auth's origin is APP_URL (server/config)
  const session = await getServerSession(authOptions);
  return session && isSessionUser(session.user) ? session : null;
});

/** Where a user who must enrol a second factor is sent, and the only page open to them. */
export const ENROL_PATH = "/security";

/**
 * Where a signed-in user starts: the security page while a second factor must be enrolled,
 * administrators in the back office, merchants on their overview.
 */
export function homePathOf(user: Pick<SessionUser, "role" | "secondFactor">): string {
  if (user.secondFactor?.mustEnrol) return ENROL_PATH;
  return user.role === "ADMIN" ? "/admin" : "/overview";
}

/** A session signed in with the password whose second step is still to do (the login page asks). */
export async function secondStepPending(): Promise<boolean> {
  config();
  const session = await getServerSession(authOptions);
  return session?.secondFactorPending === true;
}

/** For the security page: the signed-in user, even one who must still enrol; else /login. */
export async function requireSignedIn(): Promise<SessionUser> {
  const session = await getSession();
  if (!session) redirect("/login");
  return session.user;
}

/**
 * For server layouts and pages: the signed-in user, or a redirect to /login (to the security
 * page for a user who must enrol a second factor first).
 */
export async function requireUser(): Promise<SessionUser> {
  const user = await requireSignedIn();
  if (user.secondFactor?.mustEnrol) redirect(ENROL_PATH);
  return user;
}

export type AdminCheck = { allowed: true; user: SessionUser } | { allowed: false; user: SessionUser };

/**
 * For the admin area: a redirect to /login without a session; otherwise whether the user may
 * enter, so the layout can answer a merchant with the "not allowed" page.
 */
export async function requireAdmin(): Promise<AdminCheck> {
  const user = await requireUser();
  return user.role === "ADMIN" ? { allowed: true, user } : { allowed: false, user };
}
