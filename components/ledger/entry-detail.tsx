"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { DateRow, useDateTime } from "@/components/format/date-time";
import { counterpartyOf, type Party, StatusBadge, useReasonLabel } from "@/components/format/entry";
import { AmountRow, SignedAmount } from "@/components/format/money";
import { usePixFailure } from "@/components/forms/pix-failure";
import { isMissing } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ReceiptActions } from "@/components/reconciliation/receipt-actions";
import { RefundAction } from "@/components/refunds/refund-action";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardTitle } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { DetailCard, DetailList, DetailRow, IdRow, listHref, NoValue } from "@/components/ui/detail-list";
import { DetailPage } from "@/components/ui/detail-states";
import { BookIcon } from "@/components/ui/icons";
import { LoadingState } from "@/components/ui/list-states";
import { Skeleton } from "@/components/ui/skeleton";
import type { EntryView } from "@/server/trpc/routers/ledger";

/** `back` is the ledger's query string when the merchant came from a filtered list. */
export function backHref(back: string | undefined): string {
  return listHref("/ledger", back);
}

export function EntryDetail({ id, accountId, back }: { id: string; accountId?: string; back?: string }) {
  const t = useTranslations("ledger.detail");
  const trpc = useTRPC();
  const entry = useQuery(
    trpc.ledger.byId.queryOptions({ id, accountId }, { retry: (count, error) => !isMissing(error) && count < 2 }),
  );
  return (
    <DetailPage
      back={backHref(back)}
      messages={t}
      title={t("title")}
      query={entry}
      icon={BookIcon}
      loading={<DetailSkeleton />}
    >
      {(data) => <EntryBody entry={data} />}
    </DetailPage>
  );
}

function EntryBody({ entry }: { entry: EntryView }) {
  const t = useTranslations("ledger");
  const reasonLabel = useReasonLabel();
  const dateTime = useDateTime();
  const failure = usePixFailure();
  const counterparty = counterpartyOf(entry);
  const none = <NoValue>{t("detail.none")}</NoValue>;

  return (
    <div className="space-y-6" data-testid="entry-detail">
      <Card className="overflow-hidden">
        <div className="flex flex-col gap-4 px-5 py-5 sm:flex-row sm:items-start sm:justify-between sm:px-6 sm:py-6">
          <div className="min-w-0 space-y-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-base font-semibold text-slate-900" data-testid="detail-reason">
                {reasonLabel(entry.reason)}
              </h2>
              <StatusBadge status={entry.status} />
            </div>
            {counterparty ? <p className="truncate text-sm text-slate-700">{counterparty.name}</p> : null}
            <p className="text-sm text-slate-500 tabular-nums">{dateTime(entry.createdAt, "medium")}</p>
          </div>
          <SignedAmount
            type={entry.type}
            cents={entry.netCents}
            status={entry.status}
            className="text-2xl font-semibold tracking-tight sm:text-3xl"
          />
        </div>
        <RefundAction entry={entry} />
        <ReceiptActions entry={entry} />
        {entry.errorMessage ? (
          <div className="border-t border-slate-100 px-5 py-4 sm:px-6">
            <Alert data-testid="detail-error-message">
              <p className="font-medium">{t("detail.errorMessage")}</p>
              <p className="mt-0.5 break-words">{failure(entry.failure)}</p>
            </Alert>
          </div>
        ) : null}
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <DetailCard title={t("detail.amounts")}>
          <AmountRow label={t("detail.gross")} cents={entry.grossCents} />
          <AmountRow label={t("detail.fee")} cents={entry.feeCents} />
          <AmountRow label={t("detail.net")} cents={entry.netCents} strong />
        </DetailCard>

        <DetailCard title={t("detail.details")}>
          <DetailRow label={t("detail.type")}>{t(`types.${entry.type}`)}</DetailRow>
          <DetailRow label={t("detail.reasonCode")}>
            <code className="font-mono text-xs text-slate-700">{entry.reason}</code>
          </DetailRow>
          <DetailRow label={t("detail.account")}>
            <span className="tabular-nums">{entry.accountId}</span>
          </DetailRow>
          <DetailRow label={t("detail.pixKey")}>
            {entry.pixKey ? <span className="break-all">{entry.pixKey}</span> : none}
          </DetailRow>
          <DetailRow label={t("detail.description")}>{entry.description || none}</DetailRow>
          <DetailRow label={t("detail.obs")}>{entry.obs || none}</DetailRow>
          <DateRow label={t("detail.createdAt")} date={entry.createdAt} />
          <DateRow label={t("detail.updatedAt")} date={entry.updatedAt} />
        </DetailCard>
      </div>

      <DetailCard title={t("detail.identifiers")}>
        <IdRow none={t("detail.none")} label={t("detail.entryId")} value={entry.id} testId="detail-entry-id" />
        <IdRow
          none={t("detail.none")}
          label={t("detail.endToEndId")}
          value={entry.endToEndId}
          testId="detail-end-to-end-id"
        />
        <IdRow
          none={t("detail.none")}
          label={t("detail.externalId")}
          value={entry.externalId}
          testId="detail-external-id"
        />
        {entry.entryRef ? (
          <IdRow
            none={t("detail.none")}
            label={t("detail.entryRef")}
            value={entry.entryRef}
            testId="detail-entry-ref"
          />
        ) : null}
        {entry.parentEndToEndId ? (
          <IdRow
            none={t("detail.none")}
            label={t("detail.parentEndToEndId")}
            value={entry.parentEndToEndId}
            testId="detail-parent-end-to-end-id"
          />
        ) : null}
        {entry.medId && entry.endToEndId ? (
          <IdRow
            none={t("detail.none")}
            label={t("detail.medId")}
            value={entry.medId}
            href={`/meds/${entry.endToEndId}`}
            testId="detail-med-id"
          />
        ) : null}
      </DetailCard>

      <div className="grid gap-6 md:grid-cols-2">
        <PartyCard title={t("detail.payer")} party={entry.payer} own={entry.type === "debit"} testId="detail-payer" />
        <PartyCard
          title={t("detail.receiver")}
          party={entry.receiver}
          own={entry.type === "credit"}
          testId="detail-receiver"
        />
      </div>
    </div>
  );
}

