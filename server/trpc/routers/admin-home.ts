import { adminOverview } from "../../admin/overview";
import { db } from "../../db/client";
import { adminProcedure, createTRPCRouter } from "../init";

/** The operator overview (/admin): totals, queues needing attention, worker health. */
export const adminHomeRouter = createTRPCRouter({
  overview: adminProcedure.query(() => adminOverview(db())),
});
