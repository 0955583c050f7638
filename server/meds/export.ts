/** The MEDs list's current filter as CSV, through the list's own query (listMedsForDashboard). */

import type { AppLocale } from "../../i18n/config";
import type { Tx } from "../db/client";
import { type Cell, csvFile, money } from "../exports/csv";
import { exportLabels, labelOf } from "../exports/labels";
import { everyPage } from "../exports/paging";
import { saoPauloDateTime } from "../time";
import { listMedsForDashboard } from "./dashboard";

type Filters = Omit<Parameters<typeof listMedsForDashboard>[2], "page" | "limit">;

export function medsCsv(tx: Tx, userId: string, filters: Filters, locale: AppLocale) {
  const labels = exportLabels(locale);
  const c = labels.columns;
  async function* rows(): AsyncGenerator<Cell[]> {
    const meds = everyPage(async (paging) => (await listMedsForDashboard(tx, userId, { ...filters, ...paging })).meds);
    for await (const med of meds) {
      yield [
        saoPauloDateTime(med.createdAt),
        med.medId,
        med.endToEndId,
        med.payer?.name ?? null,
        labelOf(labels.medStatuses, med.status),
        money(med.disputedCents),
        money(med.blockedCents),
        med.defenseDeadline ? saoPauloDateTime(med.defenseDeadline) : null,
      ];
    }
  }
  const header = [c.createdAt, c.medId, c.endToEndId, c.payer, c.status, c.disputed, c.blocked, c.deadline];
  return csvFile(locale, header, rows());
}
