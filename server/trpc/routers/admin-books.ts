/** The institution's books (server/books): the daily lines per account type and the fee revenue; admins only. */
import { dailyBooks } from "../../books/daily";
import { feeRevenue } from "../../books/fees";
import { readDb } from "../../db/replica";
import { ReserveQuery } from "../../ledger/schema";
import { adminProcedure, createTRPCRouter } from "../init";

export const adminBooksRouter = createTRPCRouter({
  report: adminProcedure.input(ReserveQuery).query(async ({ ctx, input }) => {
    const tx = await readDb(ctx.user.id);
    const [books, fees] = [await dailyBooks(tx, input), await feeRevenue(tx, input)];
    return { books, fees };
  }),
});
