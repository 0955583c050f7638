import { AnalyticsQuery } from "../../analytics/schema";
import { overviewAnalytics } from "../../analytics/service";
import { db } from "../../db/client";
import { createTRPCRouter, merchantProcedure } from "../init";

export const analyticsRouter = createTRPCRouter({
  /** The overview's figures for the last 7, 30 or 90 São Paulo days. */
  overview: merchantProcedure
    .input(AnalyticsQuery)
    .query(({ ctx, input }) => overviewAnalytics(db(), ctx.user.id, input.days)),
});
