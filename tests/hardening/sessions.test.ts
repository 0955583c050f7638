/** Sign-out and role or password changes end existing dashboard sessions at once. */
import type { JWT } from "next-auth/jwt";
import { beforeEach, describe, expect, it } from "vitest";
import { authOptions } from "../../server/auth/next-auth";
import { db } from "../../server/db/client";
import type { User } from "../../server/generated/prisma/client";
import { changePassword, changeRole, verifyLogin } from "../../server/users/service";
import { openSession } from "../../server/users/sessions";
import { newMerchant } from "../support/fixtures";

type JwtArgs = Parameters<NonNullable<NonNullable<typeof authOptions.callbacks>["jwt"]>>[0];
type SessionArgs = Parameters<NonNullable<NonNullable<typeof authOptions.callbacks>["session"]>>[0];

const jwt = (args: Partial<JwtArgs>) => authOptions.callbacks?.jwt?.(args as JwtArgs) as Promise<JWT>;

/** The token next-auth would keep in the cookie after this user signed in. */
async function signIn(user: User): Promise<JWT> {
  const authorized = await verifyLogin(db(), user.email, "correct-horse-battery");
  if (!authorized) throw new Error("fixture login failed");
  return jwt({
    token: {},
    user: {
      id: authorized.id,
      name: authorized.name,
      email: authorized.email,
      role: authorized.role,
      sessionVersion: authorized.sessionVersion,
      sessionId: await openSession(db(), { userId: authorized.id, userAgent: "vitest", address: "127.0.0.1" }),
    },
  });
}

/** What a later request sees: the session's user, or none (signed out). */
async function sessionUser(token: JWT) {
  const refreshed = await jwt({ token });
  const session = await authOptions.callbacks?.session?.({
    session: { expires: "" },
    token: refreshed,
  } as unknown as SessionArgs);
  return (session as { user?: { id: string; role: string } } | undefined)?.user ?? null;
}

describe("dashboard sessions end with sign-out and role or password changes", () => {
  let user: User;
  beforeEach(async () => {
    const merchant = await newMerchant();
    user = await db().user.findUniqueOrThrow({ where: { id: merchant.userId } });
  });

  it("a session stays valid until something ends it", async () => {
    const token = await signIn(user);
    expect(await sessionUser(token)).toMatchObject({ id: user.id });
    expect(await sessionUser(token)).toMatchObject({ id: user.id });
  });

  it("sign-out ends the session (the JWT no longer works)", async () => {
    const token = await signIn(user);
    await authOptions.events?.signOut?.({ token, session: null as never });
    expect(await sessionUser(token)).toBeNull();
    const again = await signIn(user);
    expect(await sessionUser(again)).toMatchObject({ id: user.id });
  });

  it("a role change ends existing sessions", async () => {
    const token = await signIn(user);
    await changeRole(db(), user.id, "ADMIN");
    expect(await sessionUser(token)).toBeNull();
  });

  it("the role comes from the user's row, not from the token", async () => {
    await changeRole(db(), user.id, "ADMIN");
    const token = await signIn(await db().user.findUniqueOrThrow({ where: { id: user.id } }));
    expect(await sessionUser(token)).toMatchObject({ id: user.id, role: "ADMIN" });
    // changed behind the doors' back (no session version bump): the next read sees it all the same
    await db().user.update({ where: { id: user.id }, data: { role: "MERCHANT" } });
    expect(await sessionUser(token)).toMatchObject({ id: user.id, role: "MERCHANT" });
    await db().user.update({ where: { id: user.id }, data: { role: "CUSTOMER" } });
    expect(await sessionUser(token)).toBeNull();
  });

  it("a password change ends existing sessions", async () => {
    const token = await signIn(user);
    await changePassword(db(), user.id, "another-long-password");
    expect(await sessionUser(token)).toBeNull();
  });
});
