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
import { endSessions } from "../users/service";
import { endDeviceSession, SESSION_MAX_AGE_SECONDS, sessionIsLive } from "../users/sessions";
import { authorizeCredentials, headerOf } from "./credentials";
import { organizationSwitch } from "./organization-session";

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
};

declare module "next-auth" {
  interface Session {
    user: SessionUser;
    /** the device session (user_sessions) of this sign-in */
    sessionId?: string;
  }
  interface User {
    role: UserRole;
    sessionVersion: number;
    sessionId: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    userId?: string;
    role?: UserRole;
    sessionVersion?: number;
    organizationId?: string;
    sessionId?: string;
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
    db().user.findUnique({ where: { id: token.userId }, select: { sessionVersion: true, role: true } }),
    sessionIsLive(db(), token.userId, token.sessionId),
  ]);
  if (!current || !live || current.sessionVersion !== token.sessionVersion || current.role === "CUSTOMER") return {};
  return { ...token, role: current.role };
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
      authorize: (credentials, req) => authorizeCredentials(credentials, req.headers, loginClientAddress(req.headers)),
    }),
  ],
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login", error: "/login" },
  callbacks: {
    async jwt({ token, user, trigger, session }) {
      // Organisations (docs/decisions/0043): the user menu's switcher, a member-only check.
      if (trigger === "update") return organizationSwitch(await currentToken(token), session);
      if (user) {
        token.userId = user.id;
        token.role = user.role;
        token.name = user.name;
        token.email = user.email;
        token.sessionVersion = user.sessionVersion;
        token.sessionId = user.sessionId;
        return token;
      }
      return currentToken(token);
    },
    session({ session, token }) {
      if (token.userId && token.role && token.role !== "CUSTOMER") {
        session.user = {
          id: token.userId,
          role: token.role,
          name: token.name ?? "",
          email: token.email ?? "",
          ...(token.organizationId ? { organizationId: token.organizationId } : {}),
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

/** Where a signed-in user starts: administrators in the back office, merchants on their overview. */
export function homePathOf(user: Pick<SessionUser, "role">): string {
  return user.role === "ADMIN" ? "/admin" : "/overview";
}

/** For server layouts and pages: the signed-in user, or a redirect to /login. */
export async function requireUser(): Promise<SessionUser> {
  const session = await getSession();
  if (!session) redirect("/login");
  return session.user;
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
