/**
 * The receipt as a one-page PDF (@react-pdf/renderer) in the user's language, Brasília times,
 * BRL amounts; the payment's status stands out under the amount. Only settled payments get one.
 */
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import { type DocumentIntl, documentIntl } from "../i18n/documents";
import { reasonLabel, statusLabel } from "../statements/pdf-cells";
import type { Receipt, ReceiptParty } from "./service";

/** The one look of the platform's one-page documents (receipts, due-date bills). */
export const styles = StyleSheet.create({
  page: { padding: 40, fontSize: 10, fontFamily: "Helvetica", color: "#0f172a" },
  brand: { fontSize: 14, fontFamily: "Helvetica-Bold" },
  muted: { color: "#555" },
  title: { fontSize: 18, fontFamily: "Helvetica-Bold", marginTop: 20 },
  amount: { fontSize: 24, fontFamily: "Helvetica-Bold", marginTop: 8 },
  status: {
    marginTop: 12,
    padding: 8,
    borderRadius: 4,
    backgroundColor: "#dcfce7",
    color: "#166534",
  },
  statusTitle: { fontSize: 13, fontFamily: "Helvetica-Bold" },
  section: { marginTop: 18, borderTopWidth: 0.5, borderTopColor: "#ccc", paddingTop: 10 },
  heading: { fontSize: 11, fontFamily: "Helvetica-Bold", marginBottom: 6 },
  row: { flexDirection: "row", marginBottom: 4 },
  label: { width: 140, color: "#555" },
  value: { flex: 1, fontFamily: "Helvetica-Bold" },
  footer: { position: "absolute", bottom: 30, left: 40, right: 40, fontSize: 8, color: "#555" },
});

export function Row({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.row}>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{value}</Text>
    </View>
  );
}

/** "PIX Platform (ISPB 99999999)", or "ISPB 12345678" for an institution we cannot name. */
export function institutionOf(party: ReceiptParty): string {
  return party.institution ? `${party.institution} (ISPB ${party.ispb})` : `ISPB ${party.ispb}`;
}

function PartySection({
  intl,
  title,
  party,
  forPayer,
}: {
  intl: DocumentIntl;
  title: string;
  party: ReceiptParty | null;
  forPayer: boolean;
}) {
  const t = (key: "name" | "document" | "institution" | "agencyAccount" | "notInformed") =>
    intl.t(`reconciliation.receipt.${key}`);
  return (
    <View style={styles.section}>
      <Text style={styles.heading}>{title}</Text>
      {party ? (
        <>
          <Row label={t("name")} value={party.name} />
          <Row label={t("document")} value={party.cpfCnpj} />
          <Row label={t("institution")} value={institutionOf(party)} />
          {forPayer ? null : <Row label={t("agencyAccount")} value={`${party.agency} / ${party.accountNumber}`} />}
        </>
      ) : (
        <Text style={styles.muted}>{t("notInformed")}</Text>
      )}
    </View>
  );
}

export function ReceiptDocument({ receipt, intl }: { receipt: Receipt; intl: DocumentIntl }) {
  const t = (key: string, values?: Record<string, string>) =>
    intl.t(`reconciliation.receipt.${key}` as "reconciliation.receipt.title", values);
  const brasilia = (date: Date) => `${intl.dateTime(date)} (${t("brasilia")})`;
  const forPayer = receipt.audience === "payer";
  return (
    <Document title={`${t("title")} ${receipt.endToEndId}`} author={receipt.institution.name} language={intl.locale}>
      <Page size="A4" style={styles.page}>
        <Text style={styles.brand}>{receipt.institution.name}</Text>
        <Text style={styles.muted}>{t("title")}</Text>
        <Text style={styles.title}>{reasonLabel(intl, receipt.reason)}</Text>
        <Text style={styles.amount}>{intl.money(receipt.grossCents)}</Text>
        <View style={styles.status}>
          <Text style={styles.statusTitle}>{t("settled")}</Text>
          <Text>{t("settledBody")}</Text>
        </View>
        <View style={styles.section}>
          <Row label={t("dateTime")} value={brasilia(receipt.createdAt)} />
          <Row label={t("status")} value={statusLabel(intl, receipt.status)} />
          <Row label={t("endToEndId")} value={receipt.endToEndId} />
          {receipt.txId ? <Row label={t("txId")} value={receipt.txId} /> : null}
          {receipt.externalId && !forPayer ? <Row label={t("externalId")} value={receipt.externalId} /> : null}
          {receipt.description ? <Row label={t("description")} value={receipt.description} /> : null}
          <Row label={t("amount")} value={intl.money(receipt.grossCents)} />
          {forPayer ? null : <Row label={t("fee")} value={intl.money(receipt.feeCents)} />}
          {forPayer ? null : <Row label={t("net")} value={intl.money(receipt.netCents)} />}
        </View>
        <PartySection intl={intl} title={t("payer")} party={receipt.payer} forPayer={forPayer} />
        <PartySection intl={intl} title={t("payee")} party={receipt.payee} forPayer={forPayer} />
        <Text style={styles.footer}>
          {t("issued", {
            institution: receipt.institution.name,
            ispb: receipt.institution.ispb,
            date: brasilia(receipt.issuedAt),
          })}
          {forPayer ? null : ` ${t("account", { account: receipt.accountId })}`}
        </Text>
      </Page>
    </Document>
  );
}

/** The PDF and its file name, in `locale` (pt-BR when absent). */
export async function renderReceiptPdf(receipt: Receipt, locale?: string): Promise<{ body: Buffer; fileName: string }> {
  const intl = documentIntl(locale);
  return {
    body: await renderToBuffer(<ReceiptDocument receipt={receipt} intl={intl} />),
    fileName: `${intl.t("reconciliation.receipt.fileName")}-${receipt.endToEndId}.pdf`,
  };
}
