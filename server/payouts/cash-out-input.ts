import type { PixKeyType } from "../generated/prisma/client";

/** A cash-out by key as the gateway asks for it, whichever path (fast or general) then takes it. */
export type CashOut = {
  userId: string;
  accountId: string;
  amountCents: bigint;
  pixKey: string;
  pixKeyType: PixKeyType;
  description?: string | null;
  externalId?: string | null;
};
