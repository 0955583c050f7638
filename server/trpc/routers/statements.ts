import { z } from "zod";
import { db } from "../../db/client";
import { Uuid } from "../../fields/ids";
import { pageInfo } from "../../fields/paging";
import { StatementListQuerySchema, StatementRequestSchema } from "../../statements/schema";
import { findStatement, listStatements, requestStatement, statementProgressView } from "../../statements/service";
import { can, createTRPCRouter } from "../init";

export const statementsRouter = createTRPCRouter({
  request: can("statements.request")
    .input(StatementRequestSchema)
    .mutation(({ ctx, input }) =>
      requestStatement(db(), {
        userId: ctx.tenantId,
        requestedBy: ctx.user.email,
        request: input,
        locale: ctx.locale,
      }),
    ),

  /** The user's statements, newest first, with build progress and, when done, a signed link. */
  list: can("statements.read")
    .input(StatementListQuerySchema)
    .query(async ({ ctx, input }) => {
      const { statements, total } = await listStatements(db(), ctx.tenantId, input);
      const now = new Date();
      return { statements: statements.map((s) => statementProgressView(s, now)), ...pageInfo(input, total) };
    }),

  get: can("statements.read")
    .input(z.object({ id: Uuid }))
    .query(async ({ ctx, input }) =>
      statementProgressView(await findStatement(db(), ctx.tenantId, input.id), new Date()),
    ),
});
