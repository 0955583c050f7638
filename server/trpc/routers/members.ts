/**
 * The organisation's team (docs/decisions/0043-organisations-and-roles.md): members, invitations,
 * the member's own organisations (the user menu's switcher) and the "Atividade" log.
 */
import { z } from "zod";
import { listAudit } from "../../audit/log";
import { MEMBER_ROLES } from "../../auth/permissions";
import { db } from "../../db/client";
import { Page, PageSize, pageInfo } from "../../fields/paging";
import { text } from "../../fields/text";
import {
  acceptInvitationLimited,
  inviteMember,
  pendingInvitations,
  previewInvitation,
  revokeInvitation,
} from "../../organizations/invitations";
import { changeMemberRole, listMembers, organizationsOf, removeMember } from "../../organizations/members";
import { organizationSecurity, setSecondFactorRequired } from "../../organizations/security";
import { can, createTRPCRouter, openProcedure } from "../init";

const Role = z.enum(MEMBER_ROLES);
const Email = text({ max: 254, trim: true });
const UserId = z.uuid();
const Token = z.string().min(20).max(100);
const Password = z.string().min(8).max(1024);

const actorOf = (ctx: { user: { id: string; email: string }; member: { role: z.infer<typeof Role> } }) => ({
  userId: ctx.user.id,
  email: ctx.user.email,
  role: ctx.member.role,
});

export const membersRouter = createTRPCRouter({
  /** The organisations the signed-in person belongs to, and the one they act in. */
  organizations: can("overview.read").query(async ({ ctx }) => ({
    current: ctx.tenantId,
    role: ctx.member.role,
    organizations: await organizationsOf(db(), ctx.user.id),
  })),

  list: can("members.manage").query(async ({ ctx }) => ({
    members: await listMembers(db(), ctx.tenantId),
    invitations: await pendingInvitations(db(), ctx.tenantId),
  })),

  invite: can("members.manage")
    .input(z.object({ email: Email, role: Role }))
    .mutation(({ ctx, input }) =>
      db().$transaction((tx) =>
        inviteMember(tx, {
          organizationId: ctx.tenantId,
          email: input.email,
          role: input.role,
          actor: actorOf(ctx),
          locale: ctx.locale ?? "pt-BR",
        }),
      ),
    ),

  revokeInvitation: can("members.manage")
    .input(z.object({ invitationId: z.uuid() }))
    .mutation(async ({ ctx, input }) => {
      await db().$transaction((tx) =>
        revokeInvitation(tx, { organizationId: ctx.tenantId, invitationId: input.invitationId, actor: actorOf(ctx) }),
      );
      return { revoked: true };
    }),

  changeRole: can("members.manage")
    .input(z.object({ userId: UserId, role: Role }))
    .mutation(({ ctx, input }) =>
      db().$transaction((tx) =>
        changeMemberRole(tx, {
          organizationId: ctx.tenantId,
          userId: input.userId,
          role: input.role,
          actor: actorOf(ctx),
        }),
      ),
    ),

  remove: can("members.manage")
    .input(z.object({ userId: UserId }))
    .mutation(async ({ ctx, input }) => {
      await db().$transaction((tx) =>
        removeMember(tx, { organizationId: ctx.tenantId, userId: input.userId, actor: actorOf(ctx) }),
      );
      return { removed: true };
    }),

  /** Whether the organisation requires a second factor of all members, and how many have none yet. */
  security: can("members.manage").query(({ ctx }) => organizationSecurity(db(), ctx.tenantId)),

  /** The owner's "require a second factor of all members" (audited by the service). */
  requireSecondFactor: can("security.require")
    .input(z.object({ required: z.boolean() }))
    .mutation(({ ctx, input }) =>
      db().$transaction((tx) =>
        setSecondFactorRequired(tx, { organizationId: ctx.tenantId, required: input.required, actor: actorOf(ctx) }),
      ),
    ),

  /** The organisation's "Atividade": its members' audited actions, newest first. */
  activity: can("activity.read")
    .input(z.object({ page: Page.default(1), limit: PageSize.default(20) }))
    .query(async ({ ctx, input }) => {
      const { items, total } = await listAudit(db(), { organizationId: ctx.tenantId, ...input });
      return { entries: items, ...pageInfo(input, total) };
    }),

  /** The invitation page, before the invitee answers (the link's token is its authority). */
  invitation: openProcedure
    .input(z.object({ token: Token }))
    .query(({ input }) => previewInvitation(db(), input.token)),

  accept: openProcedure
    .input(z.object({ token: Token, password: Password, name: text({ max: 120, trim: true }).optional() }))
    .mutation(({ ctx, input }) => acceptInvitationLimited(db(), input, ctx.clientAddress ?? "unknown")),
});
