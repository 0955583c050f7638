/**
 * The back office's price lists: the platform's default list and one account's override, each
 * with the version in force, its history and a new version from a start date (now or later).
 * setPriceList writes the audit log.
 */
import { z } from "zod";
import { db } from "../../db/client";
import { readDb } from "../../db/replica";
import { AccountId } from "../../fields/ids";
import { priceListInput } from "../../pricing/schema";
import { priceListHistory, priceListInForce, setPriceList } from "../../pricing/service";
import { scheduledVersion } from "../../pricing/view";
import { adminProcedure, createTRPCRouter } from "../init";

const actorOf = (user: { id: string; email: string }) => ({ userId: user.id, email: user.email });

/** null: the platform's default list. */
const Target = z.object({ accountId: AccountId.nullable().default(null) });

export const adminFeesRouter = createTRPCRouter({
  priceList: adminProcedure.input(Target).query(async ({ ctx, input }) => {
    const tx = await readDb(ctx.user.id);
    const now = new Date();
    const history = await priceListHistory(tx, input.accountId);
    const inForce = input.accountId ? await priceListInForce(tx, input.accountId, now) : null;
    const current = history.find((version) => version.effectiveFrom <= now) ?? null;
    return { accountId: input.accountId, inForce, current, next: scheduledVersion(history, now), history };
  }),

  setPriceList: adminProcedure.input(priceListInput).mutation(async ({ ctx, input }) => {
    const version = await db().$transaction((tx) => setPriceList(tx, { ...input, actor: actorOf(ctx.user) }));
    return version;
  }),
});
