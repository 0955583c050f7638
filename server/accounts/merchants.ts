import { createApiKey } from "../apikeys/service";
import type { Db } from "../db/client";
import { createOrganization } from "../organizations/members";
import { createUser, generatePassword } from "../users/service";
import { createAccount } from "./service";

export type CreateMerchantInput = {
  name: string;
  document: string;
  email: string;
  password?: string;
  ipWhitelist?: string[];
  /** a fixed account number (demo data only) */
  accountId?: string;
};

export type CreatedMerchant = {
  userId: string;
  accountId: string;
  clientId: string;
  clientSecret: string;
  email: string;
  /** only when one was generated */
  password?: string;
};

/** A merchant user, its organisation (it the owner), first account and first API key, all or nothing. */
export async function createMerchant(db: Db, input: CreateMerchantInput): Promise<CreatedMerchant> {
  const generated = input.password ? undefined : generatePassword();
  return db.$transaction(async (tx) => {
    const user = await createUser(tx, {
      email: input.email,
      name: input.name,
      password: input.password ?? (generated as string),
      role: "MERCHANT",
    });
    await createOrganization(tx, user);
    const account = await createAccount(tx, {
      userId: user.id,
      name: input.name,
      document: input.document,
      ...(input.accountId ? { id: input.accountId } : {}),
    });
    const key = await createApiKey(tx, { userId: user.id, name: "Default key", ipWhitelist: input.ipWhitelist ?? [] });
    return {
      userId: user.id,
      accountId: account.id,
      clientId: key.clientId,
      clientSecret: key.clientSecret,
      email: user.email,
      ...(generated ? { password: generated } : {}),
    };
  });
}
