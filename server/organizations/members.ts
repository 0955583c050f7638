/**
 * Organisations and their members (docs/decisions/0043-organisations-and-roles.md). An
 * organisation's id is the id of the user row its tenant data is keyed by; people reach it
 * through memberships, each with one role. Role changes and removals are audited.
 */
import type { AuditActor } from "../audit/log";
import type { Tx } from "../db/client";
import { AppError, forbidden, notFound } from "../errors";
import type { MemberRole } from "../generated/prisma/client";
import { createUser, normaliseEmail } from "../users/service";
import { recordOrganizationActivity } from "./activity";

export type Member = { organizationId: string; organizationName: string; role: MemberRole };
/** Who acts on the members of an organisation: the person and their role there (null: the CLI). */
export type MemberActor = AuditActor & { role: MemberRole | null };

/** A merchant's organisation, made with the merchant's user row: that user is its owner. */
export async function createOrganization(tx: Tx, holder: { id: string; name: string }): Promise<void> {
  await tx.organization.create({ data: { id: holder.id, name: holder.name } });
  await tx.membership.create({ data: { organizationId: holder.id, userId: holder.id, role: "owner" } });
}

/**
 * The membership a person acts through: in `organizationId` when given (null if they are not a
 * member there), otherwise their own organisation, else the oldest one they joined.
 */
export async function memberOf(tx: Tx, userId: string, organizationId?: string | null): Promise<Member | null> {
  return actingMembership(await organizationsOf(tx, userId, organizationId), userId);
}

/**
 * Of a person's memberships (oldest first), the one they act through: the organisation `chosen`
 * when they belong to it, otherwise their own, else the oldest. The session's second-factor rule
 * (server/organizations/security.ts) picks with it too.
 */
export function actingMembership<M extends { organizationId: string }>(
  memberships: readonly M[],
  userId: string,
  chosen?: string | null,
): M | null {
  return (
    (chosen ? memberships.find((m) => m.organizationId === chosen) : undefined) ??
    memberships.find((m) => m.organizationId === userId) ??
    memberships[0] ??
    null
  );
}

