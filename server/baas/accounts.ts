/** Balance and statement of an account operated through /v4/i/baas, on the ledger's own listing. */

import { operableAccount } from "../accounts/programme";
import { type Balance, balanceOf } from "../accounts/service";
import type { Tx } from "../db/client";
import type { LedgerEntry } from "../generated/prisma/client";
import { ENTRY_REASONS, listEntries } from "../ledger/queries";
import { resolvePeriod } from "../statements/schema";
import type { StatementQuery } from "./schema";

export async function programmeBalance(tx: Tx, callerId: string, accountId: string): Promise<Balance> {
  return balanceOf(await operableAccount(tx, callerId, accountId));
}

const REASON_FAMILY = {
  pix_in: ENTRY_REASONS.filter((r) => r.startsWith("pix_in:")),
  pix_out: ENTRY_REASONS.filter((r) => r.startsWith("pix_out:")),
};

export async function programmeStatement(
  tx: Tx,
  callerId: string,
  accountId: string,
  query: StatementQuery,
): Promise<{ entries: LedgerEntry[]; total: number }> {
  const account = await operableAccount(tx, callerId, accountId);
  const start = query.startDate ? resolvePeriod(query.startDate, query.startDate).startAt : undefined;
  const end = query.endDate ? resolvePeriod(query.endDate, query.endDate).endAt : undefined;
  // listEntries refuses a start after the end (400).
  return listEntries(tx, account.userId, {
    accountId: account.id,
    ...(query.type ? { reasons: REASON_FAMILY[query.type] } : {}),
    ...(start !== undefined ? { startDate: start } : {}),
    ...(end !== undefined ? { endDate: end } : {}),
    page: 1,
    limit: query.limit,
    offset: query.offset,
  });
}
