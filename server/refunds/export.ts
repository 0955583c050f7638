/** The refunds list's current filter as CSV, through the list's own query (the ledger's refund entries). */

import type { AppLocale } from "../../i18n/config";
import type { Tx } from "../db/client";
import { type Cell, csvFile, money } from "../exports/csv";
import { exportLabels, labelOf } from "../exports/labels";
import { everyPage } from "../exports/paging";
import type { EntryStatus } from "../generated/prisma/client";
import type { Party } from "../ledger/parties";
import { listEntries } from "../ledger/queries";
import { saoPauloDateTime } from "../time";
import { REFUND_REASON } from "./service";

export function refundsCsv(tx: Tx, userId: string, filters: { status?: EntryStatus }, locale: AppLocale) {
  const labels = exportLabels(locale);
  const c = labels.columns;
  async function* rows(): AsyncGenerator<Cell[]> {
    const entries = everyPage(
      async (paging) => (await listEntries(tx, userId, { ...filters, ...paging, reason: REFUND_REASON })).entries,
    );
    for await (const entry of entries) {
      yield [
        saoPauloDateTime(entry.createdAt),
        entry.accountId,
        (entry.receiver as Party | null)?.name ?? null,
        entry.description,
        labelOf(labels.statuses, entry.status),
        entry.parentEndToEndId,
        entry.endToEndId,
        // A refund is money going out: negative, as in every export.
        money(-entry.grossCents),
        // its fee (positive when the refund gave the original's fee back) and what left in all
        money(-entry.feeCents),
        money(-entry.netCents),
      ];
    }
  }
  const header = [
    c.dateTime,
    c.account,
    c.receiver,
    c.description,
    c.status,
    c.originalEndToEndId,
    c.endToEndId,
    c.amount,
    c.fee,
    c.netAmount,
  ];
  return csvFile(locale, header, rows());
}
