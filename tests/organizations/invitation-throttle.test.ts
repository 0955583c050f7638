/**
 * Accepting an invitation is throttled like sign-in (docs/decisions/0045 and 0050): its failures
 * count in the sign-in's failure windows, per client address and per invited e-mail; the attempt
 * after the window is used up gets the throttled answer, even with the right password, and
 * nothing changes.
 */
import { randomBytes } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { hashToken } from "../../server/onboarding/verification";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { attempt, newAddress, PASSWORD } from "../sign-in/support";
import { newMerchant } from "../support/fixtures";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;
let owner: Merchant;

beforeAll(async () => {
  Object.assign(process.env, {
    LOGIN_FAILURES_PER_ADDRESS_PER_MINUTE: "4",
    LOGIN_FAILURES_PER_ACCOUNT_PER_MINUTE: "3",
  });
  resetConfigForTests();
  owner = await newMerchant();
});

/** An invitation to `email` whose link's token the test knows. */
async function invitation(email: string) {
  const token = randomBytes(32).toString("base64url");
  const row = await db().invitation.create({
    data: {
      organizationId: owner.userId,
      email,
      role: "support",
      tokenHash: hashToken(token),
      invitedBy: owner.userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  return { token, id: row.id };
}

const acceptFrom = (address: string) => createCallerFactory(appRouter)({ user: null, clientAddress: address }).members;

async function codeOf(promise: Promise<unknown>): Promise<{ code: string; reason?: string } | "accepted"> {
  try {
    await promise;
    return "accepted";
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return { code: error.code, reason: (error.cause as { reason?: string } | undefined)?.reason };
  }
}

async function nothingChanged(invitationId: string, email: string) {
  expect(await db().invitation.findUniqueOrThrow({ where: { id: invitationId } })).toMatchObject({ acceptedAt: null });
  expect(await db().membership.count({ where: { organizationId: owner.userId, user: { email } } })).toBe(0);
  expect(await db().auditLogEntry.count({ where: { action: "member.join", targetId: invitationId } })).toBe(0);
}

describe("accepting an invitation is throttled like sign-in", () => {
  it("per invited account: after 3 wrong passwords from anywhere, the right one waits and nothing changes", async () => {
    const invitee = await newMerchant();
    const { token, id } = await invitation(invitee.email);
    for (let i = 0; i < 3; i++) {
      expect(await codeOf(acceptFrom(newAddress()).accept({ token, password: "wrong-password" }))).toMatchObject({
        code: "UNAUTHORIZED",
      });
    }
    expect(await codeOf(acceptFrom(newAddress()).accept({ token, password: PASSWORD }))).toEqual({
      code: "TOO_MANY_REQUESTS",
      reason: "TOO_MANY_ATTEMPTS",
    });
    await nothingChanged(id, invitee.email);
    // the windows are the sign-in's own: the login page waits for that account too
    expect(await attempt(invitee.email, PASSWORD, newAddress())).toEqual({ ok: false, error: "throttled" });
  });

  it("per address: after 4 failures from one address, a valid link waits there and nothing changes", async () => {
    const email = `new-${randomBytes(4).toString("hex")}@example.test`;
    const { token, id } = await invitation(email);
    const address = newAddress();
    for (let i = 0; i < 4; i++) {
      const guess = randomBytes(32).toString("base64url");
      expect(await codeOf(acceptFrom(address).accept({ token: guess, password: "new-password-1" }))).toMatchObject({
        code: "NOT_FOUND",
        reason: "INVITATION_INVALID",
      });
    }
    const held = acceptFrom(address).accept({ token, password: "new-password-1", name: "Nova" });
    expect(await codeOf(held)).toEqual({ code: "TOO_MANY_REQUESTS", reason: "TOO_MANY_ATTEMPTS" });
    await nothingChanged(id, email);
    expect(await db().user.count({ where: { email } })).toBe(0);
    // another address is not held up
    expect(await codeOf(acceptFrom(newAddress()).accept({ token, password: "new-password-1", name: "Nova" }))).toBe(
      "accepted",
    );
  });

  it("successful acceptances do not count", async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      const { token } = await invitation(`ok-${randomBytes(4).toString("hex")}@example.test`);
      expect(await codeOf(acceptFrom(address).accept({ token, password: "new-password-1", name: "Ok" }))).toBe(
        "accepted",
      );
    }
  });
});
