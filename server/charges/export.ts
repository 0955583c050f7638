/**
 * The charges list's current filter as CSV, through the list's own query (listCharges). A paid
 * charge also carries the fee its PIX paid and the net credited (docs/decisions/0058), read per
 * page from the credits.
 */

import type { AppLocale } from "../../i18n/config";
import type { Tx } from "../db/client";
import { type Cell, csvFile, money } from "../exports/csv";
import { exportLabels, labelOf } from "../exports/labels";
import { everyPage } from "../exports/paging";
import { saoPauloDateTime } from "../time";
import { type ChargeFilters, listCharges } from "./list";
import { paidAmountsByCharge } from "./paid";

export function chargesCsv(tx: Tx, userId: string, filters: ChargeFilters, locale: AppLocale) {
  const labels = exportLabels(locale);
  const c = labels.columns;
  async function* rows(): AsyncGenerator<Cell[]> {
    const charges = everyPage(async (paging) => {
      const page = (await listCharges(tx, userId, { ...filters, ...paging })).charges;
      const amounts = await paidAmountsByCharge(tx, userId, page);
      return page.map((charge) => ({ ...charge, paid: amounts.get(charge.txId) ?? null }));
    });
    for await (const charge of charges) {
      yield [
        saoPauloDateTime(charge.createdAt),
        charge.txId,
        charge.accountId,
        charge.description,
        charge.externalId,
        labelOf(labels.chargeStatuses, charge.status),
        money(charge.amountCents),
        charge.paid ? money(-charge.paid.feeCents) : null,
        charge.paid ? money(charge.paid.netCents) : null,
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
    c.fee,
    c.netAmount,
    c.expiresAt,
    c.paidAt,
    c.paidEndToEndId,
  ];
  return csvFile(locale, header, rows());
}
