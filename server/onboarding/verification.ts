/**
 * E-mail verification links: a random token whose SHA-256 alone is stored; single use; expires
 * after EMAIL_VERIFICATION_TTL_HOURS; a new link invalidates every earlier one of the proposal.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { config } from "../config";
import type { Tx } from "../db/client";
import { queueMail } from "../mail/outbox";
import { type MailLocale, renderMail } from "../mail/templates";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The platform page that confirms (app/onboarding/verify), in the proposal's language. */
export function verificationLink(token: string, locale: string): string {
  return new URL(`/onboarding/verify?token=${encodeURIComponent(token)}&lang=${locale}`, config().APP_URL).toString();
}

/** Issues a new link (invalidating the earlier ones) and queues its e-mail, in the caller's transaction. */
export async function issueVerification(
  tx: Tx,
  proposal: { userId: string; ownerId: string; name: string; email: string; locale: string },
  now = new Date(),
): Promise<void> {
  await tx.emailVerificationToken.updateMany({
    where: { proposalId: proposal.userId, usedAt: null, invalidatedAt: null },
    data: { invalidatedAt: now },
  });
  const token = randomBytes(32).toString("base64url");
  const hours = config().EMAIL_VERIFICATION_TTL_HOURS;
  await tx.emailVerificationToken.create({
    data: {
      id: randomUUID(),
      proposalId: proposal.userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + hours * 3_600_000),
    },
  });
  const mail = renderMail(
    { kind: "verify", name: proposal.name, link: verificationLink(token, proposal.locale), expiresInHours: hours },
    proposal.locale as MailLocale,
  );
  await queueMail(tx, { ...mail, to: proposal.email, ownerId: proposal.ownerId });
}
