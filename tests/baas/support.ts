/** Programme accounts for tests: onboarding approval (built elsewhere) is what creates them in the product. */
import { randomBytes } from "node:crypto";
import { createAccount } from "../../server/accounts/service";
import { db } from "../../server/db/client";
import { createUser } from "../../server/users/service";
import { basic, newMerchant, randomCpf } from "../support/fixtures";

/** Valid CNPJs for fixtures (check digits computed). */
export function randomCnpj(): string {
  const digits = [...Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)), 0, 0, 0, 1];
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const sum = weights.reduce((acc, w, i) => acc + w * (digits[i] as number), 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join("");
}

/** A merchant that runs an account programme, with the auth header of its API key. */
export async function programmeOwner() {
  const merchant = await newMerchant();
  return { ...merchant, auth: basic(merchant.clientId, merchant.clientSecret) };
}

/** An account of `ownerId`'s programme, held by a new customer (a person by default). */
export async function programmeAccount(ownerId: string, personType: "person" | "company" = "person") {
  const tag = randomBytes(4).toString("hex");
  return db().$transaction(async (tx) => {
    const holder = await createUser(tx, {
      email: `holder-${tag}@example.test`,
      name: `Cliente ${tag}`,
      password: "correct-horse-battery",
      role: "MERCHANT",
    });
    const account = await createAccount(tx, {
      userId: holder.id,
      name: `Cliente ${tag}`,
      document: personType === "person" ? randomCpf() : randomCnpj(),
    });
    return tx.account.update({ where: { id: account.id }, data: { programmeOwnerId: ownerId } });
  });
}

/** Lets the next key creation through at once, as if the cooldown had passed. */
export async function passCooldown(accountId: string): Promise<void> {
  await db().account.update({ where: { id: accountId }, data: { lastPixKeyAt: null } });
}
