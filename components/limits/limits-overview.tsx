"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { AccountSelect, AccountsOverviewError, NoAccounts, useAccountsOverview } from "@/components/balance/accounts";
import { useCan } from "@/components/layout/permissions";
import { useTRPC } from "@/components/providers/trpc-provider";
import { FieldLabel } from "@/components/ui/fields";
import { LoadingState, PanelStates } from "@/components/ui/list-states";
import { Skeleton } from "@/components/ui/skeleton";
import { ChangeLimitForm } from "./change-limit-form";
import { LimitHistory, PendingRaises } from "./limit-requests";
import { LimitsTable } from "./limits-table";

/** The dashboard's "Limites": one account's PIX limits, the form to change one, the raises asked for and the history. */
export function LimitsOverview() {
  const t = useTranslations();
  const overview = useAccountsOverview();
  const [chosen, setChosen] = useState<string | null>(null);
  const id = useId();
  const accounts = overview.data?.accounts ?? [];
  const account = accounts.find((a) => a.accountId === chosen) ?? accounts[0];
  if (overview.isError) {
    return <AccountsOverviewError overview={overview} />;
  }
  if (overview.isSuccess && !account) {
    return <NoAccounts />;
  }
  return (
    <div className="space-y-6">
      {accounts.length > 1 && account ? (
        <div className="max-w-sm">
          <FieldLabel htmlFor={`${id}-account`}>{t("limits.account")}</FieldLabel>
          <AccountSelect id={`${id}-account`} accounts={accounts} value={account.accountId} onChoose={setChosen} />
        </div>
      ) : null}
      {account ? <AccountLimits accountId={account.accountId} /> : <AccountLimitsLoading />}
    </div>
  );
}

function AccountLimitsLoading() {
  const t = useTranslations("limits");
  return (
    <LoadingState label={t("loading")} testId="limits-loading">
      <Skeleton className="h-40 w-full" />
    </LoadingState>
  );
}

function AccountLimits({ accountId }: { accountId: string }) {
  const t = useTranslations("limits");
  const trpc = useTRPC();
  const mayChange = useCan("money.send");
  const limits = useQuery(trpc.limits.view.queryOptions({ accountId }));
  return (
    <PanelStates query={limits} messages={(key) => t(key)} testId="limits">
      {(data) => (
        <div className="space-y-6" data-account-id={data.accountId}>
          <LimitsTable data={data} />
          {mayChange ? (
            <ChangeLimitForm key={data.accountId} data={data} />
          ) : (
            <p className="text-sm text-slate-600" data-testid="limits-read-only">
              {t("form.readOnly")}
            </p>
          )}
          <PendingRaises rows={data.pending} />
          <LimitHistory rows={data.history} />
        </div>
      )}
    </PanelStates>
  );
}
