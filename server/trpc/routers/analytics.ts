import { AnalyticsQuery } from "../../analytics/schema";
import { overviewAnalytics } from "../../analytics/service";
import { db } from "../../db/client";
import { can, createTRPCRouter } from "../init";

export const analyticsRouter = createTRPCRouter({
  /** The overview's figures for the last 7, 30 or 90 São Paulo days. */
  overview: can("overview.read")
    .input(AnalyticsQuery)
    .query(({ ctx, input }) => overviewAnalytics(db(), ctx.tenantId, input.days)),
});
