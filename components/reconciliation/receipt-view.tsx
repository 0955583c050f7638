"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useReasonLabel } from "@/components/format/entry";
import { useMoney } from "@/components/format/money";
import { Card } from "@/components/ui/card";
import type { Receipt, ReceiptParty } from "@/server/receipts/service";

/** Only the receipt is printed: the dashboard's shell and the buttons stay off the paper. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  [data-receipt], [data-receipt] * { visibility: visible !important; }
  [data-receipt] { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0 !important; box-shadow: none !important; }
  @page { margin: 16mm; }
}`;

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-3 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium break-all text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function PartyBlock({ title, party }: { title: string; party: ReceiptParty | null }) {
  const t = useTranslations("reconciliation.receipt");
  return (
    <section className="border-t border-slate-200 pt-4">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      {party ? (
        <dl className="divide-y divide-slate-100">
          <Row label={t("name")}>{party.name}</Row>
          <Row label={t("document")}>{party.cpfCnpj}</Row>
          <Row label={t("institution")}>
            {party.institution ? `${party.institution} (ISPB ${party.ispb})` : `ISPB ${party.ispb}`}
          </Row>
          <Row label={t("agencyAccount")}>{`${party.agency} / ${party.accountNumber}`}</Row>
        </dl>
      ) : (
        <p className="py-2 text-sm text-slate-500">{t("notInformed")}</p>
      )}
    </section>
  );
}

/** The receipt as a page, in the user's language and Brasília time; printable as it is. */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const t = useTranslations("reconciliation.receipt");
  const tl = useTranslations("ledger");
  const format = useFormatter();
  const money = useMoney();
  const reasonLabel = useReasonLabel();
  const when = (date: Date) => format.dateTime(date, { dateStyle: "long", timeStyle: "medium" });
  return (
    <Card data-receipt className="mx-auto max-w-2xl space-y-5 p-6 sm:p-8" data-testid="receipt">
      <style>{PRINT_CSS}</style>
      <header className="flex items-start justify-between gap-4">
        <div>
          <p className="text-lg font-semibold text-slate-900">{receipt.institution.name}</p>
          <p className="text-sm text-slate-500">{t("title")}</p>
        </div>
        <p className="text-right text-xs text-slate-500">{reasonLabel(receipt.reason)}</p>
      </header>
      <p className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums" data-testid="receipt-amount">
        {money(receipt.grossCents)}
      </p>
      <div
        className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-800"
        data-testid="receipt-status"
      >
        <p className="text-base font-semibold">{t("settled")}</p>
        <p className="text-sm">{t("settledBody")}</p>
      </div>
      <dl className="divide-y divide-slate-100">
        <Row label={t("dateTime")}>{`${when(receipt.createdAt)} (${t("brasilia")})`}</Row>
        <Row label={t("status")}>{tl(`statuses.${receipt.status}`)}</Row>
        <Row label={t("endToEndId")} testId="receipt-e2e">
          {receipt.endToEndId}
        </Row>
        {receipt.txId ? <Row label={t("txId")}>{receipt.txId}</Row> : null}
        {receipt.externalId ? <Row label={t("externalId")}>{receipt.externalId}</Row> : null}
        {receipt.description ? <Row label={t("description")}>{receipt.description}</Row> : null}
        <Row label={t("fee")}>{money(receipt.feeCents)}</Row>
        <Row label={t("net")}>{money(receipt.netCents)}</Row>
      </dl>
      <PartyBlock title={t("payer")} party={receipt.payer} />
      <PartyBlock title={t("payee")} party={receipt.payee} />
      <p className="border-t border-slate-200 pt-4 text-xs text-slate-500">
        {t("issued", {
          institution: receipt.institution.name,
          ispb: receipt.institution.ispb,
          date: when(receipt.issuedAt),
        })}
      </p>
    </Card>
  );
}
