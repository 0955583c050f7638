/**
 * Organisations and their members: invitations (e-mailed, single use, 7 days, revocable,
 * hashed), joining with a new or an existing account, the owner's protections, switching
 * organisation, a member acting on the organisation's data, and the merchant-side audit log.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { organizationSwitch } from "../../server/auth/organization-session";
import { db } from "../../server/db/client";
import { hashToken } from "../../server/onboarding/verification";
import { INVITATION_TTL_DAYS } from "../../server/organizations/invitations";
import { createCallerFactory, type TRPCContext } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { fundedMerchant } from "../support/fixtures";
import { settleOutbox } from "../support/outbox";
import { allowPrivateTargets } from "../webhooks/support";
import { refusal } from "./support";

type Owner = Awaited<ReturnType<typeof fundedMerchant>>;
let owner: Owner;
let ownerUser: NonNullable<TRPCContext["user"]>;

/** A signed-in person with a fresh password check, as after sign-in (step-up, docs/decisions/0044). */
const freshCheck = { enrolled: false, mustEnrol: false, checkedAt: Date.now(), checkedWith: "password" as const };
const callerAs = (user: TRPCContext["user"], organizationId?: string) =>
  createCallerFactory(appRouter)({
    user: user && { ...user, secondFactor: freshCheck, ...(organizationId ? { organizationId } : {}) },
    locale: "en",
  });

async function personOf(email: string): Promise<NonNullable<TRPCContext["user"]>> {
  const row = await db().user.findUniqueOrThrow({ where: { email } });
  return { id: row.id, email: row.email, name: row.name, role: "MERCHANT" };
}

/** Invites `email` as `role` and reads the link's token from the sandbox mailbox. */
async function invite(email: string, role: "admin" | "finance" | "developer" | "support" | "owner", by = ownerUser) {
  await callerAs(by).members.invite({ email, role });
  await settleOutbox();
  const mail = await db().sentEmail.findFirstOrThrow({ where: { to: email }, orderBy: { sentAt: "desc" } });
  const link = mail.links[0] ?? "";
  return { token: new URL(link).searchParams.get("token") ?? "", mail };
}

const tag = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  allowPrivateTargets();
  owner = await fundedMerchant(2_000_000n);
  ownerUser = await personOf(owner.email);
});

describe("invitations", () => {
  it("e-mails a single-use link whose token is stored only hashed", async () => {
    const email = `fin-${tag()}@example.test`;
    const { token, mail } = await invite(email, "finance");
    expect(mail.subject).toContain("Invitation");
    expect(mail.text).toContain("finance");
    const row = await db().invitation.findFirstOrThrow({ where: { email } });
    expect(row.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const lifetime = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(Math.abs(lifetime - INVITATION_TTL_DAYS * 86_400_000)).toBeLessThan(5_000);

    const open = callerAs(null);
    expect(await open.members.invitation({ token })).toMatchObject({ email, role: "finance", hasAccount: false });
    await open.members.accept({ token, password: "finance-password", name: "Fin" });
    const again = await refusal(open.members.accept({ token, password: "finance-password" }));
    expect(again.code).toBe("NOT_FOUND");

    const finance = await personOf(email);
    const orgs = await callerAs(finance).members.organizations();
    expect(orgs).toMatchObject({ current: owner.userId, role: "finance" });
    // the member acts on the organisation's data: its accounts, its money
    const overview = await callerAs(finance).account.overview();
    expect(overview.accounts.map((a) => a.accountId)).toEqual([owner.accountId]);
  });

  it("refuses an expired or revoked link, and a second invitation of a member", async () => {
    const email = `late-${tag()}@example.test`;
    const { token } = await invite(email, "support");
    await db().invitation.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await refusal(callerAs(null).members.invitation({ token }))).code).toBe("NOT_FOUND");

    const second = await invite(email, "support");
    const pending = await callerAs(ownerUser).members.list();
    const invitation = pending.invitations.find((i) => i.email === email);
    if (!invitation) throw new Error("no pending invitation");
    await callerAs(ownerUser).members.revokeInvitation({ invitationId: invitation.id });
    const revoked = await refusal(callerAs(null).members.accept({ token: second.token, password: "whatever-1" }));
    expect(revoked.code).toBe("NOT_FOUND");

    const member = await invite(`dup-${tag()}@example.test`, "developer");
    const accepted = await callerAs(null).members.accept({ token: member.token, password: "developer-1" });
    const dup = await refusal(callerAs(ownerUser).members.invite({ email: accepted.email, role: "support" }));
    expect(dup.code).toBe("CONFLICT");
  });

  it("lets a person with an account join with their password, and switch between organisations", async () => {
    const other = await fundedMerchant(0n);
    const otherUser = await personOf(other.email);
    const { token } = await invite(other.email, "support");
    expect(await callerAs(null).members.invitation({ token })).toMatchObject({ hasAccount: true });
    const wrong = await refusal(callerAs(null).members.accept({ token, password: "not-the-password" }));
    expect(wrong.code).toBe("UNAUTHORIZED");
    await callerAs(null).members.accept({ token, password: "correct-horse-battery" });

    const { organizations } = await callerAs(otherUser).members.organizations();
    expect(organizations.map((o) => o.organizationId).sort()).toEqual([other.userId, owner.userId].sort());
    // by default their own organisation; switched, the owner's (as support: read-only)
    expect((await callerAs(otherUser).account.overview()).accounts[0]?.accountId).toBe(other.accountId);
    const switched = callerAs(otherUser, owner.userId);
    expect((await switched.account.overview()).accounts[0]?.accountId).toBe(owner.accountId);
    const send = await refusal(
      switched.transfers.internal({ accountId: owner.accountId, receiverAccountId: other.accountId, amount: 1 }),
    );
    expect(send.code).toBe("FORBIDDEN");

    const token1 = { userId: otherUser.id, sessionVersion: 0 };
    expect(await organizationSwitch(token1, { organizationId: owner.userId })).toMatchObject({
      organizationId: owner.userId,
    });
    const stranger = await fundedMerchant(0n);
    expect((await organizationSwitch(token1, { organizationId: stranger.userId })).organizationId).toBeUndefined();
    expect((await organizationSwitch(token1, { organizationId: "not-a-uuid" })).organizationId).toBeUndefined();
  });
});

