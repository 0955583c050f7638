import { createTRPCRouter } from "../init";
import { accountRouter } from "./account";

/** One router per feature; add each new one here. */
export const appRouter = createTRPCRouter({
  account: accountRouter,
});

export type AppRouter = typeof appRouter;
