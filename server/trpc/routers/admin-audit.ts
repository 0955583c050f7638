/** The administrators' audit log, browsed by admins only (server/audit/log.ts). */
import { z } from "zod";
import { listAudit } from "../../audit/log";
import { readDb } from "../../db/replica";
import { Page, PageSize, pageInfo } from "../../fields/paging";
import { text } from "../../fields/text";
import { adminProcedure, createTRPCRouter } from "../init";

const Search = text({ max: 200, trim: true });
const Instant = z.number().int().min(0).max(8.64e15).describe("Epoch milliseconds.");

export const adminAuditRouter = createTRPCRouter({
  list: adminProcedure
    .input(
      z.object({
        actor: Search.optional(),
        action: Search.optional(),
        target: Search.optional(),
        from: Instant.optional(),
        to: Instant.optional(),
        page: Page.default(1),
        limit: PageSize.default(20),
      }),
    )
    .query(async ({ ctx, input }) => {
      const { items, total } = await listAudit(await readDb(ctx.user.id), {
        actorEmail: input.actor || undefined,
        actionPrefix: input.action || undefined,
        targetId: input.target || undefined,
        from: input.from === undefined ? undefined : new Date(input.from),
        to: input.to === undefined ? undefined : new Date(input.to),
        page: input.page,
        limit: input.limit,
      });
      return { entries: items, ...pageInfo(input, total) };
    }),
});