/** A payer or receiver: name, masked document, institution, branch and account. */
export function PartyCard({
  title,
  party,
  own = false,
  testId,
  className,
}: {
  title: string;
  party: Party | null;
  own?: boolean;
  testId?: string;
  className?: string;
}) {
  const t = useTranslations("party");
  const detail = useTranslations("ledger.detail");
  return (
    <Card className={cn("h-full", className)} data-testid={testId}>
      <div className="flex items-center justify-between gap-2 px-5 pt-5 sm:px-6 sm:pt-6">
        <CardTitle>{title}</CardTitle>
        {own && party ? <Badge>{t("you")}</Badge> : null}
      </div>
      <CardContent>
        {party ? <PartyFields party={party} /> : <p className="text-sm text-slate-500">{detail("noParty")}</p>}
      </CardContent>
    </Card>
  );
}

const ACCOUNT_TYPES = ["CACC", "SVGS", "SLRY", "TRAN", "payment"] as const;

/** ISO account type codes (and this platform's "payment") in words; anything else as it came. */
function useAccountTypeLabel(): (code: string) => string {
  const t = useTranslations("party.accountTypes");
  return (code) => (ACCOUNT_TYPES.some((known) => known === code) ? t(code as (typeof ACCOUNT_TYPES)[number]) : code);
}

export function PartyFields({ party }: { party: Party }) {
  const t = useTranslations("party");
  const accountTypeLabel = useAccountTypeLabel();
  return (
    <DetailList>
      <DetailRow label={t("name")}>
        <span className="font-medium" data-testid="party-name">
          {party.name}
        </span>
      </DetailRow>
      <DetailRow label={t("document")}>
        <span className="tabular-nums">{party.cpfCnpj}</span>
      </DetailRow>
      <DetailRow label={t("ispb")}>
        <span className="tabular-nums" data-testid="party-ispb">
          {party.ispb}
        </span>
      </DetailRow>
      <DetailRow label={t("agency")}>
        <span className="tabular-nums">{party.agency}</span>
      </DetailRow>
      <DetailRow label={t("account")}>
        <span className="tabular-nums">{party.accountNumber}</span>
      </DetailRow>
      <DetailRow label={t("accountType")}>{accountTypeLabel(party.accountType)}</DetailRow>
    </DetailList>
  );
}

function DetailSkeleton() {
  const t = useTranslations("ledger.detail");
  return (
    <LoadingState label={t("loading")} testId="entry-detail-loading" className="space-y-6">
      <Card className="flex items-start justify-between gap-4 p-6">
        <div className="space-y-2">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-36" />
          <Skeleton className="h-4 w-28" />
        </div>
        <Skeleton className="h-8 w-36" />
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        {[0, 1].map((index) => (
          <Card key={index} className="space-y-3 p-6">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </Card>
        ))}
      </div>
    </LoadingState>
  );
}