describe("roles", () => {
  it("keeps the last owner, and lets only an owner change an owner", async () => {
    const lastOwner = await refusal(callerAs(ownerUser).members.changeRole({ userId: owner.userId, role: "admin" }));
    expect(lastOwner.code).toBe("CONFLICT");
    expect((await refusal(callerAs(ownerUser).members.remove({ userId: owner.userId }))).code).toBe("CONFLICT");

    const adminEmail = `adm-${tag()}@example.test`;
    const { token } = await invite(adminEmail, "admin");
    await callerAs(null).members.accept({ token, password: "admin-password" });
    const admin = await personOf(adminEmail);
    const demote = await refusal(callerAs(admin).members.changeRole({ userId: owner.userId, role: "support" }));
    expect(demote.code).toBe("FORBIDDEN");
    expect((await refusal(callerAs(admin).members.remove({ userId: owner.userId }))).code).toBe("FORBIDDEN");
    expect(
      (await refusal(callerAs(admin).members.invite({ email: `o-${tag()}@example.test`, role: "owner" }))).code,
    ).toBe("FORBIDDEN");

    // an admin manages the other roles; the change takes effect on the next call
    const supportEmail = `sup-${tag()}@example.test`;
    const support = await invite(supportEmail, "support", admin);
    await callerAs(null).members.accept({ token: support.token, password: "support-password" });
    const supportUser = await personOf(supportEmail);
    expect((await refusal(callerAs(supportUser).apiKeys.list())).code).toBe("FORBIDDEN");
    await callerAs(admin).members.changeRole({ userId: supportUser.id, role: "developer" });
    expect((await callerAs(supportUser).apiKeys.list()).keys.length).toBeGreaterThan(0);
    await callerAs(admin).members.remove({ userId: supportUser.id });
    expect((await refusal(callerAs(supportUser).apiKeys.list())).code).toBe("FORBIDDEN");

    // a second owner may be made by an owner; then the first may step down
    await callerAs(ownerUser).members.changeRole({ userId: admin.id, role: "owner" });
    await callerAs(admin).members.changeRole({ userId: owner.userId, role: "admin" });
    await callerAs(admin).members.changeRole({ userId: owner.userId, role: "owner" });
  });
});

describe("the organisation's activity", () => {
  it("records API keys, webhooks, money sent and team changes, for owners and admins to read", async () => {
    const caller = callerAs(ownerUser);
    const { clientId, clientSecret } = await caller.apiKeys.create({
      name: "audited",
      scopes: ["balance:read"],
      ipWhitelist: ["127.0.0.1"],
      expiresAt: null,
    });
    await caller.webhooks.account.create({ event: ["*"], targetUrl: "http://127.0.0.1:9/audit" });
    const other = await fundedMerchant(0n);
    await caller.transfers.internal({ accountId: owner.accountId, receiverAccountId: other.accountId, amount: 123.45 });

    const { entries } = await caller.members.activity({ page: 1, limit: 50 });
    const actions = entries.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["apikey.create", "webhook.change", "money.send", "member.invite"]));
    expect(entries.every((e) => e.organizationId === owner.userId)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(clientSecret);
    expect(entries.find((e) => e.action === "apikey.create")?.targetId).toBe(clientId);
    expect(entries.find((e) => e.action === "money.send")?.after).toMatchObject({ amountCents: "12345" });

    const supportEmail = `act-${tag()}@example.test`;
    const { token } = await invite(supportEmail, "support");
    await callerAs(null).members.accept({ token, password: "support-password" });
    const support = await personOf(supportEmail);
    expect((await refusal(callerAs(support).members.activity({ page: 1, limit: 10 }))).code).toBe("FORBIDDEN");
    // another organisation's owner sees none of it
    const otherOwner = await personOf(other.email);
    const theirs = await callerAs(otherOwner).members.activity({ page: 1, limit: 50 });
    expect(theirs.entries.filter((e) => e.organizationId === owner.userId)).toEqual([]);
  });
});
