/**
 * The PDF statement's pages (@react-pdf/renderer), in the statement's language: summary, monthly
 * table, month summary and transaction table, with the platform's name, generation time and page
 * numbers on every page. The transaction table is laid out beforehand (pdf-layout.ts) and drawn
 * on a canvas: react-pdf's cost grows with every text node, so a 10,000-row table as one flowing
 * tree takes minutes. server/statements/pdf-render.ts renders and joins the parts.
 */
import { Canvas, Document, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { formatDocument } from "../documents/cpf-cnpj";
import type { DocumentIntl } from "../i18n/documents";
import type { PeriodSummary } from "./data";
import { columnLabel, reasonLabel } from "./pdf-cells";
import {
  CELL_PADDING,
  type ColumnBox,
  FONT_SIZE,
  type LaidRow,
  LINE_HEIGHT,
  ROW_PADDING,
  TABLE_HEIGHT,
} from "./pdf-layout";
import type { StatementOptions } from "./schema";

/** The part of pdfkit that react-pdf's Canvas painter passes through. */
type Painter = {
  rect(x: number, y: number, w: number, h: number): Painter;
  fillColor(color: string): Painter;
  fill(): Painter;
  font(name: string): Painter;
  fontSize(size: number): Painter;
  text(text: string, x: number, y: number, options: { width: number; align: string; lineBreak: boolean }): Painter;
};

export const styles = StyleSheet.create({
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
  cell: { paddingHorizontal: CELL_PADDING },
  right: { textAlign: "right" },
  summary: { flexDirection: "row", flexWrap: "wrap", marginBottom: 6 },
  summaryItem: { width: "33%", marginBottom: 4, paddingRight: 8 },
  label: { color: "#555" },
  value: { fontSize: 9, fontFamily: "Helvetica-Bold" },
  note: { color: "#555", marginBottom: 6 },
  empty: { fontSize: 10, marginTop: 12 },
});

export type PdfInput = {
  platformName: string;
  generatedAt: Date;
  accountId: string;
  period: { startAt: Date; endAt: Date };
  summary: PeriodSummary;
  options: StatementOptions;
  intl: DocumentIntl;
};

function Chrome({
  input,
  pageLabel,
}: {
  input: PdfInput;
  pageLabel: string | ((page: number, total: number) => string);
}) {
  const { intl } = input;
  return (
    <>
      <View style={styles.header} fixed>
        <Text style={styles.brand}>
          {input.platformName} · {intl.t("statements.pdf.title")}
        </Text>
        <Text>
          {intl.t("statements.pdf.header", {
            account: input.accountId,
            start: intl.date(input.period.startAt),
            end: intl.date(input.period.endAt),
          })}
        </Text>
      </View>
      <View style={styles.footer} fixed>
        <Text>{intl.t("statements.pdf.generated", { at: intl.dateTime(input.generatedAt) })}</Text>
        {typeof pageLabel === "string" ? (
          <Text>{pageLabel}</Text>
        ) : (
          <Text render={({ pageNumber, totalPages }) => pageLabel(pageNumber, totalPages)} />
        )}
      </View>
    </>
  );
}

export function Table({
  columns,
  rows,
}: {
  columns: { label: string; width: number; right?: boolean }[];
  rows: string[][];
}) {
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

/** "2026-11" as the locale writes a month: 11/2026. */
function monthLabel(intl: DocumentIntl, month: string): string {
  return intl.month(new Date(`${month}-15T12:00:00Z`));
}

function Summary({ input }: { input: PdfInput }) {
  const { summary: s, intl } = input;
  const t = (key: string, values?: Record<string, string | number>) =>
    intl.t(`statements.pdf.summary.${key}` as "statements.pdf.summary.title", values);
  const items: [string, string][] = [
    [t("holder"), s.holder.name],
    // The holder's own document, in full: masking is for third parties.
    [t("document"), formatDocument(s.holder.document)],
    [t("account"), t("accountValue", { agency: s.holder.agency, account: input.accountId })],
    [t("period"), t("periodValue", { start: intl.date(input.period.startAt), end: intl.date(input.period.endAt) })],
    [t("opening"), intl.money(s.openingCents)],
    [t("closing"), intl.money(s.closingCents)],
    [t("in"), intl.money(s.inCents)],
    [t("out"), intl.money(-s.outCents)],
    [t("fees"), intl.money(-s.feeCents)],
    [t("settled"), t("settledValue", { count: s.settledCount })],
    [t("notCounted"), t("notCountedValue", { failed: s.failedCount, processing: s.processingCount })],
  ];
  return (
    <View>
      <Text style={styles.title}>{t("title")}</Text>
      <View style={styles.summary}>
        {items.map(([label, value]) => (
          <View key={label} style={styles.summaryItem}>
            <Text style={styles.label}>{label}</Text>
            <Text style={styles.value}>{value}</Text>
          </View>
        ))}
      </View>
      <Text style={styles.note}>{t("note")}</Text>
    </View>
  );
}

/** Summary, monthly table and month summary (or the "no movements" note): pages that flow. */
export function SectionsDocument({ input, laterPages }: { input: PdfInput; laterPages: number }) {
  const { sections } = input.options;
  const { summary: s, intl } = input;
  const t = (key: string) => intl.t(`statements.pdf.${key}` as "statements.pdf.title");
  return (
    <Document>
      <Page size="A4" orientation="landscape" style={styles.page}>
        <Chrome
          input={input}
          pageLabel={(page, total) => intl.t("statements.pdf.page", { page, total: total + laterPages })}
        />
        {sections.summary && <Summary input={input} />}
        {s.count === 0 && <Text style={styles.empty}>{t("empty")}</Text>}
        {sections.monthlyTable && s.count > 0 && (
          <View>
            <Text style={styles.title}>{t("monthly.title")}</Text>
            <Table
              columns={[
                { label: t("monthly.month"), width: 1 },
                { label: t("monthly.settled"), width: 1, right: true },
                { label: t("monthly.failed"), width: 1, right: true },
                { label: t("monthly.in"), width: 1.5, right: true },
                { label: t("monthly.out"), width: 1.5, right: true },
                { label: t("monthly.fees"), width: 1.5, right: true },
              ]}
              rows={s.months.map((m) => [
                monthLabel(intl, m.month),
                String(m.settledCount),
                String(m.failedCount),
                intl.money(m.inCents),
                intl.money(-m.outCents),
                intl.money(-m.feeCents),
              ])}
            />
          </View>
        )}
        {sections.monthSummary && s.count > 0 && (
          <View>
            <Text style={styles.title}>{t("byReason.title")}</Text>
            <Table
              columns={[
                { label: t("byReason.month"), width: 1 },
                { label: t("byReason.movement"), width: 3 },
                { label: t("byReason.type"), width: 1 },
                { label: t("byReason.settled"), width: 1, right: true },
                { label: t("byReason.failed"), width: 1, right: true },
                { label: t("byReason.net"), width: 1.5, right: true },
              ]}
              rows={s.byReason.map((r) => [
                monthLabel(intl, r.month),
                reasonLabel(intl, r.reason),
                r.type === "credit" || r.type === "debit" ? intl.t(`ledger.types.${r.type}`) : r.type,
                String(r.settledCount),
                String(r.failedCount),
                intl.money(r.type === "debit" ? -r.netCents : r.netCents),
              ])}
            />
          </View>
        )}
      </Page>
    </Document>
  );
}

/** Pages of the transaction table, laid out beforehand (pdf-layout.ts), numbered from `firstPage`. */
export function TransactionPages({
  input,
  boxes,
  pages,
  firstPage,
  totalPages,
}: {
  input: PdfInput;
  boxes: ColumnBox[];
  pages: LaidRow[][];
  firstPage: number;
  totalPages: number;
}) {
  const { intl } = input;
  return (
    <Document>
      {pages.map((rows, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pages are static
        <Page key={index} size="A4" orientation="landscape" style={styles.page}>
          <Chrome
            input={input}
            pageLabel={intl.t("statements.pdf.page", { page: firstPage + index, total: totalPages })}
          />
          <Text style={styles.title}>{intl.t("statements.pdf.table.title")}</Text>
          <View style={styles.head}>
            {boxes.map((box) => (
              <Text key={box.column} style={[styles.cell, { width: box.width }, box.right ? styles.right : {}]}>
                {columnLabel(intl, box.column)}
              </Text>
            ))}
          </View>
          <Canvas
            style={{ height: TABLE_HEIGHT }}
            paint={(painter) => {
              // Drawn straight onto the page (pdfkit through react-pdf's painter): no layout tree.
              const painted = painter as unknown as Painter;
              let y = 0;
              rows.forEach((row, r) => {
                if (r % 2 === 1) painted.rect(0, y, TABLE_WIDTH_OF(boxes), row.height).fillColor("#f4f4f8").fill();
                y += row.height;
              });
              painted.fillColor("#000000").font("Helvetica").fontSize(FONT_SIZE);
              y = 0;
              for (const row of rows) {
                boxes.forEach((box, c) => {
                  (row.lines[c] ?? []).forEach((line, l) => {
                    painted.text(line, box.x + CELL_PADDING, y + ROW_PADDING + l * LINE_HEIGHT + 0.5, {
                      width: box.width - 2 * CELL_PADDING,
                      align: box.right ? "right" : "left",
                      lineBreak: false,
                    });
                  });
                });
                y += row.height;
              }
              return null;
            }}
          />
        </Page>
      ))}
    </Document>
  );
}

const TABLE_WIDTH_OF = (boxes: ColumnBox[]) => boxes.reduce((sum, b) => sum + b.width, 0);
