/** Second factor (decision 0044): enrolment, the second step of sign-in, the admin gate, the CLI reset. */
import { beforeAll, describe, expect, it } from "vitest";
import { decryptSecret } from "../../server/apikeys/secrets";
import { runCli } from "../../server/cli/run";
import { db } from "../../server/db/client";
import { confirmTotp, secondFactorStatus, startTotpEnrolment } from "../../server/second-factor/service";
import { createUser } from "../../server/users/service";
import { newMerchant } from "../support/fixtures";
import { appCode, callerOf, passwordSignIn, secondStep, sessionOf } from "./second-factor-support";

process.env.RATE_LIMITS_ENABLED = "false";

async function enrolledMerchant() {
  const merchant = await newMerchant();
  const { secret } = await startTotpEnrolment(db(), { id: merchant.userId, email: merchant.email });
  const { recoveryCodes } = await confirmTotp(db(), merchant.userId, await appCode(secret));
  return { merchant, secret, recoveryCodes };
}

describe("enrolling an authenticator app", () => {
  it("keeps the secret sealed and ten recovery codes only as hashes", async () => {
    const { merchant, secret, recoveryCodes } = await enrolledMerchant();
    expect(recoveryCodes).toHaveLength(10);
    const row = await db().userTotp.findUniqueOrThrow({ where: { userId: merchant.userId } });
    expect(row.secretSealed).not.toContain(secret);
    expect(decryptSecret(row.secretSealed)).toBe(secret);
    expect(row.confirmedAt).not.toBeNull();
    const stored = await db().recoveryCode.findMany({ where: { userId: merchant.userId } });
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored.some((s) => s.codeHash.includes(code))).toBe(false);
    expect(await secondFactorStatus(db(), merchant.userId)).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
  });

  it("refuses a wrong first code and stays unconfirmed", async () => {
    const merchant = await newMerchant();
    await startTotpEnrolment(db(), { id: merchant.userId, email: merchant.email });
    await expect(confirmTotp(db(), merchant.userId, "000000")).rejects.toMatchObject({ code: "SECOND_FACTOR_INVALID" });
    expect(await secondFactorStatus(db(), merchant.userId)).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    // An unconfirmed secret is no second factor: the password alone signs in.
    expect((await sessionOf(await passwordSignIn(merchant.email))).user?.id).toBe(merchant.userId);
  });

  it("refuses a second enrolment while one is confirmed", async () => {
    const { merchant } = await enrolledMerchant();
    await expect(startTotpEnrolment(db(), { id: merchant.userId, email: merchant.email })).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });
});