/** Every organisation a person belongs to, oldest first (the user menu's switcher); or just `organizationId`. */
export async function organizationsOf(tx: Tx, userId: string, organizationId?: string | null): Promise<Member[]> {
  const rows = await tx.membership.findMany({
    where: { userId, ...(organizationId ? { organizationId } : {}) },
    include: { organization: { select: { name: true } } },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => ({ organizationId: r.organizationId, organizationName: r.organization.name, role: r.role }));
}

/** A membership's unique key, as Prisma names it. */
const membershipKey = (member: { organizationId: string; userId: string }) => ({
  organizationId_userId: { organizationId: member.organizationId, userId: member.userId },
});

export type MemberRow = { userId: string; name: string; email: string; role: MemberRole; joinedAt: Date };

export async function listMembers(tx: Tx, organizationId: string): Promise<MemberRow[]> {
  const rows = await tx.membership.findMany({
    where: { organizationId },
    include: { user: { select: { name: true, email: true } } },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => ({
    userId: r.userId,
    name: r.user.name,
    email: r.user.email,
    role: r.role,
    joinedAt: r.createdAt,
  }));
}

async function membershipOrThrow(tx: Tx, organizationId: string, userId: string) {
  const row = await tx.membership.findUnique({ where: membershipKey({ organizationId, userId }) });
  if (!row) throw notFound("member not found");
  return row;
}

async function ownerCount(tx: Tx, organizationId: string): Promise<number> {
  return tx.membership.count({ where: { organizationId, role: "owner" } });
}

/** Only an owner (or the operator's CLI) may make, demote or remove an owner. */
function assertMayTouchOwner(actor: MemberActor) {
  if (actor.role !== null && actor.role !== "owner") {
    throw forbidden("only an owner may change an owner", "OWNER_ONLY");
  }
}

async function assertNotLastOwner(tx: Tx, organizationId: string) {
  if ((await ownerCount(tx, organizationId)) <= 1) {
    throw new AppError("CONFLICT", "an organisation keeps at least one owner", undefined, "LAST_OWNER");
  }
}

export async function changeMemberRole(
  tx: Tx,
  input: { organizationId: string; userId: string; role: MemberRole; actor: MemberActor },
): Promise<MemberRow> {
  const current = await membershipOrThrow(tx, input.organizationId, input.userId);
  if (current.role === input.role) return memberRow(tx, input.organizationId, input.userId);
  if (current.role === "owner" || input.role === "owner") assertMayTouchOwner(input.actor);
  if (current.role === "owner") await assertNotLastOwner(tx, input.organizationId);
  await tx.membership.update({ where: membershipKey(input), data: { role: input.role } });
  await recordOrganizationActivity(
    tx,
    input,
    "member.change_role",
    { type: "user", id: input.userId },
    { before: { role: current.role }, after: { role: input.role } },
  );
  return memberRow(tx, input.organizationId, input.userId);
}

export async function removeMember(
  tx: Tx,
  input: { organizationId: string; userId: string; actor: MemberActor },
): Promise<void> {
  const current = await membershipOrThrow(tx, input.organizationId, input.userId);
  if (current.role === "owner") {
    assertMayTouchOwner(input.actor);
    await assertNotLastOwner(tx, input.organizationId);
  }
  await tx.membership.delete({
    where: membershipKey(input),
  });
  await recordOrganizationActivity(
    tx,
    input,
    "member.remove",
    { type: "user", id: input.userId },
    {
      before: { role: current.role },
    },
  );
}

/**
 * Adds a person to an organisation at once (the operator's CLI): an existing user joins; a new
 * e-mail becomes a user with `password`.
 */
export async function addMember(
  tx: Tx,
  input: {
    organizationId: string;
    email: string;
    role: MemberRole;
    password?: string;
    name?: string;
    actor: MemberActor;
  },
): Promise<MemberRow> {
  const email = normaliseEmail(input.email);
  let user = await tx.user.findUnique({ where: { email } });
  if (user && user.role !== "MERCHANT") throw new AppError("CONFLICT", `${email} cannot join an organisation`, "email");
  if (!user) {
    if (!input.password) throw new AppError("VALIDATION_ERROR", "a new member needs a password", "password");
    user = await createUser(tx, { email, name: input.name ?? email, password: input.password, role: "MERCHANT" });
  }
  await joinOrganization(tx, { organizationId: input.organizationId, userId: user.id, role: input.role });
  await recordOrganizationActivity(
    tx,
    input,
    "member.add",
    { type: "user", id: user.id },
    { after: { email, role: input.role } },
  );
  return memberRow(tx, input.organizationId, user.id);
}

export async function joinOrganization(
  tx: Tx,
  input: { organizationId: string; userId: string; role: MemberRole },
): Promise<void> {
  const existing = await tx.membership.findUnique({
    where: membershipKey(input),
  });
  if (existing) throw new AppError("CONFLICT", "already a member of this organisation", "email", "ALREADY_MEMBER");
  await tx.membership.create({ data: input });
}

/** The organisation a member command names by its owner's e-mail. */
export async function organizationOfOwner(tx: Tx, ownerEmail: string): Promise<string> {
  const email = normaliseEmail(ownerEmail);
  const owner = await tx.membership.findFirst({
    where: { role: "owner", user: { email } },
    orderBy: { createdAt: "asc" },
  });
  if (!owner) throw notFound(`no organisation owned by ${email}`);
  return owner.organizationId;
}

async function memberRow(tx: Tx, organizationId: string, userId: string): Promise<MemberRow> {
  const rows = await listMembers(tx, organizationId);
  const row = rows.find((r) => r.userId === userId);
  if (!row) throw notFound("member not found");
  return row;
}
