/**
 * "Require a second factor of all members" (docs/decisions/0050): only an owner with a second
 * factor turns it on, the change is audited, and while it is on a member without a second factor
 * acting in that organisation reaches only the enrolment (tRPC, app/api, pages), as the platform
 * administrator's gate does; in another organisation the same person works as before.
 */
import type { Session } from "next-auth";
import type { JWT } from "next-auth/jwt";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as chargesExport } from "../../app/api/charges/export/route";
import { authOptions, type SessionUser } from "../../server/auth/next-auth";
import { requirePermission } from "../../server/auth/tenant";
import { db } from "../../server/db/client";
import { addMember } from "../../server/organizations/members";
import { confirmTotp, startTotpEnrolment } from "../../server/second-factor/service";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { appCode, callerOf, passwordSignIn, sessionOf } from "../auth/second-factor-support";
import { newMerchant } from "../support/fixtures";
import { refusal } from "./support";

process.env.RATE_LIMITS_ENABLED = "false";

/** What next-auth would read from the cookie of the current request: the real callbacks run. */
let cookie: JWT | null = null;
vi.mock("next-auth/next", async (original) => ({
  ...(await original<typeof import("next-auth/next")>()),
  getServerSession: async () => (cookie ? ((await sessionOf(cookie)) as Session) : null),
}));

type Merchant = Awaited<ReturnType<typeof newMerchant>>;
let owner: Merchant;
let ownerUser: SessionUser;

const enrolledCheck = {
  enrolled: true,
  mustEnrol: false,
  checkedAt: Date.now(),
  checkedWith: "second-factor" as const,
};
const callerAs = (user: SessionUser) => createCallerFactory(appRouter)({ user, locale: "en" });

async function join(organizationId: string, role: "admin" | "finance" | "support", email?: string) {
  const tag = Math.random().toString(36).slice(2, 8);
  return db().$transaction((tx) =>
    addMember(tx, {
      organizationId,
      email: email ?? `${role}-${tag}@example.test`,
      role,
      password: "correct-horse-battery",
      actor: { userId: owner.userId, email: owner.email, role: "owner" },
    }),
  );
}

async function enrol(user: { id: string; email: string }) {
  const { secret } = await startTotpEnrolment(db(), user);
  await confirmTotp(db(), user.id, await appCode(secret));
}

const jwtUpdate = (token: JWT, organizationId: string) =>
  authOptions.callbacks?.jwt?.({ token, trigger: "update", session: { organizationId } } as never) as Promise<JWT>;

/** The redirect a server page answers (next/navigation's error digest), or null. */
async function redirectOf(page: Promise<unknown>): Promise<string | null> {
  try {
    await page;
    return null;
  } catch (error) {
    const digest = (error as { digest?: string }).digest ?? "";
    if (!digest.startsWith("NEXT_REDIRECT")) throw error;
    return digest.split(";")[2] ?? "";
  }
}

beforeAll(async () => {
  owner = await newMerchant();
  const row = await db().user.findUniqueOrThrow({ where: { id: owner.userId } });
  ownerUser = { id: row.id, email: row.email, name: row.name, role: "MERCHANT", secondFactor: enrolledCheck };
});

beforeEach(() => {
  cookie = null;
});

