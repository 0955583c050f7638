/**
 * The due-date bill as a one-page PDF (@react-pdf/renderer), in the user's language and number
 * formats, with the receipts' look (server/receipts/pdf.tsx): receiver, payer (document masked),
 * the amount table with each rule in words (server/charges/due-date/terms-words.ts), the due date,
 * until when it can be paid, the QR code and the copy-and-paste code.
 */
import { Document, Image, Page, renderToBuffer, Text, View } from "@react-pdf/renderer";
import { formatDocument, maskDocument } from "../../documents/cpf-cnpj";
import { type DocumentIntl, documentIntl } from "../../i18n/documents";
import { Row, styles } from "../../receipts/pdf";
import type { DueDateBill } from "./bill";
import { termLines } from "./terms-words";

type Key = Parameters<DocumentIntl["t"]>[0];

/** Characters of the code per line: it has no spaces to wrap at, and Courier 8 fits this many beside the QR. */
const CODE_LINE = 64;

const linesOf = (text: string, width: number) => (text.match(new RegExp(`.{1,${width}}`, "g")) ?? []).join("\n");

/** A YYYY-MM-DD day in the locale's format (noon UTC is the same day in Brasília). */
const dayOf = (intl: DocumentIntl) => (date: string) => intl.date(new Date(`${date}T12:00:00Z`));

export function BillDocument({ bill, intl }: { bill: DueDateBill; intl: DocumentIntl }) {
  const t = (key: string, values?: Record<string, string>) => intl.t(`dueDateCharges.bill.${key}` as Key, values);
  const day = dayOf(intl);
  const lines = termLines(bill.terms, {
    t: (key, values) => intl.t(`dueDateCharges.rules.${key}` as Key, values),
    money: intl.money,
    day,
    locale: intl.locale,
  });
  const label = { fine: t("fine"), interest: t("interest"), rebate: t("rebate"), discount: t("discount") };
  const { payer, receiver } = bill;
  const payerAddress = [payer.street, payer.city, payer.state, payer.postalCode].filter(Boolean).join(", ");
  return (
    <Document title={`${t("title")} ${bill.txId}`} author={receiver.name} language={intl.locale}>
      <Page size="A4" style={styles.page}>
        {bill.brand.logoPng ? (
          <Image src={bill.brand.logoPng} style={{ width: 56, height: 56, marginBottom: 6 }} />
        ) : null}
        <Text style={{ ...styles.brand, ...(bill.brand.accentColor ? { color: bill.brand.accentColor } : {}) }}>
          {bill.brand.displayName ?? receiver.name}
        </Text>
        <Text style={styles.muted}>{t("title")}</Text>
        <Text style={styles.title}>{t("dueAmount")}</Text>
        <Text style={styles.amount}>{intl.money(bill.dueCents)}</Text>
        <View style={styles.section}>
          <Row label={t("dueDate")} value={day(bill.terms.dueDate)} />
          <Row label={t("validity")} value={day(bill.lastPayableDate)} />
          {bill.description ? <Row label={t("description")} value={bill.description} /> : null}
        </View>
        <View style={styles.section}>
          <Text style={styles.heading}>{t("receiver")}</Text>
          <Row label={t("receiver")} value={receiver.name} />
          <Row label={t("document")} value={formatDocument(receiver.document)} />
          <Row
            label={t("address")}
            value={`${receiver.street}, ${receiver.city}/${receiver.state}, ${receiver.postalCode}`}
          />
        </View>
        <View style={styles.section}>
          <Text style={styles.heading}>{t("payer")}</Text>
          <Row label={t("payer")} value={payer.name} />
          <Row label={t("document")} value={maskDocument(payer.document)} />
          {payerAddress ? <Row label={t("address")} value={payerAddress} /> : null}
        </View>
        <View style={styles.section}>
          <Text style={styles.heading}>{t("amounts")}</Text>
          <Row label={t("original")} value={intl.money(bill.terms.originalCents)} />
          {lines.map((line) => (
            <Row key={line.text} label={label[line.rule]} value={line.text} />
          ))}
          <Row label={t("dueAmount")} value={intl.money(bill.dueCents)} />
          {bill.terms.multa || bill.terms.juros ? <Text style={styles.muted}>{t("late")}</Text> : null}
        </View>
        <View style={[styles.section, { flexDirection: "row" }]}>
          <Image src={bill.qrCode} style={{ width: 140, height: 140 }} />
          <View style={{ flex: 1, marginLeft: 14 }}>
            <Text style={styles.heading}>{t("pay")}</Text>
            <Text style={[styles.muted, { marginBottom: 8 }]}>{t("scan")}</Text>
            <Text style={styles.heading}>{t("code")}</Text>
            <Text style={{ fontFamily: "Courier", fontSize: 8 }}>{linesOf(bill.emv, CODE_LINE)}</Text>
          </View>
        </View>
        <Text style={styles.footer}>{t("issued", { date: intl.dateTime(bill.issuedAt), txId: bill.txId })}</Text>
      </Page>
    </Document>
  );
}

/** The PDF and its file name (cobranca-<txid>.pdf, bill-<txid>.pdf), in `locale` (pt-BR when absent). */
export async function renderBillPdf(bill: DueDateBill, locale?: string): Promise<{ body: Buffer; fileName: string }> {
  const intl = documentIntl(locale);
  return {
    body: await renderToBuffer(<BillDocument bill={bill} intl={intl} />),
    fileName: `${intl.t("dueDateCharges.bill.fileName")}-${bill.txId}.pdf`,
  };
}
