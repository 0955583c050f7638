import { randomUUID } from "node:crypto";
import { ACCOUNT_ID_PATTERN } from "../accounts/account-id";
import { assertActive, assertCanReceive, assertTransactionAmount } from "../accounts/rules";
import type { Db, Tx } from "../db/client";
import { pool } from "../db/pool";
import { AppError, invalid, notFound } from "../errors";
import type { LedgerEntry } from "../generated/prisma/client";
import { poolWriter, prismaWriter } from "../ledger/apply";
import { legs } from "../ledger/movements";
import { platformParty } from "../ledger/parties";
import { post } from "../ledger/verbs";
import { coverOwedMeds } from "../meds/owed";

export type InternalTransfer = {
  userId: string;
  accountId: string;
  receiverAccountId: string;
  amountCents: bigint;
  obs?: string | null;
  externalId?: string | null;
  requestId?: string | null;
};

type AccountRow = {
  id: string;
  user_id: string;
  name: string;
  document: string;
  person_type: "person" | "company";
  agency: string;
  status: "active" | "inactive";
  owes_meds: boolean;
};

/**
 * Between two accounts of the platform: instant, fee 0, both entries in one statement
 * (ledger_post, which also checks the balance under the row lock). This is the platform's
 * hottest path, so it reads and writes through the plain pool (docs/performance.md).
 */
export async function transferInternal(db: Db | Tx, input: InternalTransfer): Promise<LedgerEntry> {
  assertTransactionAmount(input.amountCents);
  if (!ACCOUNT_ID_PATTERN.test(input.accountId))
    throw invalid("accountId must be 12 digits", "accountId", "ACCOUNT_NUMBER_INVALID");
  if (!ACCOUNT_ID_PATTERN.test(input.receiverAccountId)) {
    throw invalid(
      "receiverBankAccount must be a 12-digit internal account",
      "receiverBankAccount",
      "ACCOUNT_NUMBER_INVALID",
    );
  }
  if (input.receiverAccountId === input.accountId) {
    throw invalid("receiverBankAccount must differ from the source account", "receiverBankAccount", "SAME_ACCOUNT");
  }
  // On its own it runs on the plain pool (one statement, its own transaction); inside a
  // caller's transaction it joins it.
  const writer = "$transaction" in db ? poolWriter(pool()) : prismaWriter(db);
  const rows = (await writer.query(
    `SELECT id, user_id, name, document, person_type, agency, status,
            EXISTS (SELECT 1 FROM meds m WHERE m.account_id = accounts.id AND m.status = 'under_analysis'
                       AND m.blocked_cents < m.disputed_cents) AS owes_meds
       FROM accounts WHERE id = ANY($1::varchar[])`,
    [[input.accountId, input.receiverAccountId]],
  )) as AccountRow[];
  const source = rows.find((row) => row.id === input.accountId);
  const target = rows.find((row) => row.id === input.receiverAccountId);
  if (!source) throw notFound("account not found");
  if (source.user_id !== input.userId) throw new AppError("FORBIDDEN", "no permission for this account");
  if (!target) throw invalid("destination account not found", "receiverBankAccount", "DESTINATION_NOT_FOUND");
  assertActive(source);
  assertCanReceive(target, "receiverBankAccount");
  // A receiver whose MEDs are still owed gets the credit and the block in one transaction
  // (docs/decisions/0012-meds.md); the rare case leaves the one-statement pool path.
  if (target.owes_meds && "$transaction" in db) return db.$transaction((tx) => transferInternal(tx, input));
  const party = (row: AccountRow) =>
    platformParty({
      id: row.id,
      name: row.name,
      document: row.document,
      personType: row.person_type,
      agency: row.agency,
    });

  const debitId = randomUUID();
  const shared = {
    grossCents: input.amountCents,
    obs: input.obs ?? null,
    payer: party(source),
    receiver: party(target),
    requestId: input.requestId ?? null,
    status: "succeeded" as const,
  };
  const [debit] = await post(writer, {
    entries: [
      {
        ...shared,
        id: debitId,
        accountId: source.id,
        userId: source.user_id,
        type: "debit",
        reason: "internal:transfer_out",
        externalId: input.externalId ?? null,
      },
      {
        ...shared,
        id: randomUUID(),
        accountId: target.id,
        userId: target.user_id,
        type: "credit",
        reason: "internal:transfer_in",
        counterpartEntryId: debitId,
      },
    ],
    legs: legs.transfer(source.id, target.id, input.amountCents),
  });
  if (!("$transaction" in db)) await coverOwedMeds(db, target.id);
  return debit as LedgerEntry;
}

/**
 * Who an internal transfer to `accountId` pays (name, masked document, agency), shown before the
 * merchant confirms, as a key's DICT lookup is; the same refusals the transfer gives.
 */
export async function internalReceiver(tx: Tx, accountId: string) {
  if (!ACCOUNT_ID_PATTERN.test(accountId)) {
    throw invalid(
      "receiverBankAccount must be a 12-digit internal account",
      "receiverBankAccount",
      "ACCOUNT_NUMBER_INVALID",
    );
  }
  const account = await tx.account.findUnique({ where: { id: accountId } });
  if (!account) throw invalid("destination account not found", "receiverBankAccount", "DESTINATION_NOT_FOUND");
  return platformParty(account);
}