describe("turning the requirement on and off", () => {
  it("is the owner's alone, and needs a second factor of their own first", async () => {
    const admin = await join(owner.userId, "admin");
    const asAdmin = callerAs({ id: admin.userId, email: admin.email, name: admin.name, role: "MERCHANT" });
    const byAdmin = await refusal(asAdmin.members.requireSecondFactor({ required: true }));
    expect(byAdmin.code).toBe("FORBIDDEN");
    expect(byAdmin.cause).toMatchObject({ reason: "ROLE_NOT_ALLOWED" });
    // an admin sees the setting on the team page, unchanged
    expect(await asAdmin.members.security()).toMatchObject({ requireSecondFactor: false });

    const withoutFactor = await refusal(callerAs(ownerUser).members.requireSecondFactor({ required: true }));
    expect(withoutFactor.code).toBe("CONFLICT");
    expect(withoutFactor.cause).toMatchObject({ reason: "ENROL_FIRST" });
    expect(await db().organization.findUniqueOrThrow({ where: { id: owner.userId } })).toMatchObject({
      requireSecondFactor: false,
    });
  });

  it("is recorded on Atividade each time it changes, and counts the members still without a factor", async () => {
    await enrol({ id: owner.userId, email: owner.email });
    const asOwner = callerAs(ownerUser);
    const on = await asOwner.members.requireSecondFactor({ required: true });
    expect(on.requireSecondFactor).toBe(true);
    expect(on.membersWithoutSecondFactor).toBeGreaterThan(0);
    // the same answer again changes nothing and records nothing
    await asOwner.members.requireSecondFactor({ required: true });
    const { entries } = await asOwner.members.activity({});
    const changes = entries.filter((e) => e.action === "organization.require_second_factor");
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      actorUserId: owner.userId,
      targetId: owner.userId,
      before: { requireSecondFactor: false },
      after: { requireSecondFactor: true },
    });
  });
});

describe("a member without a second factor while it is on", () => {
  let finance: { userId: string; email: string; name: string };

  beforeAll(async () => {
    await db().organization.update({ where: { id: owner.userId }, data: { requireSecondFactor: true } });
    finance = await join(owner.userId, "finance");
  });

  it("reaches only the enrolment through tRPC", async () => {
    const token = await passwordSignIn(finance.email);
    expect((await sessionOf(token)).user?.secondFactor).toMatchObject({ enrolled: false, mustEnrol: true });
    const caller = await callerOf(token);
    expect((await refusal(caller.charges.list({}))).code).toBe("FORBIDDEN");
    expect((await refusal(caller.members.organizations())).code).toBe("FORBIDDEN");
    expect(await caller.security.status()).toMatchObject({ mustEnrol: true, totp: false });
  });

  it("is refused by the app/api routes and sent to the security page by every page", async () => {
    cookie = await passwordSignIn(finance.email);
    const res = await chargesExport(new Request("http://localhost:3000/api/charges/export"));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "FORBIDDEN" });
    expect(await redirectOf(requirePermission("charges.read"))).toBe("/security");
  });

  it("may act once enrolled, with the same session", async () => {
    const person = await join(owner.userId, "finance");
    cookie = await passwordSignIn(person.email);
    expect(await redirectOf(requirePermission("charges.read"))).toBe("/security");
    await enrol({ id: person.userId, email: person.email });
    expect(await redirectOf(requirePermission("charges.read"))).toBeNull();
    expect((await chargesExport(new Request("http://localhost:3000/api/charges/export"))).status).toBe(200);
  });

  it("works in another organisation as before, and is held once they switch to this one", async () => {
    const other = await newMerchant();
    await join(owner.userId, "support", other.email);
    const own = await passwordSignIn(other.email);
    expect((await sessionOf(own)).user?.secondFactor?.mustEnrol).toBe(false);
    const inOwner = await jwtUpdate(own, owner.userId);
    expect(inOwner.organizationId).toBe(owner.userId);
    expect((await sessionOf(inOwner)).user?.secondFactor?.mustEnrol).toBe(true);
    const back = await jwtUpdate(inOwner, other.userId);
    expect((await sessionOf(back)).user?.secondFactor?.mustEnrol).toBe(false);
  });

  it("is free again once the owner turns it off", async () => {
    const token = await passwordSignIn(finance.email);
    await callerAs(ownerUser).members.requireSecondFactor({ required: false });
    expect((await sessionOf(token)).user?.secondFactor?.mustEnrol).toBe(false);
    await expect((await callerOf(token)).charges.list({})).resolves.toBeTruthy();
    await db().organization.update({ where: { id: owner.userId }, data: { requireSecondFactor: true } });
  });
});
