/** The platform's settlement account at the Central Bank, day by day (server/ledger/reserve.ts); admins only. */
import { readDb } from "../../db/replica";
import { reserveReport } from "../../ledger/reserve";
import { ReserveQuery } from "../../ledger/schema";
import { adminProcedure, createTRPCRouter } from "../init";

export const adminReserveRouter = createTRPCRouter({
  days: adminProcedure
    .input(ReserveQuery)
    .query(async ({ ctx, input }) => reserveReport(await readDb(ctx.user.id), input)),
});
