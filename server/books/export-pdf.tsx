/**
 * The accountant's month as a PDF (`balancete-2026-11.pdf`), drawn with the statements' own
 * react-pdf pieces (server/statements/pdf.tsx: its styles and table): the daily lines per
 * account type with each day's tie-out to the settlement account, the fee revenue by product
 * and by customer, and the period's totals; amounts as the reader's locale writes money
 * (R$ 1.234,56 in pt-BR).
 */
import { Document, type DocumentProps, Page, renderToBuffer, Text, View } from "@react-pdf/renderer";
import { createElement, type ReactElement } from "react";
import type { AppLocale } from "../../i18n/config";
import { config } from "../config";
import { formatDocument } from "../documents/cpf-cnpj";
import { exportFileName } from "../exports/labels";
import { styles, Table } from "../statements/pdf";
import type { BooksLine } from "./daily";
import { tieOutText } from "./export-csv";
import { type MonthBooks, periodTotals } from "./month";
import { type BooksWords, booksWords } from "./words";

type Input = { data: MonthBooks; words: BooksWords; platformName: string; generatedAt: Date };

const day = (words: BooksWords, value: string) => words.intl.date(new Date(`${value}T12:00:00Z`));

function amounts(words: BooksWords, line: BooksLine): string[] {
  const { money } = words.intl;
  return [line.openingCents, line.creditsCents, line.debitsCents, line.feesCents, line.closingCents].map(money);
}

function BooksDocument({ data, words, platformName, generatedAt }: Input) {
  const { t, intl } = words;
  const c = (key: string) => t(`columns.${key}`);
  const amountColumns = ["opening", "credits", "debits", "fees", "closing"].map((key) => ({
    label: c(key),
    width: 1.3,
    right: true,
  }));
  const { from, to } = data.books;
  const dailyRows = data.books.days.flatMap((d) => [
    ...d.lines.map((line) => [day(words, d.day), words.type(line.type), ...amounts(words, line)]),
    [
      day(words, d.day),
      tieOutText(words, d.tieOut),
      "",
      "",
      "",
      "",
      d.tieOut.differenceCents === 0n
        ? t("tieOut.ok")
        : t("tieOut.difference", { amount: intl.money(d.tieOut.differenceCents) }),
    ],
  ]);
  return (
    <Document title={`${t("pdf.title")} ${data.month}`} author={platformName} language={intl.locale}>
      <Page size="A4" orientation="landscape" style={styles.page}>
        <View style={styles.header} fixed>
          <Text style={styles.brand}>
            {platformName} · {t("pdf.title")}
          </Text>
          <Text>{t("pdf.header", { from: day(words, from), to: day(words, to) })}</Text>
        </View>
        <View style={styles.footer} fixed>
          <Text>{t("pdf.generated", { at: intl.dateTime(generatedAt) })}</Text>
          <Text render={({ pageNumber, totalPages }) => t("pdf.page", { page: pageNumber, total: totalPages })} />
        </View>
        <Text style={styles.title}>{t("daily.title")}</Text>
        <Table
          columns={[{ label: c("day"), width: 1 }, { label: c("type"), width: 3 }, ...amountColumns]}
          rows={dailyRows}
        />
        <Text style={styles.note}>{data.books.tiesOut ? t("tieOut.allOk") : t("tieOut.someDiffer")}</Text>
        <Text style={styles.title}>{t("fees.byProduct")}</Text>
        <Table
          columns={[
            { label: c("product"), width: 4 },
            { label: c("entries"), width: 1, right: true },
            { label: c("fees"), width: 1.5, right: true },
          ]}
          rows={data.fees.byProduct.map((p) => [words.product(p.product), String(p.entries), intl.money(p.feesCents)])}
        />
        <Text style={styles.title}>{t("fees.byMerchant")}</Text>
        <Table
          columns={[
            { label: c("merchant"), width: 3 },
            { label: c("account"), width: 1.5 },
            { label: c("document"), width: 1.8 },
            { label: c("entries"), width: 1, right: true },
            { label: c("fees"), width: 1.5, right: true },
          ]}
          rows={data.fees.byMerchant.map((m) => [
            m.name,
            m.accountId,
            formatDocument(m.document),
            String(m.entries),
            intl.money(m.feesCents),
          ])}
        />
        {data.fees.byMerchant.length === 0 && <Text style={styles.note}>{t("fees.none")}</Text>}
        <Text style={styles.title}>{t("totals.title")}</Text>
        <Table
          columns={[{ label: c("type"), width: 4 }, ...amountColumns]}
          rows={[
            ...periodTotals(data.books).map((line) => [words.type(line.type), ...amounts(words, line)]),
            [t("fees.total"), "", "", "", intl.money(data.fees.totalCents), ""],
          ]}
        />
      </Page>
    </Document>
  );
}

export async function booksPdf(
  data: MonthBooks,
  locale: AppLocale,
  generatedAt = new Date(),
): Promise<{ fileName: string; body: Uint8Array }> {
  const words = booksWords(locale);
  const element = createElement(BooksDocument, { data, words, platformName: config().PLATFORM_NAME, generatedAt });
  const body = await renderToBuffer(element as ReactElement<DocumentProps>);
  return { fileName: exportFileName(locale, "books", [data.month], "pdf"), body: new Uint8Array(body) };
}
