"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { ChargePayer } from "@/components/charges/charge-payment";
import { useCalendarDate } from "@/components/format/date-time";
import { AmountRow, useMoney } from "@/components/format/money";
import { formatDocument } from "@/components/forms/document";
import { useTRPC } from "@/components/providers/trpc-provider";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { CopyTextButton } from "@/components/ui/copy-button";
import { DetailCard, DetailRow, IdRow, listHref, NoValue } from "@/components/ui/detail-list";
import { DetailPage } from "@/components/ui/detail-states";
import { CalendarIcon, FileTextIcon } from "@/components/ui/icons";
import { LoadingState } from "@/components/ui/list-states";
import { Skeleton } from "@/components/ui/skeleton";
import { Timeline } from "@/components/ui/timeline";
import { termLines } from "@/server/charges/due-date/terms-words";
import type { DueDateChargeDetail as Detail } from "@/server/trpc/routers/due-date-charges";
import { DueDateStatusBadge } from "./status";

export function DueDateDetail({ txId, back }: { txId: string; back?: string }) {
  const t = useTranslations("dueDateCharges.detail");
  const trpc = useTRPC();
  const charge = useQuery(trpc.dueDateCharges.get.queryOptions({ txId }));
  return (
    <DetailPage
      back={listHref("/charges/due-date", back)}
      messages={t}
      title={t("title")}
      header={{
        actions: charge.data ? (
          <a
            href={`/api/charges/due-date/${charge.data.txId}/bill`}
            download
            className={buttonClasses({ variant: "secondary" })}
            data-testid="due-date-bill"
          >
            <FileTextIcon className="size-4" />
            {t("bill")}
          </a>
        ) : null,
      }}
      query={charge}
      icon={CalendarIcon}
      loading={
        <LoadingState label={t("loading")} testId="due-date-detail-loading">
          <Skeleton className="h-64 w-full" />
        </LoadingState>
      }
    >
      {(data) => <DetailBody charge={data} />}
    </DetailPage>
  );
}

