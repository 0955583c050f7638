import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/routers";

export type PendingRaise = inferRouterOutputs<AppRouter>["adminLimits"]["pending"][number];
/** The raise an operator is deciding, and how. */
export type Decision = { raise: PendingRaise; action: "approve" | "refuse" };
