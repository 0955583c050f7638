/**
 * The receipt as a one-page PDF (@react-pdf/renderer), pt-BR, in the statement's fonts and
 * formatting (server/statements/format.ts: Brasília times, BRL amounts, labels).
 */
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import { brDateTime, brl, REASON_LABELS, STATUS_LABELS } from "../statements/format";
import type { Receipt, ReceiptParty } from "./service";

const styles = StyleSheet.create({
  page: { padding: 40, fontSize: 10, fontFamily: "Helvetica", color: "#0f172a" },
  brand: { fontSize: 14, fontFamily: "Helvetica-Bold" },
  muted: { color: "#555" },
  title: { fontSize: 18, fontFamily: "Helvetica-Bold", marginTop: 20 },
  amount: { fontSize: 24, fontFamily: "Helvetica-Bold", marginTop: 8 },
  section: { marginTop: 18, borderTopWidth: 0.5, borderTopColor: "#ccc", paddingTop: 10 },
  heading: { fontSize: 11, fontFamily: "Helvetica-Bold", marginBottom: 6 },
  row: { flexDirection: "row", marginBottom: 4 },
  label: { width: 140, color: "#555" },
  value: { flex: 1, fontFamily: "Helvetica-Bold" },
  footer: { position: "absolute", bottom: 30, left: 40, right: 40, fontSize: 8, color: "#555" },
});

function Row({ label, value }: { label: string; value: string }) {
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

function PartySection({ title, party }: { title: string; party: ReceiptParty | null }) {
  return (
    <View style={styles.section}>
      <Text style={styles.heading}>{title}</Text>
      {party ? (
        <>
          <Row label="Nome" value={party.name} />
          <Row label="CPF/CNPJ" value={party.cpfCnpj} />
          <Row label="Instituição" value={institutionOf(party)} />
          <Row label="Agência e conta" value={`${party.agency} / ${party.accountNumber}`} />
        </>
      ) : (
        <Text style={styles.muted}>Não informado</Text>
      )}
    </View>
  );
}

export function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  return (
    <Document title={`Comprovante ${receipt.endToEndId}`} author={receipt.institution.name} language="pt-BR">
      <Page size="A4" style={styles.page}>
        <Text style={styles.brand}>{receipt.institution.name}</Text>
        <Text style={styles.muted}>Comprovante de Pix</Text>
        <Text style={styles.title}>{REASON_LABELS[receipt.reason] ?? receipt.reason}</Text>
        <Text style={styles.amount}>{brl(receipt.grossCents)}</Text>
        <View style={styles.section}>
          <Row label="Data e hora" value={`${brDateTime(receipt.createdAt)} (horário de Brasília)`} />
          <Row label="Situação" value={STATUS_LABELS[receipt.status] ?? receipt.status} />
          <Row label="ID fim a fim" value={receipt.endToEndId} />
          {receipt.txId ? <Row label="txId" value={receipt.txId} /> : null}
          {receipt.externalId ? <Row label="ID externo" value={receipt.externalId} /> : null}
          {receipt.description ? <Row label="Descrição" value={receipt.description} /> : null}
          <Row label="Valor" value={brl(receipt.grossCents)} />
          <Row label="Tarifa" value={brl(receipt.feeCents)} />
          <Row label="Valor líquido" value={brl(receipt.netCents)} />
        </View>
        <PartySection title="Pagador" party={receipt.payer} />
        <PartySection title="Recebedor" party={receipt.payee} />
        <Text style={styles.footer}>
          Emitido por {receipt.institution.name} (ISPB {receipt.institution.ispb}) em {brDateTime(receipt.issuedAt)}{" "}
          (horário de Brasília). Conta {receipt.accountId}.
        </Text>
      </Page>
    </Document>
  );
}

export function renderReceiptPdf(receipt: Receipt): Promise<Buffer> {
  return renderToBuffer(<ReceiptDocument receipt={receipt} />);
}
