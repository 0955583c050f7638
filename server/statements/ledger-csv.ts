/**
 * The ledger's current filter as CSV, for reconciliation: the statement's columns and cells
 * (./csv.ts, in the caller's locale, signed amounts) plus the account, the entry id, the
 * externalId and the txId, through the one CSV writer. Rows are read in keyset pages, newest
 * first, and written a batch at a time: nothing accumulates whatever the filter's size.
 */

import type { AppLocale } from "../../i18n/config";
import type { Tx } from "../db/client";
import { invalid } from "../errors";
import { csvFile } from "../exports/csv";
import { exportLabels } from "../exports/labels";
import { Prisma } from "../generated/prisma/client";
import type { Party } from "../ledger/parties";
import { type EntryFilters, entryCondition } from "../ledger/search";
import { statementCell } from "./cell";
import { csvWords } from "./csv";
import type { StatementEntry } from "./data";
import { COLUMN_KEYS } from "./schema";

const PAGE_ROWS = 1000;

type ExportRow = Omit<StatementEntry, "seq"> & {
  seq: bigint;
  accountId: string;
  id: string;
  externalId: string | null;
  entryRef: string | null;
};

async function* exportRows(tx: Tx, userId: string, filters: EntryFilters): AsyncGenerator<ExportRow> {
  const where = entryCondition(userId, filters);
  let after: { createdAt: Date; seq: bigint } | null = null;
  for (;;) {
    const keyset = after ? Prisma.sql`AND (created_at, seq) < (${after.createdAt}, ${after.seq})` : Prisma.empty;
    const rows: ExportRow[] = await tx.$queryRaw<ExportRow[]>`
      SELECT seq, created_at AS "createdAt", type::text AS type, reason, status::text AS status,
             coalesce(description, obs) AS description, end_to_end_id AS "endToEndId", payer, receiver,
             gross_cents AS "grossCents", fee_cents AS "feeCents", net_cents AS "netCents",
             account_id AS "accountId", id, external_id AS "externalId", entry_ref AS "entryRef"
        FROM ledger_entries
       WHERE ${where} ${keyset}
       ORDER BY created_at DESC, seq DESC
       LIMIT ${PAGE_ROWS}`;
    for (const row of rows) yield row;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_ROWS) return;
    after = { createdAt: last.createdAt, seq: last.seq };
  }
}

/** The CSV's chunks; refuses a reversed date range before anything is written. */
export function ledgerCsv(tx: Tx, userId: string, filters: EntryFilters, locale: AppLocale): AsyncGenerator<string> {
  if (filters.startDate !== undefined && filters.endDate !== undefined && filters.startDate > filters.endDate) {
    throw invalid("startDate must not be after endDate", "startDate");
  }
  const labels = exportLabels(locale);
  const c = labels.columns;
  const words = csvWords(labels);
  async function* rows() {
    for await (const row of exportRows(tx, userId, filters)) {
      const entry: StatementEntry = {
        ...row,
        seq: String(row.seq),
        payer: row.payer as Party | null,
        receiver: row.receiver as Party | null,
      };
      yield [
        row.accountId,
        row.id,
        ...COLUMN_KEYS.map((k) => statementCell(entry, k, words)),
        row.externalId ?? "",
        row.entryRef ?? "",
      ];
    }
  }
  return csvFile(locale, [c.account, c.entryId, ...COLUMN_KEYS.map((k) => c[k]), c.externalId, c.txId], rows());
}