describe("signing in with a second factor", () => {
  it("the password alone leaves a pending session that is no session", async () => {
    const { merchant } = await enrolledMerchant();
    const pending = await passwordSignIn(merchant.email);
    const session = await sessionOf(pending);
    expect(session.secondFactorPending).toBe(true);
    expect(session.user).toBeUndefined();
  });

  it("a code of the app completes it, once; a wrong or reused code is refused", async () => {
    const { merchant, secret } = await enrolledMerchant();
    const pending = await passwordSignIn(merchant.email);
    await expect(secondStep(pending, { code: "123456" })).rejects.toThrow("SecondFactorInvalid");
    // The code that confirmed enrolment was of this step: it is spent.
    await expect(secondStep(pending, { code: await appCode(secret) })).rejects.toThrow("SecondFactorInvalid");
    const next = await appCode(secret, 1);
    const complete = await secondStep(pending, { code: next });
    const session = await sessionOf(complete ?? {});
    expect(session.user).toMatchObject({
      id: merchant.userId,
      secondFactor: { enrolled: true, checkedWith: "second-factor" },
    });
    await expect(secondStep(pending, { code: next })).rejects.toThrow("SecondFactorInvalid");
  });

  it("a recovery code completes it once, and is used up", async () => {
    const { merchant, recoveryCodes } = await enrolledMerchant();
    const pending = await passwordSignIn(merchant.email);
    const code = recoveryCodes[3] ?? "";
    expect((await sessionOf((await secondStep(pending, { code: code.toLowerCase() })) ?? {})).user?.id).toBe(
      merchant.userId,
    );
    await expect(secondStep(pending, { code })).rejects.toThrow("SecondFactorInvalid");
    expect(await secondFactorStatus(db(), merchant.userId)).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it("the password cannot stand in for the second step", async () => {
    const { merchant } = await enrolledMerchant();
    const pending = await passwordSignIn(merchant.email);
    expect(await secondStep(pending, { password: "correct-horse-battery" })).toBeNull();
  });

  it("without a session cookie there is no second step", async () => {
    const { merchant, secret } = await enrolledMerchant();
    expect(await secondStep({}, { code: await appCode(secret, 1) })).toBeNull();
    expect(merchant.userId).toBeTruthy();
  });

  it("a session ended meanwhile cannot be completed", async () => {
    const { merchant, secret } = await enrolledMerchant();
    const pending = await passwordSignIn(merchant.email);
    await db().user.update({ where: { id: merchant.userId }, data: { sessionVersion: { increment: 1 } } });
    expect(await secondStep(pending, { code: await appCode(secret, 1) })).toBeNull();
  });
});

describe("administrators must enrol", () => {
  let admin: { id: string; email: string };
  beforeAll(async () => {
    admin = await createUser(db(), {
      email: `admin-${Date.now()}@example.test`,
      name: "Operator",
      password: "correct-horse-battery",
      role: "ADMIN",
    });
  });

  it("an admin without a second factor reaches only the security procedures", async () => {
    const token = await passwordSignIn(admin.email);
    const session = await sessionOf(token);
    expect(session.user?.secondFactor).toMatchObject({ enrolled: false, mustEnrol: true });
    const caller = await callerOf(token);
    await expect(caller.adminHome.overview()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(caller.apiKeys.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await caller.security.status()).toMatchObject({ mustEnrol: true, totp: false });

    const { secret } = await caller.security.startTotp();
    const { recoveryCodes } = await caller.security.confirmTotp({ code: await appCode(secret) });
    expect(recoveryCodes).toHaveLength(10);
    // The same session, read again, may now act.
    const after = await callerOf(token);
    await expect(after.adminHome.overview()).resolves.toBeTruthy();
  });

  it("a member whose owner requires it must enrol too (memberMustEnrol)", async () => {
    const merchant = await newMerchant();
    await db().user.update({ where: { id: merchant.userId }, data: { secondFactorRequired: true } });
    const session = await sessionOf(await passwordSignIn(merchant.email));
    expect(session.user?.secondFactor?.mustEnrol).toBe(true);
  });
});

describe("user reset-2fa (CLI)", () => {
  it("removes every factor, ends the sessions and is audited", async () => {
    const { merchant, secret } = await enrolledMerchant();
    const pending = await passwordSignIn(merchant.email);
    const complete = (await secondStep(pending, { code: await appCode(secret, 1) })) ?? {};
    const out: string[] = [];
    const io = { out: (line: string) => out.push(line), err: () => {} };
    expect(await runCli(db(), io, ["user", "reset-2fa", "--email", merchant.email, "--json"])).toBe(0);
    expect(JSON.parse(out.join("\n"))).toMatchObject({
      email: merchant.email,
      removed: { totp: true, recoveryCodes: 10 },
    });
    expect(await secondFactorStatus(db(), merchant.userId)).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    expect((await sessionOf(complete)).user).toBeUndefined();
    const audit = await db().auditLogEntry.findFirst({
      where: { targetId: merchant.userId, action: "user.reset_second_factor" },
    });
    expect(audit).not.toBeNull();
    // The next sign-in needs the password only.
    expect((await sessionOf(await passwordSignIn(merchant.email))).user?.id).toBe(merchant.userId);
  });

  it("answers a clear error for an unknown e-mail", async () => {
    const err: string[] = [];
    const io = { out: () => {}, err: (line: string) => err.push(line) };
    expect(await runCli(db(), io, ["user", "reset-2fa", "--email", "nobody@example.test"])).not.toBe(0);
    expect(err.join("\n")).toContain("user not found");
  });
});
