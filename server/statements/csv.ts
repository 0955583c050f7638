/**
 * The CSV statement: RFC 4180 (csv-stringify, CRLF), UTF-8 with a BOM so spreadsheet programs
 * read accents right, amounts "1234.56", times in America/Sao_Paulo, pt-BR headers. With only
 * the transaction table chosen the file is exactly that table (header, then rows); otherwise
 * each chosen section follows in the 2.7 order under a title line, separated by a blank line.
 * Transaction rows go out a batch at a time as the keyset pages arrive; nothing accumulates,
 * and the storage pulls (an error on either side stops both).
 */
import { stringify } from "csv-stringify/sync";
import { maskDocument } from "../documents/cpf-cnpj";
import { saoPauloDate } from "../time";
import type { PeriodSummary, StatementEntry } from "./data";
import { COLUMN_LABELS, cell, plainAmount, REASON_LABELS, TYPE_LABELS } from "./format";
import { COLUMN_KEYS, type StatementOptions } from "./schema";

const BATCH = 500;
const line = (records: string[][]) => stringify(records, { record_delimiter: "windows" });

function summaryBlocks(
  summary: PeriodSummary,
  period: { accountId: string; startAt: Date; endAt: Date },
  options: StatementOptions,
) {
  const blocks: string[][][] = [];
  if (options.sections.summary) {
    blocks.push([
      ["Resumo"],
      ["Titular", summary.holder.name],
      ["Documento", maskDocument(summary.holder.document)],
      ["Agência", summary.holder.agency],
      ["Conta", period.accountId],
      ["Início", saoPauloDate(period.startAt)],
      ["Fim", saoPauloDate(period.endAt)],
      ["Saldo inicial", plainAmount(summary.openingCents)],
      ["Saldo final", plainAmount(summary.closingCents)],
      ["Total de entradas", plainAmount(summary.inCents)],
      ["Total de saídas", plainAmount(summary.outCents)],
      ["Tarifas", plainAmount(summary.feeCents)],
      ["Lançamentos", String(summary.count)],
      ...(summary.count === 0 ? [["Não houve movimentações no período."]] : []),
    ]);
  }
  if (options.sections.monthlyTable) {
    blocks.push([
      ["Movimentação mensal"],
      ["Mês", "Lançamentos", "Entradas", "Saídas", "Tarifas"],
      ...summary.months.map((m) => [
        m.month,
        String(m.count),
        plainAmount(m.inCents),
        plainAmount(m.outCents),
        plainAmount(m.feeCents),
      ]),
    ]);
  }
  if (options.sections.monthSummary) {
    blocks.push([
      ["Resumo do mês por tipo de movimento"],
      ["Mês", "Movimento", "Tipo", "Quantidade", "Total líquido"],
      ...summary.byReason.map((r) => [
        r.month,
        REASON_LABELS[r.reason] ?? r.reason,
        TYPE_LABELS[r.type] ?? r.type,
        String(r.count),
        plainAmount(r.netCents),
      ]),
    ]);
  }
  return blocks;
}

export async function* csvStream(
  entries: AsyncIterable<StatementEntry>,
  options: StatementOptions,
  onRow: (rowsWritten: number) => Promise<void>,
  context: { summary: PeriodSummary; period: { accountId: string; startAt: Date; endAt: Date } },
): AsyncGenerator<string> {
  yield "\uFEFF";
  const blocks = summaryBlocks(context.summary, context.period, options);
  for (const [i, block] of blocks.entries()) yield (i > 0 ? "\r\n" : "") + line(block);
  if (!options.sections.transactionTable) return;
  if (blocks.length > 0) yield `\r\n${line([["Lançamentos"]])}`;

  const keys = COLUMN_KEYS.filter((k) => options.columns[k]);
  yield line([keys.map((k) => COLUMN_LABELS[k])]);
  let batch: string[][] = [];
  let rows = 0;
  for await (const entry of entries) {
    batch.push(keys.map((k) => cell(entry, k, plainAmount)));
    rows++;
    await onRow(rows);
    if (batch.length === BATCH) {
      yield line(batch);
      batch = [];
    }
  }
  if (batch.length > 0) yield line(batch);
}
