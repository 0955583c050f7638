"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { DateRow, useDateTime } from "@/components/format/date-time";
import { entryHref } from "@/components/format/entry";
import { AmountRow, useMoney } from "@/components/format/money";
import { isMissing } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Card, CardContent } from "@/components/ui/card";
import { BackLink, DetailCard, DetailRow, IdRow, listHref, NoValue } from "@/components/ui/detail-list";
import { EmptyState } from "@/components/ui/empty-state";
import { QrCodeIcon } from "@/components/ui/icons";
import { ErrorState, LoadingState } from "@/components/ui/list-states";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import type { ChargeView } from "@/server/trpc/routers/charges";
import { ChargeRefund } from "./charge-actions";
import { ChargeLinkActions } from "./charge-link";
import { ChargePanel, type PanelCharge, useLiveCharge } from "./charge-panel";
import { ChargeAmounts, ChargePayer, ChargeRefunds } from "./charge-payment";
import { ChargeStatusCell, displayStatus, useNow } from "./status";

/** `back` is the list's query string when the merchant came from a filtered list. */
/**
 * The service answers 404 for a charge past its expiry; one seen in a list this session is still
 * shown from there (without its QR code, which no longer pays anything).
 */
function useListedCharge(txId: string): ChargeView | null {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  for (const [, data] of queryClient.getQueriesData({ queryKey: trpc.charges.list.pathKey() })) {
    const found = (data as { charges?: ChargeView[] } | undefined)?.charges?.find((charge) => charge.txId === txId);
    if (found) return found;
  }
  return null;
}

export function ChargeDetail({ txId, back }: { txId: string; back?: string }) {
  const t = useTranslations("charges.detail");
  const charge = useLiveCharge(txId);
  const listed = useListedCharge(txId);
  const shown: PanelCharge | null = charge.data ?? (charge.isError ? listed : null);

  return (
    <div className="space-y-6">
      <BackLink href={listHref("/charges", back)}>{t("back")}</BackLink>
      <PageHeader title={t("title")} />
      {shown ? (
        <DetailBody charge={shown} />
      ) : charge.isPending ? (
        <DetailSkeleton />
      ) : isMissing(charge.error) ? (
        <EmptyState icon={QrCodeIcon} title={t("notFound.title")} description={t("notFound.body")} />
      ) : (
        <ErrorState
          title={t("error.title")}
          description={t("error.body")}
          onRetry={() => charge.refetch()}
          retrying={charge.isFetching}
        />
      )}
    </div>
  );
}

function DetailBody({ charge }: { charge: PanelCharge }) {
  const t = useTranslations("charges.detail");
  const dateTime = useDateTime();
  const now = useNow(15_000);
  const money = useMoney();
  const none = <NoValue />;
  return (
    <div className="space-y-6" data-testid="charge-detail">
      <ChargeLinkActions url={charge.paymentPageUrl} amount={money(charge.amountCents)} />
      <Card>
        <CardContent className="sm:py-6">
          <ChargePanel charge={charge} />
        </CardContent>
      </Card>

      <ChargeRefund charge={charge} />

      <div className="grid gap-6 lg:grid-cols-2">
        <DetailCard title={t("summary")}>
          <AmountRow label={t("amount")} cents={charge.amountCents} strong />
          <DetailRow label={t("status")}>
            <ChargeStatusCell charge={charge} status={displayStatus(charge, now)} />
          </DetailRow>
          <DetailRow label={t("description")}>{charge.description || none}</DetailRow>
          <DetailRow label={t("account")}>
            <span className="tabular-nums">{charge.accountId}</span>
          </DetailRow>
          <DetailRow label={t("pixKey")}>
            {charge.pixKey ? <span className="break-all">{charge.pixKey}</span> : none}
          </DetailRow>
          <DetailRow label={t("sameDocument")}>
            {charge.sameDocument ? <span className="tabular-nums">{charge.sameDocument}</span> : t("anyone")}
          </DetailRow>
        </DetailCard>

        <DetailCard title={t("dates")}>
          <DateRow label={t("createdAt")} date={charge.createdAt} />
          <DetailRow label={t("expiresAt")}>
            <span className="tabular-nums" data-testid="charge-expires-at">
              {dateTime(charge.expiresAt, "medium")}
            </span>
          </DetailRow>
          <DetailRow label={t("paidAt")}>
            {charge.paidAt ? <span className="tabular-nums">{dateTime(charge.paidAt, "medium")}</span> : none}
          </DetailRow>
        </DetailCard>
      </div>

      {charge.payment ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <ChargeAmounts payment={charge.payment} />
          {charge.payment.payer ? <ChargePayer payer={charge.payment.payer} /> : null}
          <ChargeRefunds accountId={charge.accountId} payment={charge.payment} />
        </div>
      ) : null}

      <DetailCard title={t("identifiers")}>
        <IdRow label={t("txId")} value={charge.txId} none="—" testId="charge-txid" />
        <IdRow label={t("externalId")} value={charge.externalId} none="—" testId="charge-external-id" />
        <IdRow
          label={t("paidEndToEndId")}
          value={charge.paidEndToEndId}
          none="—"
          href={
            charge.paidEndToEndId ? entryHref({ id: charge.paidEndToEndId, accountId: charge.accountId }) : undefined
          }
          testId="charge-paid-e2e"
        />
      </DetailCard>
    </div>
  );
}

function DetailSkeleton() {
  const t = useTranslations("charges.detail");
  return (
    <LoadingState label={t("loading")} testId="charge-detail-loading" className="space-y-6">
      <Card className="grid gap-6 p-6 sm:grid-cols-[13rem_minmax(0,1fr)]">
        <Skeleton className="aspect-square w-full max-w-[15rem]" />
        <div className="space-y-3">
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-4 w-56" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-10 w-44" />
        </div>
      </Card>
    </LoadingState>
  );
}
