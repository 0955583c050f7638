/**
 * Ten failed sign-ins in a row lock an account for 15 minutes and e-mail its owner; a success
 * resets the count (docs/decisions/0045-sign-in-hygiene.md).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { LOCKOUT_FAILURES } from "../../server/users/sign-in";
import { newMerchant } from "../support/fixtures";
import { settleOutbox } from "../support/outbox";
import { attempt, newAddress, PASSWORD, unknownEmail, userByEmail } from "./support";

beforeAll(() => {
  // the per-minute throttle would step in first; here only the lockout is under test
  Object.assign(process.env, {
    LOGIN_FAILURES_PER_ADDRESS_PER_MINUTE: "1000",
    LOGIN_FAILURES_PER_ACCOUNT_PER_MINUTE: "1000",
  });
  resetConfigForTests();
});

async function fail(email: string, times: number) {
  const answers = [];
  for (let i = 0; i < times; i++) answers.push(await attempt(email, "wrong-password", newAddress()));
  return answers;
}

const keptMails = (to: string) => db().sentEmail.findMany({ where: { to }, orderBy: { sentAt: "asc" } });

describe("account lockout", () => {
  it("the tenth failure in a row locks for 15 minutes, refuses even the right password, and e-mails the owner once", async () => {
    const { email } = await newMerchant();
    const answers = await fail(email, LOCKOUT_FAILURES);
    expect(answers.slice(0, -1).every((a) => !a.ok && a.error === "invalid")).toBe(true);
    expect(answers.at(-1)).toEqual({ ok: false, error: "locked" });

    const user = await userByEmail(email);
    const minutes = ((user.lockedUntil?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(await attempt(email, PASSWORD, newAddress())).toEqual({ ok: false, error: "locked" });
    expect(await fail(email, 3)).toEqual(Array(3).fill({ ok: false, error: "locked" }));

    await settleOutbox();
    const mails = await keptMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Sua conta foi bloqueada temporariamente");
    expect(mails[0]?.text).toContain("15 minutos");
    expect(mails[0]?.links[0]).toMatch(/\/forgot-password$/);
  });

  it("the lock lifts after 15 minutes and the right password works again", async () => {
    const { email } = await newMerchant();
    await fail(email, LOCKOUT_FAILURES);
    await db().user.update({ where: { email }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    expect(await attempt(email, PASSWORD, newAddress())).toMatchObject({ ok: true });
  });

  it("a successful sign-in resets the count: nine, a success, nine more does not lock", async () => {
    const { email } = await newMerchant();
    await fail(email, LOCKOUT_FAILURES - 1);
    expect(await attempt(email, PASSWORD, newAddress())).toMatchObject({ ok: true });
    expect((await userByEmail(email)).failedSignIns).toBe(0);
    expect((await fail(email, LOCKOUT_FAILURES - 1)).every((a) => !a.ok && a.error === "invalid")).toBe(true);
    expect(await attempt(email, PASSWORD, newAddress())).toMatchObject({ ok: true });
  });

  it("concurrent failures past the limit lock once and send one e-mail", async () => {
    const { email } = await newMerchant();
    await fail(email, LOCKOUT_FAILURES - 2);
    await Promise.all(Array.from({ length: 6 }, () => attempt(email, "wrong-password", newAddress())));
    await settleOutbox();
    expect(await keptMails(email)).toHaveLength(1);
  });

  it("an unknown e-mail 'locks' like an account, with no e-mail sent anywhere", async () => {
    const nobody = unknownEmail();
    const answers = await fail(nobody, LOCKOUT_FAILURES);
    expect(answers.at(-1)).toEqual({ ok: false, error: "locked" });
    expect(await fail(nobody, 1)).toEqual([{ ok: false, error: "locked" }]);
    await settleOutbox();
    expect(await keptMails(nobody)).toHaveLength(0);
  });

  it("the e-mail is in the language the sign-in page was in", async () => {
    const { email } = await newMerchant();
    const { authorizeCredentials } = await import("../../server/auth/credentials");
    for (let i = 0; i < LOCKOUT_FAILURES; i++) {
      await authorizeCredentials({ email, password: "wrong" }, { cookie: "locale=en" }, newAddress()).catch(() => null);
    }
    await settleOutbox();
    expect((await keptMails(email))[0]?.subject).toBe("Your account was locked for a while");
  });
});