/** The QR code, what is due today (or what was paid), the dates and the code to copy. */
function PayPanel({ charge }: { charge: Detail }) {
  const t = useTranslations("dueDateCharges.detail");
  const money = useMoney();
  const day = useCalendarDate();
  const open = charge.status === "created" && charge.today.payable;
  return (
    <Card data-testid="due-date-panel">
      <CardContent className="grid gap-6 sm:grid-cols-[13rem_minmax(0,1fr)] sm:py-6 md:grid-cols-[15rem_minmax(0,1fr)]">
        <div className="mx-auto w-full max-w-[15rem] rounded-xl border border-slate-200 bg-white p-2 shadow-sm sm:mx-0">
          {/* biome-ignore lint/performance/noImgElement: a data URL rendered on the server */}
          <img
            src={charge.qrCode}
            alt={t("code")}
            className={open ? "size-full [image-rendering:pixelated]" : "size-full opacity-15 grayscale"}
            data-testid="due-date-qr"
          />
        </div>
        <div className="min-w-0 space-y-4">
          <div className="space-y-1">
            <p className="text-sm text-slate-600">{charge.paid ? t("paidAmount") : t("dueToday")}</p>
            <div className="flex flex-wrap items-center gap-2">
              <p
                className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums"
                data-testid="due-date-amount"
              >
                {money(charge.paid ? charge.paid.finalCents : charge.today.finalCents)}
              </p>
              <DueDateStatusBadge row={charge} />
            </div>
            <p className="text-sm text-slate-600">
              {t("dueOn", { date: day(charge.dueDate) })} · {t("payableUntil", { date: day(charge.lastPayableDate) })}
            </p>
            {charge.effectiveDueDate !== charge.dueDate ? (
              <p className="text-xs text-slate-500">{t("rolled", { date: day(charge.effectiveDueDate) })}</p>
            ) : null}
          </div>
          <div className="space-y-2">
            <p className="text-sm font-medium text-slate-800">{t("code")}</p>
            <p
              className="max-h-32 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 font-mono text-xs leading-relaxed break-all text-slate-800"
              data-testid="due-date-emv"
            >
              {charge.emv}
            </p>
          </div>
          {open ? (
            <CopyTextButton value={charge.emv} data-testid="due-date-copy">
              {t("copyCode")}
            </CopyTextButton>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

function TermsCard({ charge }: { charge: Detail }) {
  const t = useTranslations("dueDateCharges.detail");
  const rules = useTranslations("dueDateCharges.rules");
  const money = useMoney();
  const day = useCalendarDate();
  const locale = useLocale();
  const lines = termLines(charge.terms, {
    t: (key, values) => rules(key as never, values as never),
    money,
    day,
    locale,
  });
  const of = (rule: string) => lines.filter((line) => line.rule === rule).map((line) => line.text);
  const row = (rule: "fine" | "interest" | "rebate" | "discount") => (
    <DetailRow label={t(rule)}>
      {of(rule).length ? (
        <span className="block space-y-0.5" data-testid={`due-date-${rule}`}>
          {of(rule).map((text) => (
            <span key={text} className="block">
              {text}
            </span>
          ))}
        </span>
      ) : (
        <NoValue>{t("none")}</NoValue>
      )}
    </DetailRow>
  );
  return (
    <DetailCard title={t("terms")} testId="due-date-terms">
      <AmountRow label={t("original")} cents={charge.amountCents} strong />
      {row("fine")}
      {row("interest")}
      {row("rebate")}
      {row("discount")}
      <DetailRow label={t("validity")}>{t("validityDays", { days: charge.validityDays })}</DetailRow>
      <DetailRow label={t("description")}>{charge.description || <NoValue />}</DetailRow>
    </DetailCard>
  );
}

function PayerCard({ charge }: { charge: Detail }) {
  const t = useTranslations("dueDateCharges.detail");
  const { payer } = charge;
  const address = [payer.street, payer.city, payer.state, payer.postalCode].filter(Boolean).join(", ");
  return (
    <DetailCard title={t("payer")} testId="due-date-payer">
      <DetailRow label={t("name")}>
        <span className="font-medium">{payer.name}</span>
      </DetailRow>
      <DetailRow label={t("document")}>
        <span className="tabular-nums">{formatDocument(payer.document)}</span>
      </DetailRow>
      <DetailRow label={t("email")}>{payer.email || <NoValue />}</DetailRow>
      <DetailRow label={t("address")}>{address || <NoValue />}</DetailRow>
    </DetailCard>
  );
}

/** What the payment was made of: the amount, the fine and interest added, the discount and rebate taken. */
function PaidCard({ paid }: { paid: NonNullable<Detail["paid"]> }) {
  const t = useTranslations("dueDateCharges.detail");
  const day = useCalendarDate();
  return (
    <DetailCard title={`${t("components")} · ${t("paidOn", { date: day(paid.paidOn) })}`} testId="due-date-paid">
      <AmountRow label={t("componentOriginal")} cents={paid.originalCents} />
      <AmountRow label={t("componentFine")} cents={paid.multaCents} />
      <AmountRow label={t("componentInterest")} cents={paid.jurosCents} />
      <AmountRow label={t("componentDiscount")} cents={-paid.descontoCents} />
      <AmountRow label={t("componentRebate")} cents={-paid.abatimentoCents} />
      <AmountRow label={t("componentTotal")} cents={paid.finalCents} strong />
    </DetailCard>
  );
}

function ChargeTimeline({ charge }: { charge: Detail }) {
  const t = useTranslations("dueDateCharges.detail");
  const events = charge.timeline.map((event) => ({
    key: `${event.kind}-${event.at.getTime()}`,
    title: event.kind === "revised" ? t("events.revised", { revision: event.revision }) : t(`events.${event.kind}`),
    at: event.at,
  }));
  return <Timeline title={t("timeline")} events={events} testId="due-date" />;
}

function DetailBody({ charge }: { charge: Detail }) {
  const t = useTranslations("dueDateCharges.detail");
  return (
    <div className="space-y-6" data-testid="due-date-detail">
      <PayPanel charge={charge} />
      {charge.paid ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <PaidCard paid={charge.paid} />
          {charge.payment?.payer ? <ChargePayer payer={charge.payment.payer} /> : null}
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <PayerCard charge={charge} />
        <TermsCard charge={charge} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <ChargeTimeline charge={charge} />
        <DetailCard title={t("identifiers")}>
          <IdRow label={t("txId")} value={charge.txId} none="—" testId="due-date-txid" />
          <IdRow label={t("paidEndToEndId")} value={charge.paidEndToEndId} none="—" testId="due-date-paid-e2e" />
        </DetailCard>
      </div>
    </div>
  );
}
