/** The dashboard's recurrence tests' merchants: companies (Pix Automático receivers are legal persons) and their tRPC callers. */
import { db } from "../../server/db/client";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { newMerchant, randomCnpj } from "./fixtures";

export const caller = (userId: string) =>
  createCallerFactory(appRouter)({ user: { id: userId, role: "MERCHANT", name: "M", email: "m@example.test" } });

/** A merchant whose account is a company's. */
export async function company() {
  const merchant = await newMerchant();
  await db().account.update({ where: { id: merchant.accountId }, data: { document: randomCnpj() } });
  return merchant;
}
