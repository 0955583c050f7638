/** Field rules of the overview analytics, for every door. */
import { z } from "zod";

export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export const AnalyticsQuery = z.object({
  days: z
    .union([z.literal(7), z.literal(30), z.literal(90)])
    .default(30)
    .describe("Length of the period in São Paulo days, today included: 7, 30 or 90."),
});
