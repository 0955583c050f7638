/**
 * The PDF statement (@react-pdf/renderer), pt-BR: summary, monthly table, month summary and
 * transaction table, with the platform's name, generation time and page numbers on every page.
 * Rendered in the worker only (it does not run inside Next's route bundles).
 */
import { Document, Page, renderToStream, StyleSheet, Text, View } from "@react-pdf/renderer";
import { maskDocument } from "../documents/cpf-cnpj";
import type { PeriodSummary, StatementEntry } from "./data";
import { brDate, brDateTime, brl, COLUMN_LABELS, cell, REASON_LABELS, TYPE_LABELS } from "./format";
import { COLUMN_KEYS, type ColumnKey, type StatementOptions } from "./schema";

const WIDTHS: Record<ColumnKey, number> = {
  dateTime: 1.5,
  type: 0.8,
  description: 2,
  endToEndId: 2.6,
  payerReceiver: 2.2,
  payerBankInfo: 2.2,
  grossAmount: 1.1,
  fee: 0.9,
  netAmount: 1.1,
  status: 1.1,
};
const AMOUNTS = new Set<ColumnKey>(["grossAmount", "fee", "netAmount"]);

const styles = StyleSheet.create({
  page: { paddingTop: 48, paddingBottom: 40, paddingHorizontal: 28, fontSize: 7, fontFamily: "Helvetica" },
  header: { position: "absolute", top: 18, left: 28, right: 28, flexDirection: "row", justifyContent: "space-between" },
  brand: { fontSize: 10, fontFamily: "Helvetica-Bold" },
  footer: {
    position: "absolute",
    bottom: 16,
    left: 28,
    right: 28,
    flexDirection: "row",
    justifyContent: "space-between",
    color: "#555",
  },
  title: { fontSize: 12, fontFamily: "Helvetica-Bold", marginBottom: 6, marginTop: 8 },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: "#ddd", paddingVertical: 2 },
  head: { flexDirection: "row", backgroundColor: "#eef", paddingVertical: 3, fontFamily: "Helvetica-Bold" },
  cell: { paddingHorizontal: 2 },
  right: { textAlign: "right" },
  summary: { flexDirection: "row", flexWrap: "wrap", marginBottom: 6 },
  summaryItem: { width: "33%", marginBottom: 4 },
  label: { color: "#555" },
  value: { fontSize: 9, fontFamily: "Helvetica-Bold" },
  empty: { fontSize: 10, marginTop: 12 },
});

export type PdfInput = {
  platformName: string;
  generatedAt: Date;
  accountId: string;
  period: { startAt: Date; endAt: Date };
  summary: PeriodSummary;
  options: StatementOptions;
  /** the transaction table's rows, already formatted */
  rows: string[][];
};

function Table({ columns, rows }: { columns: { label: string; width: number; right?: boolean }[]; rows: string[][] }) {
  return (
    <View>
      <View style={styles.head} fixed>
        {columns.map((c) => (
          <Text key={c.label} style={[styles.cell, { flex: c.width }, c.right ? styles.right : {}]}>
            {c.label}
          </Text>
        ))}
      </View>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are static, never reordered
        <View key={i} style={styles.row} wrap={false}>
          {row.map((value, j) => (
            <Text
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are static
              key={j}
              style={[styles.cell, { flex: columns[j]?.width ?? 1 }, columns[j]?.right ? styles.right : {}]}
            >
              {value}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

function monthLabel(month: string): string {
  const [y, m] = month.split("-");
  return `${m}/${y}`;
}

function Summary({ input }: { input: PdfInput }) {
  const s = input.summary;
  const items: [string, string][] = [
    ["Titular", s.holder.name],
    ["Documento", maskDocument(s.holder.document)],
    ["Conta", `Agência ${s.holder.agency} · Conta ${input.accountId}`],
    ["Período", `${brDate(input.period.startAt)} a ${brDate(input.period.endAt)}`],
    ["Saldo inicial", brl(s.openingCents)],
    ["Saldo final", brl(s.closingCents)],
    ["Total de entradas", brl(s.inCents)],
    ["Total de saídas", brl(s.outCents)],
    ["Tarifas", brl(s.feeCents)],
  ];
  return (
    <View>
      <Text style={styles.title}>Resumo</Text>
      <View style={styles.summary}>
        {items.map(([label, value]) => (
          <View key={label} style={styles.summaryItem}>
            <Text style={styles.label}>{label}</Text>
            <Text style={styles.value}>{value}</Text>
          </View>
        ))}
      </View>
    </View>
  );
}

export function StatementDocument({ input }: { input: PdfInput }) {
  const { sections, columns } = input.options;
  const chosen = COLUMN_KEYS.filter((k) => columns[k]);
  const s = input.summary;
  return (
    <Document title={`Extrato ${input.accountId}`} author={input.platformName} language="pt-BR">
      <Page size="A4" orientation="landscape" style={styles.page}>
        <View style={styles.header} fixed>
          <Text style={styles.brand}>{input.platformName} · Extrato de conta</Text>
          <Text>
            Conta {input.accountId} · {brDate(input.period.startAt)} a {brDate(input.period.endAt)}
          </Text>
        </View>
        {sections.summary && <Summary input={input} />}
        {s.count === 0 && <Text style={styles.empty}>Não houve movimentações no período.</Text>}
        {sections.monthlyTable && s.count > 0 && (
          <View>
            <Text style={styles.title}>Movimentação mensal</Text>
            <Table
              columns={[
                { label: "Mês", width: 1 },
                { label: "Lançamentos", width: 1, right: true },
                { label: "Entradas", width: 1.5, right: true },
                { label: "Saídas", width: 1.5, right: true },
                { label: "Tarifas", width: 1.5, right: true },
              ]}
              rows={s.months.map((m) => [
                monthLabel(m.month),
                String(m.count),
                brl(m.inCents),
                brl(m.outCents),
                brl(m.feeCents),
              ])}
            />
          </View>
        )}
        {sections.monthSummary && s.count > 0 && (
          <View>
            <Text style={styles.title}>Resumo do mês por tipo de movimento</Text>
            <Table
              columns={[
                { label: "Mês", width: 1 },
                { label: "Movimento", width: 3 },
                { label: "Tipo", width: 1 },
                { label: "Quantidade", width: 1, right: true },
                { label: "Total líquido", width: 1.5, right: true },
              ]}
              rows={s.byReason.map((r) => [
                monthLabel(r.month),
                REASON_LABELS[r.reason] ?? r.reason,
                TYPE_LABELS[r.type] ?? r.type,
                String(r.count),
                brl(r.netCents),
              ])}
            />
          </View>
        )}
        {sections.transactionTable && s.count > 0 && (
          <View>
            <Text style={styles.title}>Lançamentos</Text>
            <Table
              columns={chosen.map((k) => ({ label: COLUMN_LABELS[k], width: WIDTHS[k], right: AMOUNTS.has(k) }))}
              rows={input.rows}
            />
          </View>
        )}
        <View style={styles.footer} fixed>
          <Text>Gerado em {brDateTime(input.generatedAt)} (horário de Brasília)</Text>
          <Text render={({ pageNumber, totalPages }) => `Página ${pageNumber} de ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

export function transactionRow(entry: StatementEntry, options: StatementOptions): string[] {
  return COLUMN_KEYS.filter((k) => options.columns[k]).map((k) =>
    k === "dateTime" ? brDateTime(entry.createdAt) : cell(entry, k, brl),
  );
}

export async function pdfStream(input: PdfInput) {
  return renderToStream(<StatementDocument input={input} />);
}
