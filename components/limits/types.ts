import type { inferRouterOutputs } from "@trpc/server";
import type { PixLimitKind } from "@/server/generated/prisma/enums";
import type { AppRouter } from "@/server/trpc/routers";

export type LimitsData = inferRouterOutputs<AppRouter>["limits"]["view"];
export type LimitChangeRow = LimitsData["history"][number];
export type { PixLimitKind };

/** The five limits in the order the page lists them. */
export const LIMIT_KINDS = [
  "per_transaction",
  "daily",
  "monthly",
  "nightly_per_transaction",
  "nightly",
] as const satisfies readonly PixLimitKind[];
