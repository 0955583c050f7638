/**
 * The PDF statement's pages (@react-pdf/renderer), pt-BR: summary, monthly table, month summary
 * and transaction table, with the platform's name, generation time and page numbers on every
 * page. The transaction table is laid out by hand (fixed rows per page, one text block per
 * column): react-pdf's cost grows with every text node, so a 10,000-row table as one flowing
 * tree takes minutes. server/statements/pdf-render.ts renders and joins the parts.
 */
import { Canvas, Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";

/** The part of pdfkit that react-pdf's Canvas painter passes through. */
type Painter = {
  rect(x: number, y: number, w: number, h: number): Painter;
  fillColor(color: string): Painter;
  fill(): Painter;
  font(name: string): Painter;
  fontSize(size: number): Painter;
  text(text: string, x: number, y: number, options: { width: number; align: string; lineBreak: boolean }): Painter;
};

import { maskDocument } from "../documents/cpf-cnpj";
import type { PeriodSummary, StatementEntry } from "./data";
import { brDate, brDateTime, brl, COLUMN_LABELS, cell, REASON_LABELS, TYPE_LABELS } from "./format";
import { COLUMN_KEYS, type ColumnKey, type StatementOptions } from "./schema";

const WIDTHS: Record<ColumnKey, number> = {
  dateTime: 1.5,
  type: 0.8,
  description: 1.8,
  endToEndId: 3.3,
  payerReceiver: 2.2,
  payerBankInfo: 2.0,
  grossAmount: 1.1,
  fee: 0.9,
  netAmount: 1.1,
  status: 1.1,
};
const ROW_HEIGHT = 11;
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
};

export const ROWS_PER_PAGE = 40;
// Helvetica at 7 pt is at most ~4 pt per character for the text we print (digits are 3.9).
const POINTS_PER_CHAR = 4;

function Chrome({
  input,
  pageLabel,
}: {
  input: PdfInput;
  pageLabel: string | ((page: number, total: number) => string);
}) {
  return (
    <>
      <View style={styles.header} fixed>
        <Text style={styles.brand}>{input.platformName} · Extrato de conta</Text>
        <Text>
          Conta {input.accountId} · {brDate(input.period.startAt)} a {brDate(input.period.endAt)}
        </Text>
      </View>
      <View style={styles.footer} fixed>
        <Text>Gerado em {brDateTime(input.generatedAt)} (horário de Brasília)</Text>
        {typeof pageLabel === "string" ? (
          <Text>{pageLabel}</Text>
        ) : (
          <Text render={({ pageNumber, totalPages }) => pageLabel(pageNumber, totalPages)} />
        )}
      </View>
    </>
  );
}

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

/** Summary, monthly table and month summary (or the "no movements" note): pages that flow. */
export function SectionsDocument({ input, laterPages }: { input: PdfInput; laterPages: number }) {
  const { sections } = input.options;
  const s = input.summary;
  return (
    <Document>
      <Page size="A4" orientation="landscape" style={styles.page}>
        <Chrome input={input} pageLabel={(page, total) => `Página ${page} de ${total + laterPages}`} />
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
      </Page>
    </Document>
  );
}

/** Pages of the transaction table: ROWS_PER_PAGE one-line rows each, numbered from `firstPage`. */
export function TransactionPages({
  input,
  pages,
  firstPage,
  totalPages,
}: {
  input: PdfInput;
  pages: string[][][];
  firstPage: number;
  totalPages: number;
}) {
  const chosen = COLUMN_KEYS.filter((k) => input.options.columns[k]);
  const weight = chosen.reduce((sum, k) => sum + WIDTHS[k], 0);
  return (
    <Document>
      {pages.map((rows, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pages are static
        <Page key={index} size="A4" orientation="landscape" style={styles.page}>
          <Chrome input={input} pageLabel={`Página ${firstPage + index} de ${totalPages}`} />
          <Text style={styles.title}>Lançamentos</Text>
          <View style={styles.head}>
            {chosen.map((k) => (
              <Text key={k} style={[styles.cell, { flex: WIDTHS[k] }, AMOUNTS.has(k) ? styles.right : {}]}>
                {COLUMN_LABELS[k]}
              </Text>
            ))}
          </View>
          <Canvas
            style={{ height: ROWS_PER_PAGE * ROW_HEIGHT }}
            paint={(painter, width) => {
              // Drawn straight onto the page (pdfkit through react-pdf's painter): no layout tree.
              const painted = painter as unknown as Painter;
              let x = 0;
              const boxes = chosen.map((k) => {
                const w = (width * WIDTHS[k]) / weight;
                const box = { x, w, max: Math.floor((w - 4) / POINTS_PER_CHAR), right: AMOUNTS.has(k) };
                x += w;
                return box;
              });
              rows.forEach((_, r) => {
                if (r % 2 === 1)
                  painted
                    .rect(0, r * ROW_HEIGHT, width, ROW_HEIGHT)
                    .fillColor("#f4f4f8")
                    .fill();
              });
              painted.fillColor("#000000").font("Helvetica").fontSize(7);
              rows.forEach((row, r) => {
                boxes.forEach((box, c) => {
                  painted.text(truncate(row[c] ?? "", box.max), box.x + 2, r * ROW_HEIGHT + 2.5, {
                    width: box.w - 4,
                    align: box.right ? "right" : "left",
                    lineBreak: false,
                  });
                });
              });
              return null;
            }}
          />
        </Page>
      ))}
    </Document>
  );
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`;
}

export function transactionRow(entry: StatementEntry, options: StatementOptions): string[] {
  return COLUMN_KEYS.filter((k) => options.columns[k]).map((k) =>
    k === "dateTime" ? brDateTime(entry.createdAt) : cell(entry, k, brl),
  );
}
