"use client";

import { useTranslations } from "next-intl";
import type { CSSProperties } from "react";
import { useMoney } from "@/components/format/money";
import { BrandedHeader } from "./branded-header";
import { PixCodeBlock } from "./pix-code-block";

export type RecurrencePageProps = {
  status: "waiting" | "approved" | "closed";
  merchantName: string;
  object: string | null;
  periodicity: "SEMANAL" | "MENSAL" | "TRIMESTRAL" | "SEMESTRAL" | "ANUAL";
  /** centavos as strings: bigint does not cross to the client */
  amountCents: string | null;
  minimumCents: string | null;
  startDate: string;
  endDate: string | null;
  emv: string | null;
  qrCode: string | null;
  accent: string | null;
  logoUrl: string | null;
};

const dayText = (isoDate: string) => isoDate.split("-").reverse().join("/");

/** The hosted page of a Pix Automático authorisation request (journey 2): the terms, the QR and the code. */
export function RecurrencePage(props: RecurrencePageProps) {
  const t = useTranslations("paymentPage.recurrence");
  const money = useMoney();
  const accent = { "--accent": props.accent ?? "#047857" } as CSSProperties;
  const amount = props.amountCents
    ? money(BigInt(props.amountCents))
    : props.minimumCents
      ? t("variableFrom", { amount: money(BigInt(props.minimumCents)) })
      : t("variable");
  const terms: [string, string][] = [
    ...(props.object ? [[t("object"), props.object] as [string, string]] : []),
    [t("periodicity"), t(`periodicities.${props.periodicity}`)],
    [t("amount"), amount],
    [t("start"), dayText(props.startDate)],
    ...(props.endDate ? [[t("end"), dayText(props.endDate)] as [string, string]] : []),
  ];

  return (
    <main className="mx-auto flex min-h-screen w-full max-w-md flex-col gap-4 px-4 py-6" style={accent}>
      <BrandedHeader logoUrl={props.logoUrl} lead={t("authoriseTo")} merchantName={props.merchantName} />

      <section
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        style={{ borderTop: "4px solid var(--accent)" }}
      >
        <h2 className="text-base font-semibold text-slate-900">{t("title")}</h2>
        <dl className="mt-3 space-y-1 text-sm" data-testid="recurrence-terms">
          {terms.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-2">
              <dt className="text-slate-600">{label}</dt>
              <dd className="text-right tabular-nums text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-slate-700" role="status" data-testid="recurrence-status">
          {t(`status.${props.status}`, { merchant: props.merchantName })}
        </p>
      </section>

      {props.status === "waiting" && props.emv ? (
        <PixCodeBlock
          emv={props.emv}
          qrCode={props.qrCode}
          qrAlt={t("qrAlt", { merchant: props.merchantName })}
          scan={t("scan")}
        />
      ) : null}
    </main>
  );
}
