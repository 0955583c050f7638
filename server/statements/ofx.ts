/**
 * The OFX statement: OFX 1.02 SGML (BANKMSGSRSV1/STMTTRNRS), the version Brazilian accounting
 * software and banks exchange. One STMTTRN per movement of the account's available balance in the
 * period, read from the ledger's postings, so the TRNAMTs add up to LEDGERBAL (the closing
 * balance) minus the opening balance by construction: a settled credit is one movement, a debit
 * that is still processing has already left the balance, and a failed debit's release is a
 * movement of its own. FITID is the entry's id for its first movement and `<id>-<n>` for later
 * ones (a release, a MED block), so a movement keeps its FITID whichever period it is read in
 * and importers never take it twice. Times are São Paulo wall time with their offset
 * ([-3:BRT]); amounts are signed with a `.` decimal; text is plain ASCII, as CHARSET 1252 promises.
 */
import type pg from "pg";
import { decimalAmount } from "../exports/locale";
import { saoPauloWallClock } from "../time";
import type { PeriodSummary } from "./data";

type Period = { accountId: string; startAt: Date; endAt: Date };

export type Movement = {
  fitId: string;
  postedAt: Date;
  amountCents: bigint;
  type: "credit" | "debit";
  name: string;
  memo: string;
};

const PAGE_ROWS = 2000;

/** The period's movements of the available balance, oldest first, PAGE_ROWS at a time. */
export async function* periodMovements(pool: pg.Pool, period: Period, reasonLabel: (reason: string) => string) {
  let after = "0";
  for (;;) {
    const result = await pool.query(
      `SELECT m.first_id::text, m.at, m.amount::text, m.n, e.id, e.type::text AS type, e.reason,
              coalesce(e.description, e.obs) AS description, e.payer, e.receiver
         FROM (SELECT entry_seq, min(id) AS first_id, min(created_at) AS at, sum(amount_cents) AS amount,
                      row_number() OVER (PARTITION BY entry_seq ORDER BY min(id)) AS n
                 FROM ledger_postings
                WHERE account_id = $1 AND bucket = 'available'
                  AND entry_seq IN (SELECT entry_seq FROM ledger_postings
                                     WHERE account_id = $1 AND bucket = 'available' AND created_at BETWEEN $2 AND $3)
                GROUP BY entry_seq, transaction_id) m
         JOIN ledger_entries e ON e.seq = m.entry_seq
        WHERE m.at BETWEEN $2 AND $3 AND m.amount <> 0 AND m.first_id > $4::bigint
        ORDER BY m.first_id
        LIMIT $5`,
      [period.accountId, period.startAt, period.endAt, after, PAGE_ROWS],
    );
    for (const row of result.rows) {
      const amountCents = BigInt(row.amount);
      const party = row.type === "credit" ? row.payer : row.receiver;
      yield {
        fitId: Number(row.n) === 1 ? row.id : `${row.id}-${row.n}`,
        postedAt: row.at,
        amountCents,
        type: amountCents < 0n ? "debit" : "credit",
        name: party?.name ?? reasonLabel(row.reason),
        memo: row.description ?? reasonLabel(row.reason),
      } satisfies Movement;
    }
    if (result.rows.length < PAGE_ROWS) return;
    after = result.rows[result.rows.length - 1].first_id;
  }
}

/** "20261118090000[-3:BRT]": São Paulo wall time and its offset from UTC at that instant. */
export function ofxDateTime(date: Date): string {
  const w = saoPauloWallClock(date);
  const wallMs = Date.UTC(+w.year, +w.month - 1, +w.day, +w.hour % 24, +w.minute, +w.second);
  const offset = Math.round((wallMs - Math.floor(date.getTime() / 1000) * 1000) / 3_600_000);
  return `${w.year}${w.month}${w.day}${w.hour}${w.minute}${w.second}[${offset}:${offset === -2 ? "BRST" : "BRT"}]`;
}

/** SGML text: ASCII only (accents dropped), no markup characters, within OFX's field size. */
export function ofxText(value: string, max: number): string {
  const ascii = value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, " ")
    .replace(/[<>&]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return ascii.slice(0, max) || "-";
}

const amount = (cents: bigint) => decimalAmount(cents, "en");

export async function* ofxStatement(
  movements: AsyncIterable<Movement>,
  context: { summary: PeriodSummary; period: Period; bankId: string; now: Date },
  onRow: (rowsWritten: number) => Promise<void>,
): AsyncGenerator<string> {
  const { summary, period } = context;
  yield [
    "OFXHEADER:100",
    "DATA:OFXSGML",
    "VERSION:102",
    "SECURITY:NONE",
    "ENCODING:USASCII",
    "CHARSET:1252",
    "COMPRESSION:NONE",
    "OLDFILEUID:NONE",
    "NEWFILEUID:NONE",
    "",
    "<OFX>",
    "<SIGNONMSGSRSV1>",
    "<SONRS>",
    "<STATUS>",
    "<CODE>0",
    "<SEVERITY>INFO",
    "</STATUS>",
    `<DTSERVER>${ofxDateTime(context.now)}`,
    "<LANGUAGE>POR",
    "</SONRS>",
    "</SIGNONMSGSRSV1>",
    "<BANKMSGSRSV1>",
    "<STMTTRNRS>",
    "<TRNUID>1",
    "<STATUS>",
    "<CODE>0",
    "<SEVERITY>INFO",
    "</STATUS>",
    "<STMTRS>",
    "<CURDEF>BRL",
    "<BANKACCTFROM>",
    `<BANKID>${ofxText(context.bankId, 9)}`,
    `<BRANCHID>${ofxText(summary.holder.agency, 22)}`,
    `<ACCTID>${ofxText(period.accountId, 22)}`,
    "<ACCTTYPE>CHECKING",
    "</BANKACCTFROM>",
    "<BANKTRANLIST>",
    `<DTSTART>${ofxDateTime(period.startAt)}`,
    `<DTEND>${ofxDateTime(period.endAt)}`,
    "",
  ].join("\r\n");
  let rows = 0;
  let batch: string[] = [];
  for await (const m of movements) {
    batch.push(
      "<STMTTRN>",
      `<TRNTYPE>${m.type === "debit" ? "DEBIT" : "CREDIT"}`,
      `<DTPOSTED>${ofxDateTime(m.postedAt)}`,
      `<TRNAMT>${amount(m.amountCents)}`,
      `<FITID>${ofxText(m.fitId, 255)}`,
      `<NAME>${ofxText(m.name, 32)}`,
      `<MEMO>${ofxText(m.memo, 255)}`,
      "</STMTTRN>",
    );
    rows++;
    await onRow(rows);
    if (batch.length >= 4000) {
      yield `${batch.join("\r\n")}\r\n`;
      batch = [];
    }
  }
  if (batch.length > 0) yield `${batch.join("\r\n")}\r\n`;
  yield [
    "</BANKTRANLIST>",
    "<LEDGERBAL>",
    `<BALAMT>${amount(summary.closingCents)}`,
    `<DTASOF>${ofxDateTime(period.endAt)}`,
    "</LEDGERBAL>",
    "</STMTRS>",
    "</STMTTRNRS>",
    "</BANKMSGSRSV1>",
    "</OFX>",
    "",
  ].join("\r\n");
}
