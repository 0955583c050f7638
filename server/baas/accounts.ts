/** Balance and statement of an account operated through /v4/i/baas, on the ledger's own listing. */

import { operableAccount } from "../accounts/programme";
import { type Balance, balanceOf } from "../accounts/service";
import type { Tx } from "../db/client";
import type { LedgerEntry } from "../generated/prisma/client";
import { ENTRY_REASONS, listEntries } from "../ledger/queries";
import { saoPauloDayEnd, saoPauloDayStart } from "../time";
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
  // Calendar days (checked by the schema) cover whole São Paulo days.
  const start = query.startDate ? (saoPauloDayStart(query.startDate) ?? undefined) : undefined;
  const end = query.endDate ? (saoPauloDayEnd(query.endDate) ?? undefined) : undefined;
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
