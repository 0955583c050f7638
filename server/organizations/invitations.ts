/**
 * Invitations to an organisation: e-mailed through the outbox, single use, valid 7 days,
 * revocable; the link's token is random and only its SHA-256 is stored. The invitee opens the
 * link, sets a password (a new person) or proves their current one (someone with an account),
 * and joins with the invited role.
 */
import { randomBytes } from "node:crypto";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { AppError, notFound } from "../errors";
import type { MemberRole } from "../generated/prisma/client";
import { queueMail } from "../mail/outbox";
import { type MailLocale, renderMail } from "../mail/templates";
import { hashToken } from "../onboarding/verification";
import { createUser, normaliseEmail, verifyLogin } from "../users/service";
import { countPasswordFailure, passwordFailureWait } from "../users/sign-in";
import { recordOrganizationActivity } from "./activity";
import { joinOrganization, type MemberActor } from "./members";

export const INVITATION_TTL_DAYS = 7;
const DAY_MS = 86_400_000;

export type InvitationRow = { id: string; email: string; role: MemberRole; expiresAt: Date; createdAt: Date };

export function invitationLink(token: string, locale: MailLocale): string {
  return new URL(`/invite?token=${encodeURIComponent(token)}&lang=${locale}`, config().APP_URL).toString();
}

const invalidInvitation = () =>
  new AppError("NOT_FOUND", "invitation not found, used, revoked or expired", "token", "INVITATION_INVALID");

export async function inviteMember(
  tx: Tx,
  input: { organizationId: string; email: string; role: MemberRole; actor: MemberActor; locale: MailLocale },
  now = new Date(),
): Promise<InvitationRow> {
  const email = normaliseEmail(input.email);
  if (input.role === "owner" && input.actor.role !== null && input.actor.role !== "owner") {
    throw new AppError("FORBIDDEN", "only an owner may invite an owner", "role", "OWNER_ONLY");
  }
  const member = await tx.membership.findFirst({ where: { organizationId: input.organizationId, user: { email } } });
  if (member) throw new AppError("CONFLICT", "already a member of this organisation", "email", "ALREADY_MEMBER");
  const organization = await tx.organization.findUniqueOrThrow({ where: { id: input.organizationId } });
  const token = randomBytes(32).toString("base64url");
  const invitation = await tx.invitation.create({
    data: {
      organizationId: input.organizationId,
      email,
      role: input.role,
      tokenHash: hashToken(token),
      invitedBy: input.actor.userId,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
    },
  });
  const mail = renderMail(
    {
      kind: "invitation",
      organization: organization.name,
      inviter: input.actor.email,
      role: input.role,
      link: invitationLink(token, input.locale),
      expiresInDays: INVITATION_TTL_DAYS,
    },
    input.locale,
  );
  await queueMail(tx, { ...mail, to: email, ownerId: input.organizationId });
  await recordOrganizationActivity(
    tx,
    input,
    "member.invite",
    { type: "invitation", id: invitation.id },
    { after: { email, role: input.role } },
  );
  return rowOf(invitation);
}

const rowOf = (i: InvitationRow): InvitationRow => ({
  id: i.id,
  email: i.email,
  role: i.role,
  expiresAt: i.expiresAt,
  createdAt: i.createdAt,
});

/** The invitations still waiting for an answer, newest first. */
export async function pendingInvitations(tx: Tx, organizationId: string, now = new Date()): Promise<InvitationRow[]> {
  const rows = await tx.invitation.findMany({
    where: { organizationId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    orderBy: { createdAt: "desc" },
  });
  return rows.map(rowOf);
}

export async function revokeInvitation(
  tx: Tx,
  input: { organizationId: string; invitationId: string; actor: MemberActor },
  now = new Date(),
): Promise<void> {
  const { count } = await tx.invitation.updateMany({
    where: { id: input.invitationId, organizationId: input.organizationId, acceptedAt: null, revokedAt: null },
    data: { revokedAt: now },
  });
  if (count === 0) throw notFound("invitation not found");
  await recordOrganizationActivity(tx, input, "invitation.revoke", { type: "invitation", id: input.invitationId });
}

async function liveInvitation(tx: Tx, token: string, now: Date) {
  const invitation = await tx.invitation.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { organization: { select: { name: true } } },
  });
  if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt <= now) {
    throw invalidInvitation();
  }
  return invitation;
}

