/**
 * The signed-in person's devices and password (docs/decisions/0045-sign-in-hygiene.md): personal, so
 * keyed by the person (ctx.user.id), open to every role.
 */
import { z } from "zod";
import { db } from "../../db/client";
import { changeOwnPassword } from "../../users/password-reset";
import { endSessions } from "../../users/service";
import { listSessions, revokeSession } from "../../users/sessions";
import { createTRPCRouter, selfProcedure } from "../init";

const PASSWORD = z.string().min(1).max(1024);

export const sessionsRouter = createTRPCRouter({
  list: selfProcedure.query(({ ctx }) => listSessions(db(), ctx.user.id, ctx.sessionId ?? null)),
  revoke: selfProcedure
    .input(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => revokeSession(db(), ctx.user.id, input.id)),
  revokeAll: selfProcedure.mutation(({ ctx }) => endSessions(db(), ctx.user.id)),
  changePassword: selfProcedure
    .input(z.object({ currentPassword: PASSWORD, newPassword: PASSWORD }))
    .mutation(({ ctx, input }) =>
      changeOwnPassword(db(), { userId: ctx.user.id, sessionId: ctx.sessionId ?? null, ...input }),
    ),
});
