/**
 * The ledger's current filter as CSV, for reconciliation: the statement's columns and formatting
 * (server/statements/format.ts: RFC 4180, CRLF, BOM, São Paulo times, amounts "1234.56") plus the
 * account, the entry id, the externalId and the txId. Rows are read in keyset pages, newest
 * first, and written a page at a time: nothing accumulates whatever the filter's size.
 */
import { stringify } from "csv-stringify/sync";
import type { Tx } from "../db/client";
import { invalid } from "../errors";
import { Prisma } from "../generated/prisma/client";
import type { Party } from "../ledger/parties";
import { type EntryFilters, entryCondition } from "../ledger/search";
import type { StatementEntry } from "./data";
import { COLUMN_LABELS, cell, plainAmount } from "./format";
import { COLUMN_KEYS } from "./schema";

const PAGE_ROWS = 1000;
const line = (records: string[][]) => stringify(records, { record_delimiter: "windows" });

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

const EXTRA_LABELS = ["Conta", "ID do lançamento"];
const TAIL_LABELS = ["ID externo", "txId"];

/** The CSV's chunks; refuses a reversed date range before anything is written. */
export function ledgerCsv(tx: Tx, userId: string, filters: EntryFilters): AsyncGenerator<string> {
  if (filters.startDate !== undefined && filters.endDate !== undefined && filters.startDate > filters.endDate) {
    throw invalid("startDate must not be after endDate", "startDate");
  }
  return csvChunks(tx, userId, filters);
}

async function* csvChunks(tx: Tx, userId: string, filters: EntryFilters): AsyncGenerator<string> {
  yield "\uFEFF";
  yield line([[...EXTRA_LABELS, ...COLUMN_KEYS.map((k) => COLUMN_LABELS[k]), ...TAIL_LABELS]]);
  let batch: string[][] = [];
  for await (const row of exportRows(tx, userId, filters)) {
    const entry: StatementEntry = {
      ...row,
      seq: String(row.seq),
      type: row.type,
      payer: row.payer as Party | null,
      receiver: row.receiver as Party | null,
    };
    batch.push([
      row.accountId,
      row.id,
      ...COLUMN_KEYS.map((k) => cell(entry, k, plainAmount)),
      row.externalId ?? "",
      row.entryRef ?? "",
    ]);
    if (batch.length === PAGE_ROWS) {
      yield line(batch);
      batch = [];
    }
  }
  if (batch.length > 0) yield line(batch);
}
