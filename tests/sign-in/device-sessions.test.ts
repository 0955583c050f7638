/**
 * Signed-in devices: listed with browser, system and address; one signed out, or all; a revoked
 * session is refused at its next request (docs/decisions/0045-sign-in-hygiene.md).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { LAST_SEEN_EVERY_MS } from "../../server/users/sessions";
import { newMerchant } from "../support/fixtures";
import { CHROME_ON_WINDOWS, FIREFOX_ON_LINUX, PASSWORD, sessionOf, signedIn, userByEmail } from "./support";

const caller = createCallerFactory(appRouter);

async function callerFor(email: string, token: Awaited<ReturnType<typeof signedIn>>) {
  const session = await sessionOf(token);
  if (!session) throw new Error("not signed in");
  const user = await userByEmail(email);
  return caller({
    user: { id: user.id, role: "MERCHANT", name: user.name, email },
    sessionId: session.sessionId,
  });
}

describe("device sessions", () => {
  let email: string;
  beforeEach(async () => {
    email = (await newMerchant()).email;
  });

  it("lists each signed-in device with its browser, system and address, the current one marked", async () => {
    const laptop = await signedIn(email, "2001:db8::10", CHROME_ON_WINDOWS);
    await signedIn(email, "2001:db8::20", FIREFOX_ON_LINUX);
    const devices = await (await callerFor(email, laptop)).sessions.list();
    expect(devices).toHaveLength(2);
    expect(devices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ browser: "Chrome 131", os: "Windows 10", address: "2001:db8::10", current: true }),
        expect.objectContaining({ browser: "Firefox 133", os: "Linux", address: "2001:db8::20", current: false }),
      ]),
    );
  });

  it("signing out one device refuses its token at the next request and leaves the others", async () => {
    const laptop = await signedIn(email);
    const phone = await signedIn(email);
    const phoneSession = await sessionOf(phone);
    await (await callerFor(email, laptop)).sessions.revoke({ id: phoneSession?.sessionId as string });
    expect(await sessionOf(phone)).toBeNull();
    expect(await sessionOf(laptop)).toMatchObject({ sessionId: expect.any(String) });
    expect(await (await callerFor(email, laptop)).sessions.list()).toHaveLength(1);
  });

  it("another member's session is not found, and stays signed in", async () => {
    const other = (await newMerchant()).email;
    const theirs = await signedIn(other);
    const mine = await signedIn(email);
    const id = (await sessionOf(theirs))?.sessionId as string;
    await expect((await callerFor(email, mine)).sessions.revoke({ id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await sessionOf(theirs)).not.toBeNull();
  });

  it("sign out everywhere ends every device, this one included", async () => {
    const laptop = await signedIn(email);
    const phone = await signedIn(email);
    await (await callerFor(email, laptop)).sessions.revokeAll();
    expect(await sessionOf(laptop)).toBeNull();
    expect(await sessionOf(phone)).toBeNull();
    expect(await signedIn(email)).toBeTruthy();
  });

  it("a token without a device session (issued before sessions were recorded) is signed out", async () => {
    const token = await signedIn(email);
    expect(await sessionOf({ ...token, sessionId: undefined })).toBeNull();
    expect(await sessionOf({ ...token, sessionId: "00000000-0000-4000-8000-000000000000" })).toBeNull();
  });

  it("last seen is written at most once a minute", async () => {
    const token = await signedIn(email);
    const id = (await sessionOf(token))?.sessionId as string;
    const seen = async () => (await db().userSession.findUniqueOrThrow({ where: { id } })).lastSeenAt.getTime();
    const first = await seen();
    await sessionOf(token);
    expect(await seen()).toBe(first);
    const earlier = new Date(Date.now() - LAST_SEEN_EVERY_MS - 1000);
    await db().userSession.update({ where: { id }, data: { lastSeenAt: earlier } });
    await sessionOf(token);
    expect(await seen()).toBeGreaterThan(earlier.getTime() + LAST_SEEN_EVERY_MS);
  });

  it("changing the password needs the current one and signs out the other devices only", async () => {
    const laptop = await signedIn(email);
    const phone = await signedIn(email);
    const me = await callerFor(email, laptop);
    await expect(
      me.sessions.changePassword({ currentPassword: "not-it-at-all", newPassword: "a-brand-new-password" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "the current password is wrong" });
    expect(await sessionOf(phone)).not.toBeNull();
    await expect(me.sessions.changePassword({ currentPassword: PASSWORD, newPassword: "short" })).rejects.toMatchObject(
      {
        code: "BAD_REQUEST",
      },
    );
    await me.sessions.changePassword({ currentPassword: PASSWORD, newPassword: "a-brand-new-password" });
    expect(await sessionOf(phone)).toBeNull();
    expect(await sessionOf(laptop)).not.toBeNull();
  });
});
