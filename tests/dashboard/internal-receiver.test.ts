import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppError } from "../../server/errors";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { newMerchant } from "../support/fixtures";

describe("internal transfer: the destination's holder before confirming", () => {
  let payer: Awaited<ReturnType<typeof newMerchant>>;
  let payee: Awaited<ReturnType<typeof newMerchant>>;
  const caller = (userId: string) =>
    createCallerFactory(appRouter)({ user: { id: userId, role: "MERCHANT", name: "M", email: "m@example.test" } });

  beforeAll(async () => {
    payer = await newMerchant();
    payee = await newMerchant({ name: "Padaria Pão Quente" });
  });

  it("names the holder with the document masked", async () => {
    const found = await caller(payer.userId).transfers.internalReceiver({ receiverAccountId: payee.accountId });
    expect(found.receiver).toMatchObject({ name: "Padaria Pão Quente", accountNumber: payee.accountId });
    expect(found.receiver.cpfCnpj).toMatch(/\*/);
    expect(found.receiver.cpfCnpj.replace(/\D/g, "").length).toBeLessThan(11);
  });

  it("refuses an unknown account with the reason the dashboard explains", async () => {
    const error = await caller(payer.userId)
      .transfers.internalReceiver({ receiverAccountId: "999999999999" })
      .catch((cause: unknown) => cause);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("BAD_REQUEST");
    expect(((error as TRPCError).cause as AppError).reason).toBe("DESTINATION_NOT_FOUND");
  });

  it("refuses a malformed account number as input", async () => {
    await expect(caller(payer.userId).transfers.internalReceiver({ receiverAccountId: "12ab" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});
