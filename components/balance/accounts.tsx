"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/fields";
import { WalletIcon } from "@/components/ui/icons";
import { ErrorState } from "@/components/ui/list-states";

/**
 * The signed-in merchant's accounts with their balances, status and the amount settings
 * (`account.overview`): one cached query every page and form that offers an account reads, and
 * the one the live updates refresh when money moves.
 */
export function useAccountsOverview() {
  const trpc = useTRPC();
  return useQuery(trpc.account.overview.queryOptions());
}

/** A page about one account while the overview failed to load: the error, with a retry. */
export function AccountsOverviewError({ overview }: { overview: ReturnType<typeof useAccountsOverview> }) {
  const t = useTranslations("overview.error");
  return (
    <ErrorState
      title={t("title")}
      description={t("body")}
      onRetry={() => overview.refetch()}
      retrying={overview.isFetching}
    />
  );
}

/** A page about one account when the merchant has none. */
export function NoAccounts() {
  const t = useTranslations("overview.empty");
  return <EmptyState icon={WalletIcon} title={t("title")} description={t("body")} />;
}

type AccountChoice = { accountId: string; name: string };

/** An account select's options, each "name · account number". */
export function AccountOptions({ accounts }: { accounts: AccountChoice[] }) {
  return accounts.map((account) => (
    <option key={account.accountId} value={account.accountId}>
      {account.name} · {account.accountId}
    </option>
  ));
}

/** A select of `accounts` for a page that keeps the chosen account itself (not in a form). */
export function AccountSelect({
  id,
  accounts,
  value,
  onChoose,
}: {
  id: string;
  accounts: AccountChoice[];
  value: string;
  onChoose: (accountId: string) => void;
}) {
  return (
    <Select id={id} value={value} onChange={(event) => onChoose(event.target.value)}>
      <AccountOptions accounts={accounts} />
    </Select>
  );
}

/** Chooses the first of `accounts` in the form's `accountId` while the person has chosen none. */
export function useFirstAccount(form: AccountForm, accounts: AccountChoice[]) {
  const first = accounts[0]?.accountId;
  useEffect(() => {
    if (first && !form.getValues("accountId")) form.setValue("accountId", first);
  }, [first, form]);
}

/** What useFirstAccount needs of a form (react-hook-form's) whose values have an `accountId`. */
type AccountForm = { getValues(name: "accountId"): unknown; setValue(name: "accountId", value: string): void };
