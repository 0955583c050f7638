/** The charges list's current filter as CSV, through the list's own query (listCharges). */

import type { AppLocale } from "../../i18n/config";
import type { Tx } from "../db/client";
import { type Cell, csvFile, money } from "../exports/csv";
import { exportLabels, labelOf } from "../exports/labels";
import { everyPage } from "../exports/paging";
import { saoPauloDateTime } from "../time";
import { type ChargeFilters, listCharges } from "./list";

export function chargesCsv(tx: Tx, userId: string, filters: ChargeFilters, locale: AppLocale) {
  const labels = exportLabels(locale);
  const c = labels.columns;
  async function* rows(): AsyncGenerator<Cell[]> {
    const charges = everyPage(async (paging) => (await listCharges(tx, userId, { ...filters, ...paging })).charges);
    for await (const charge of charges) {
      yield [
        saoPauloDateTime(charge.createdAt),
        charge.txId,
        charge.accountId,
        charge.description,
        charge.externalId,
        labelOf(labels.chargeStatuses, charge.status),
        money(charge.amountCents),
        saoPauloDateTime(charge.expiresAt),
        charge.paidAt ? saoPauloDateTime(charge.paidAt) : null,
        charge.paidEndToEndId,
      ];
    }
  }
  const header = [
    c.createdAt,
    c.txId,
    c.account,
    c.description,
    c.externalId,
    c.status,
    c.amount,
    c.expiresAt,
    c.paidAt,
    c.paidEndToEndId,
  ];
  return csvFile(locale, header, rows());
}
