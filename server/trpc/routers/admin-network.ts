/** The platform on the PIX network as the operator watches it (server/pix/monitoring.ts); admins only. */
import { readDb } from "../../db/replica";
import { networkStatus } from "../../pix/monitoring";
import { adminProcedure, createTRPCRouter } from "../init";

export const adminNetworkRouter = createTRPCRouter({
  status: adminProcedure.query(async ({ ctx }) => networkStatus(await readDb(ctx.user.id))),
});
