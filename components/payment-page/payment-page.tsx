"use client";

import { useTranslations } from "next-intl";
import type { CSSProperties } from "react";
import { useCountdownText, useNow } from "@/components/charges/status";
import { useMoney } from "@/components/format/money";
import { CheckIcon } from "@/components/ui/icons";
import { BrandedHeader } from "./branded-header";
import { useLiveStatus } from "./live-status";
import { PixCodeBlock } from "./pix-code-block";
import type { PageDueProps, PaymentPageProps } from "./types";

const COMPONENTS = ["original", "multa", "juros", "desconto", "abatimento"] as const;

/** The hosted payment page of one charge: amount, QR code, code to copy, countdown and live status. */
export function PaymentPage(props: PaymentPageProps) {
  const t = useTranslations("paymentPage");
  const money = useMoney();
  const now = useNow(1000);
  const countdown = useCountdownText();
  const live = useLiveStatus(props.publicId, props.status);
  const expiresAt = new Date(props.expiresAt);
  const status = live === "open" && expiresAt.getTime() <= now ? "expired" : live;
  const amount = money(BigInt(props.amountCents));
  const accent = { "--accent": props.accent ?? "#047857" } as CSSProperties;

  return (
    <main className="mx-auto flex min-h-screen w-full max-w-md flex-col gap-4 px-4 py-6" style={accent}>
      <BrandedHeader logoUrl={props.logoUrl} lead={t("payTo")} merchantName={props.merchantName} />

      <section
        aria-labelledby="amount-label"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        style={{ borderTop: "4px solid var(--accent)" }}
      >
        <p id="amount-label" className="text-sm text-slate-600">
          {props.due ? t("amountToday") : t("amount")}
        </p>
        <p className="text-3xl font-bold tabular-nums text-slate-900" data-testid="page-amount">
          {amount}
        </p>
        {props.description ? <p className="mt-1 text-sm text-slate-700">{props.description}</p> : null}
        {props.due ? <DueDetails due={props.due} /> : null}
        <p className="mt-3" role="status" aria-live="polite" data-testid="page-status" data-status={status}>
          <StatusBadge status={status} label={t(`status.${status}`)} />
        </p>
      </section>

      {status === "open" && props.emv ? (
        <PixCodeBlock emv={props.emv} qrCode={props.qrCode} qrAlt={t("qrAlt", { amount })} scan={t("scan")}>
          <p className="text-sm text-slate-700">
            {t("expiresIn")}{" "}
            <span className="font-semibold tabular-nums" data-testid="page-countdown">
              {countdown(expiresAt, now)}
            </span>
          </p>
          <p className="text-xs text-slate-600">{t("live")}</p>
        </PixCodeBlock>
      ) : null}

      {status === "paid" ? (
        <section className="rounded-xl border border-emerald-300 bg-emerald-50 p-5" data-testid="page-paid">
          <h2 className="flex items-center gap-2 text-xl font-bold text-emerald-900">
            <CheckIcon className="size-6" aria-hidden="true" />
            {t("paid.title")}
          </h2>
          <p className="mt-1 text-sm text-emerald-900">{t("paid.body")}</p>
          <a
            href={`/c/${props.publicId}/receipt`}
            download
            className="mt-4 inline-flex h-11 items-center justify-center rounded-lg bg-emerald-800 px-4 text-sm font-semibold text-white hover:bg-emerald-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2"
            data-testid="page-receipt"
          >
            {t("paid.receipt")}
          </a>
        </section>
      ) : null}

      {status === "expired" || status === "cancelled" ? (
        <section
          className="rounded-xl border border-slate-300 bg-slate-100 p-5 text-sm text-slate-800"
          data-testid="page-closed"
        >
          {t(status, { merchant: props.merchantName })}
        </section>
      ) : null}

      <footer className="mt-auto text-center text-xs text-slate-600">{t("poweredBy")}</footer>
    </main>
  );
}

function DueDetails({ due }: { due: PageDueProps }) {
  const t = useTranslations("paymentPage");
  const money = useMoney();
  const [year, month, day] = due.dueDate.split("-");
  return (
    <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm" data-testid="page-due">
      <div className="flex justify-between gap-2">
        <dt className="text-slate-600">{t("dueDate")}</dt>
        <dd className="tabular-nums text-slate-900">{`${day}/${month}/${year}`}</dd>
      </div>
      {COMPONENTS.map((key) => {
        const cents = BigInt(due[`${key}Cents`]);
        if (key !== "original" && cents === 0n) return null;
        return (
          <div key={key} className="flex justify-between gap-2">
            <dt className="text-slate-600">{t(`components.${key}`)}</dt>
            <dd className="tabular-nums text-slate-900">{money(cents)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

const TONES = {
  open: "bg-amber-100 text-amber-900",
  paid: "bg-emerald-100 text-emerald-900",
  expired: "bg-slate-200 text-slate-800",
  cancelled: "bg-red-100 text-red-900",
} as const;

function StatusBadge({ status, label }: { status: keyof typeof TONES; label: string }) {
  return <span className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold ${TONES[status]}`}>{label}</span>;
}
