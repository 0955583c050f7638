import { AnalyticsQuery } from "../../analytics/schema";
import { overviewAnalytics } from "../../analytics/service";
import { readDb } from "../../db/replica";
import { can, createTRPCRouter } from "../init";

export const analyticsRouter = createTRPCRouter({
  /** The overview's figures for the last 7, 30 or 90 São Paulo days. */
  overview: can("overview.read")
    .input(AnalyticsQuery)
    .query(async ({ ctx, input }) => overviewAnalytics(await readDb(ctx.user.id), ctx.tenantId, input.days)),
});
