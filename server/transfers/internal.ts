import { randomUUID } from "node:crypto";
import { ACCOUNT_ID_PATTERN } from "../accounts/account-id";
import { ownedAccount } from "../accounts/service";
import type { Db } from "../db/client";
import { invalid } from "../errors";
import type { LedgerEntry } from "../generated/prisma/client";
import { assertExternalIdFree, insertEntry } from "../ledger/entries";
import { legs, postMovement } from "../ledger/movements";
import { platformParty } from "../ledger/parties";

export type InternalTransfer = {
  userId: string;
  accountId: string;
  receiverAccountId: string;
  amountCents: bigint;
  obs?: string | null;
  externalId?: string | null;
  requestId?: string | null;
};

/** Between two accounts of the platform: instant, fee 0, both entries in one transaction. */
export async function transferInternal(db: Db, input: InternalTransfer): Promise<LedgerEntry> {
  if (!ACCOUNT_ID_PATTERN.test(input.receiverAccountId)) {
    throw invalid("receiverBankAccount must be a 12-digit internal account", "receiverBankAccount");
  }
  if (input.receiverAccountId === input.accountId) {
    throw invalid("receiverBankAccount must differ from the source account", "receiverBankAccount");
  }
  return db.$transaction(async (tx) => {
    const source = await ownedAccount(tx, input.accountId, input.userId);
    const target = await tx.account.findUnique({ where: { id: input.receiverAccountId } });
    if (!target) throw invalid("destination account not found", "receiverBankAccount");
    await assertExternalIdFree(tx, source.id, input.externalId);
    const debitId = randomUUID();
    const shared = {
      grossCents: input.amountCents,
      obs: input.obs ?? null,
      payer: platformParty(source),
      receiver: platformParty(target),
      requestId: input.requestId ?? null,
      status: "succeeded" as const,
    };
    const debit = await insertEntry(tx, {
      ...shared,
      id: debitId,
      accountId: source.id,
      userId: source.userId,
      type: "debit",
      reason: "internal:transfer_out",
      externalId: input.externalId ?? null,
    });
    await insertEntry(tx, {
      ...shared,
      id: randomUUID(),
      accountId: target.id,
      userId: target.userId,
      type: "credit",
      reason: "internal:transfer_in",
      counterpartEntryId: debitId,
    });
    await postMovement(tx, debit.seq, legs.transfer(source.id, target.id, input.amountCents));
    return debit;
  });
}
