import { randomUUID } from "node:crypto";
import { ACCOUNT_ID_PATTERN } from "../accounts/account-id";
import type { AccountRow } from "../accounts/row";
import { assertActive, assertCanReceive, assertTransactionAmount } from "../accounts/rules";
import { batchedLookup } from "../db/batched";
import type { Tx } from "../db/client";
import { probePool } from "../db/pool";
import { AppError, invalid, notFound } from "../errors";
import type { LedgerEntry } from "../generated/prisma/client";
import { prismaWriter } from "../ledger/apply";
import { legs } from "../ledger/movements";
import { platformParty } from "../ledger/parties";
import type { Leg, NewEntry } from "../ledger/types";
import { inCallerTransaction, postBy, type WritePath } from "../ledger/write-path";
import { assertWithinLimits } from "../limits/limits";
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

/** What an internal transfer reads of each of its two accounts. */
export type TransferAccount = AccountRow & { owes_meds: boolean };

// Named, on the pool that plans once per connection (server/db/pool.ts, probePool), so every plan
// must be index probes: the account by its key, and an owed MED by the account's own indexes.
// `status::text` keeps the status-led MED index out: a plan made while `meds` was small chose it,
// which reads every MED under analysis for each account (docs/decisions/0023).
export const ACCOUNTS_SQL = `
  SELECT a.id, a.user_id, a.name, a.document, a.person_type, a.agency, a.status, m.account_id IS NOT NULL AS owes_meds
    FROM unnest($1::varchar[]) AS i(id)
    CROSS JOIN LATERAL (SELECT * FROM accounts a WHERE a.id = i.id LIMIT 1) a
    LEFT JOIN LATERAL (
      SELECT m.account_id FROM meds m
       WHERE m.account_id = a.id AND m.status::text = 'under_analysis' AND m.blocked_cents < m.disputed_cents
       LIMIT 1) m ON true`;

/** The accounts of concurrent transfers, read in one statement (server/db/batched.ts). */
const transferAccount = batchedLookup<string, TransferAccount>(async (ids) => {
  const { rows } = await probePool().query<TransferAccount>({
    name: "transfer_accounts",
    text: ACCOUNTS_SQL,
    values: [ids],
  });
  return new Map(rows.map((row) => [row.id, row]));
});

async function readAccounts(path: WritePath, ids: [string, string]): Promise<(TransferAccount | null)[]> {
  if (path.kind === "batch") return Promise.all(ids.map(transferAccount));
  const rows = (await prismaWriter(path.tx).query(ACCOUNTS_SQL, [ids])) as TransferAccount[];
  return ids.map((id) => rows.find((row) => row.id === id) ?? null);
}

const party = (row: TransferAccount) =>
  platformParty({
    id: row.id,
    name: row.name,
    document: row.document,
    personType: row.person_type,
    agency: row.agency,
  });

/** The ledger change of an accepted internal transfer: a debit, its counterpart credit, their legs. */
export function internalTransferChange(
  source: TransferAccount,
  target: TransferAccount,
  input: Pick<InternalTransfer, "amountCents" | "obs" | "externalId" | "requestId">,
): { entries: NewEntry[]; legs: Leg[] } {
  const debitId = randomUUID();
  const shared = {
    grossCents: input.amountCents,
    obs: input.obs ?? null,
    payer: party(source),
    receiver: party(target),
    requestId: input.requestId ?? null,
    status: "succeeded" as const,
  };
  return {
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
  };
}

/**
 * Between two accounts of the platform: instant, fee 0, both entries in one statement
 * (which also checks the balance under the row lock). This is the platform's hottest path: on
 * the batch path it reads through the plain pool and posts by group commit, with the transfers
 * that arrive meanwhile (docs/decisions/0022-group-commit.md); on the caller's transaction it
 * joins it.
 */
export async function transferInternal(path: WritePath, input: InternalTransfer): Promise<LedgerEntry> {
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
  const [source, target] = await readAccounts(path, [input.accountId, input.receiverAccountId]);
  if (!source) throw notFound("account not found");
  if (source.user_id !== input.userId) throw new AppError("FORBIDDEN", "no permission for this account");
  if (!target) throw invalid("destination account not found", "receiverBankAccount", "DESTINATION_NOT_FOUND");
  assertActive(source);
  assertCanReceive(target, "receiverBankAccount");
  // A receiver whose MEDs are still owed gets the credit and the block in one transaction
  // (docs/decisions/0012-meds.md); the rare case leaves the one-statement pool path.
  // So does every transfer on the batch path: the PIX limits are checked under the account's lock
  // in the transaction that debits it (server/limits, docs/decisions/0059-pix-limits.md).
  if (path.kind === "batch") {
    return path.db.$transaction((tx) => transferInternal(inCallerTransaction(tx), input));
  }
  await assertWithinLimits(path.tx, source.id, input.amountCents);
  const [debit] = await postBy(path, internalTransferChange(source, target, input));
  if (path.kind === "transaction") await coverOwedMeds(path.tx, target.id);
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
