"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { PriceListPanel } from "@/components/admin-fees/price-list-panel";
import { isMissing } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { listHref } from "@/components/ui/detail-list";
import { DetailPage } from "@/components/ui/detail-states";
import { CheckIcon, StoreIcon } from "@/components/ui/icons";
import { LoadingState } from "@/components/ui/list-states";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { AccountStatusDialog } from "./account-status-dialog";
import { AccountCard, ApiKeys, type Detail, RecentEntries, StatusHistory } from "./merchant-parts";
import { UserAccessCard } from "./user-access";

function DetailBody({ merchant }: { merchant: Detail }) {
  const t = useTranslations("adminMerchants.detail");
  const format = useFormatter();
  const [pending, setPending] = useState<{ accountId: string; action: "block" | "unblock" } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      <PageHeader
        title={merchant.name}
        description={`${merchant.email} · ${t("since", { date: format.dateTime(merchant.createdAt, { dateStyle: "long" }) })}`}
      />
      {notice ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3.5 py-3 text-sm text-emerald-900"
          data-testid="account-status-notice"
        >
          <CheckIcon className="size-4 shrink-0" />
          {notice}
        </p>
      ) : null}
      <section aria-labelledby="merchant-accounts" className="space-y-4">
        <h2 id="merchant-accounts" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {t("accounts")}
        </h2>
        {merchant.accounts.length === 0 ? (
          <Alert tone="warning" role="status">
            {t("noAccounts")}
          </Alert>
        ) : (
          merchant.accounts.map((account) => (
            <AccountCard
              key={account.accountId}
              account={account}
              onAction={(action) => {
                setNotice(null);
                setPending({ accountId: account.accountId, action });
              }}
            />
          ))
        )}
      </section>
      {merchant.accounts.map((account) => (
        <PriceListPanel key={account.accountId} accountId={account.accountId} />
      ))}
      <UserAccessCard userId={merchant.userId} userRole="MERCHANT" onNotice={setNotice} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <RecentEntries entries={merchant.recentEntries} />
        <div className="space-y-6">
          <StatusHistory history={merchant.statusHistory} />
          <ApiKeys keys={merchant.apiKeys} />
        </div>
      </div>
      {pending ? (
        <AccountStatusDialog
          key={`${pending.accountId}:${pending.action}`}
          accountId={pending.accountId}
          action={pending.action}
          open
          onClose={() => setPending(null)}
          onDone={(message) => {
            setPending(null);
            setNotice(message);
          }}
        />
      ) : null}
    </div>
  );
}

function DetailSkeleton() {
  const t = useTranslations("adminMerchants.detail");
  return (
    <LoadingState label={t("loading")} className="space-y-6">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-48 w-full" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    </LoadingState>
  );
}

/** /admin/merchants/[userId]: accounts, keys, activity, blocking an account, role and password. */
export function MerchantDetail({ userId, back }: { userId: string; back?: string }) {
  const t = useTranslations("adminMerchants.detail");
  const trpc = useTRPC();
  const detail = useQuery(
    trpc.adminMerchants.detail.queryOptions({ userId }, { retry: (count, error) => !isMissing(error) && count < 2 }),
  );
  return (
    <DetailPage
      back={listHref("/admin/merchants", back)}
      messages={t}
      query={detail}
      icon={StoreIcon}
      loading={<DetailSkeleton />}
    >
      {(data) => <DetailBody merchant={data} />}
    </DetailPage>
  );
}
