/**
 * Password reset by e-mail: the answer never tells whether the e-mail has an account; the token is
 * stored hashed, works once and for an hour; a reset ends every session and lifts a lockout.
 */
import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { requestPasswordReset, resetPassword } from "../../server/users/password-reset";
import { newMerchant } from "../support/fixtures";
import { settleOutbox } from "../support/outbox";
import { attempt, newAddress, sessionOf, signedIn, unknownEmail, userByEmail } from "./support";

const NEW_PASSWORD = "a-brand-new-password";

/** The reset link's token, read from the kept e-mail as a person would click it. */
async function tokenFromMail(email: string): Promise<string> {
  await settleOutbox();
  const mail = await db().sentEmail.findFirstOrThrow({ where: { to: email }, orderBy: { sentAt: "desc" } });
  const link = new URL(mail.links[0] as string);
  expect(link.pathname).toBe("/reset-password");
  return link.searchParams.get("token") as string;
}

describe("password reset", () => {
  let email: string;
  beforeEach(async () => {
    email = (await newMerchant()).email;
  });

  it("an unknown e-mail gets the same (empty) answer and no e-mail is queued", async () => {
    const nobody = unknownEmail();
    await expect(requestPasswordReset(db(), nobody, "pt-BR", newAddress())).resolves.toBeUndefined();
    await settleOutbox();
    expect(await db().sentEmail.count({ where: { to: nobody } })).toBe(0);
  });

  it("the e-mail's link resets the password, ends every session, and only its hash is stored", async () => {
    const token0 = await signedIn(email);
    await requestPasswordReset(db(), email, "en", newAddress());
    const token = await tokenFromMail(email);
    const mail = await db().sentEmail.findFirstOrThrow({ where: { to: email } });
    expect(mail.subject).toBe("Reset your password");
    const user = await userByEmail(email);
    const [row] = await db().passwordResetToken.findMany({ where: { userId: user.id } });
    expect(row?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);

    expect(await resetPassword(db(), token, NEW_PASSWORD)).toBe("done");
    expect(await sessionOf(token0)).toBeNull();
    expect(await attempt(email, NEW_PASSWORD, newAddress())).toMatchObject({ ok: true });
  });

  it("a link works once", async () => {
    await requestPasswordReset(db(), email, "pt-BR", newAddress());
    const token = await tokenFromMail(email);
    expect(await resetPassword(db(), token, NEW_PASSWORD)).toBe("done");
    expect(await resetPassword(db(), token, "yet-another-password")).toBe("invalid");
    expect(await attempt(email, "yet-another-password", newAddress())).toEqual({ ok: false, error: "invalid" });
  });

  it("a link expires after an hour", async () => {
    await requestPasswordReset(db(), email, "pt-BR", newAddress());
    const token = await tokenFromMail(email);
    const user = await userByEmail(email);
    const [row] = await db().passwordResetToken.findMany({ where: { userId: user.id } });
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(60 * 60 * 1000);
    await db().passwordResetToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    expect(await resetPassword(db(), token, NEW_PASSWORD)).toBe("expired");
  });

  it("a new request replaces the earlier link; an unknown token is invalid; a short password is refused", async () => {
    await requestPasswordReset(db(), email, "pt-BR", newAddress());
    const first = await tokenFromMail(email);
    await requestPasswordReset(db(), email, "pt-BR", newAddress());
    const second = await tokenFromMail(email);
    expect(second).not.toBe(first);
    expect(await resetPassword(db(), first, NEW_PASSWORD)).toBe("invalid");
    expect(await resetPassword(db(), "not-a-token", NEW_PASSWORD)).toBe("invalid");
    await expect(resetPassword(db(), second, "short")).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await resetPassword(db(), second, NEW_PASSWORD)).toBe("done");
  });

  it("a reset lifts a lockout (the link proves the mailbox)", async () => {
    await db().user.update({ where: { email }, data: { lockedUntil: new Date(Date.now() + 600_000) } });
    await requestPasswordReset(db(), email, "pt-BR", newAddress());
    expect(await resetPassword(db(), await tokenFromMail(email), NEW_PASSWORD)).toBe("done");
    expect(await attempt(email, NEW_PASSWORD, newAddress())).toMatchObject({ ok: true });
  });
});