export type InvitationPreview = { organization: string; email: string; role: MemberRole; hasAccount: boolean };

/** What the invitation page shows before the invitee answers. */
export async function previewInvitation(tx: Tx, token: string, now = new Date()): Promise<InvitationPreview> {
  const invitation = await liveInvitation(tx, token, now);
  const user = await tx.user.findUnique({ where: { email: invitation.email } });
  return {
    organization: invitation.organization.name,
    email: invitation.email,
    role: invitation.role,
    hasAccount: Boolean(user),
  };
}

/**
 * Accepts an invitation once. A new person becomes a user with `password` (and `name`); someone
 * with an account proves it with their current password. Answers the e-mail to sign in with.
 */
export async function acceptInvitation(
  tx: Tx,
  input: { token: string; password: string; name?: string },
  now = new Date(),
): Promise<{ email: string; organizationId: string }> {
  const invitation = await liveInvitation(tx, input.token, now);
  const claimed = await tx.invitation.updateMany({
    where: { id: invitation.id, acceptedAt: null, revokedAt: null },
    data: { acceptedAt: now },
  });
  if (claimed.count === 0) throw invalidInvitation();
  const existing = await tx.user.findUnique({ where: { email: invitation.email } });
  if (existing && existing.role !== "MERCHANT") throw invalidInvitation();
  let userId: string;
  if (existing) {
    const user = await verifyLogin(tx, invitation.email, input.password);
    if (!user) throw new AppError("UNAUTHORIZED", "wrong password", "password");
    userId = user.id;
  } else {
    const created = await createUser(tx, {
      email: invitation.email,
      name: input.name?.trim() || invitation.email,
      password: input.password,
      role: "MERCHANT",
    });
    userId = created.id;
  }
  await joinOrganization(tx, { organizationId: invitation.organizationId, userId, role: invitation.role });
  await recordOrganizationActivity(
    tx,
    { organizationId: invitation.organizationId, actor: { userId, email: invitation.email } },
    "member.join",
    { type: "invitation", id: invitation.id },
    { after: { role: invitation.role } },
  );
  return { email: invitation.email, organizationId: invitation.organizationId };
}

const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(
    "RATE_LIMIT_EXCEEDED",
    "too many failed attempts, wait a minute",
    undefined,
    "TOO_MANY_ATTEMPTS",
    retryAfterSeconds,
  );

/**
 * The invitation page's answer, throttled like sign-in (docs/decisions/0045 and 0050): its
 * failures — a link no longer valid, a wrong password for an existing account — count in the
 * sign-in's failure windows, per client address and per invited e-mail; once either is used up,
 * even a right answer is refused (RATE_LIMIT_EXCEEDED) before anything changes.
 */
export async function acceptInvitationLimited(
  db: Db,
  input: { token: string; password: string; name?: string },
  address: string,
): Promise<{ email: string; organizationId: string }> {
  const invitation = await db.invitation.findUnique({
    where: { tokenHash: hashToken(input.token) },
    select: { email: true },
  });
  const email = invitation?.email ?? null;
  const wait = await passwordFailureWait(address, email);
  if (wait !== null) throw tooManyAttempts(wait);
  try {
    return await db.$transaction((tx) => acceptInvitation(tx, input));
  } catch (error) {
    if (error instanceof AppError && (error.reason === "INVITATION_INVALID" || error.code === "UNAUTHORIZED")) {
      await countPasswordFailure(address, email);
    }
    throw error;
  }
}
