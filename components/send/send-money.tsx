"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { AccountSelect, AccountsOverviewError, NoAccounts, useAccountsOverview } from "@/components/balance/accounts";
import { BalanceSummary } from "@/components/balance/balance-card";
import { PixLeft } from "@/components/limits/pix-left";
import { useBlockedReason } from "@/components/live/blocked-accounts";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { FieldLabel } from "@/components/ui/fields";
import { KeyIcon, QrCodeIcon, TransferIcon } from "@/components/ui/icons";
import { LoadingState } from "@/components/ui/list-states";
import { Placeholders, Skeleton } from "@/components/ui/skeleton";
import { InternalFlow } from "./internal-flow";
import { PasteFlow } from "./paste-flow";
import { PixKeyFlow } from "./pix-key-flow";

const TABS = [
  { key: "pix-key", label: "pixKey", icon: KeyIcon },
  { key: "paste", label: "paste", icon: QrCodeIcon },
  { key: "internal", label: "internal", icon: TransferIcon },
] as const;

type TabKey = (typeof TABS)[number]["key"];

function isTab(value: string | null): value is TabKey {
  return TABS.some((tab) => tab.key === value);
}

/** The send money page: the source account's balance, and three ways to send as tabs (kept in the URL). */
export function SendMoney() {
  const t = useTranslations();
  const _trpc = useTRPC();
  const overview = useAccountsOverview();
  const [chosenAccount, setChosenAccount] = useState<string | null>(null);
  const id = useId();
  const blockedReason = useBlockedReason();

  if (overview.isPending) return <SendSkeleton />;
  if (overview.isError) {
    return <AccountsOverviewError overview={overview} />;
  }
  const accounts = overview.data.accounts;
  const account = accounts.find((item) => item.accountId === chosenAccount) ?? accounts[0];
  const blocked = blockedReason(account);
  if (!account) {
    return <NoAccounts />;
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
      <aside className="space-y-4 lg:sticky lg:top-10 lg:order-2">
        {accounts.length > 1 ? (
          <div>
            <FieldLabel htmlFor={`${id}-account`}>{t("balance.sourceAccount")}</FieldLabel>
            <AccountSelect
              id={`${id}-account`}
              accounts={accounts}
              value={account.accountId}
              onChoose={setChosenAccount}
            />
          </div>
        ) : null}
        <BalanceSummary account={account} />
        <PixLeft accountId={account.accountId} />
      </aside>
      {blocked ? (
        <Alert tone="warning" className="lg:order-1" data-testid="account-blocked">
          {blocked}
        </Alert>
      ) : (
        // A new source account starts the flows over, so no half-filled review sends from the wrong one.
        <SendTabs key={account.accountId} account={account} />
      )}
    </div>
  );
}

function SendTabs({ account }: { account: Parameters<typeof PixKeyFlow>[0]["account"] }) {
  const t = useTranslations("send.tabs");
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const requested = searchParams.get("tab");
  const active: TabKey = isTab(requested) ? requested : "pix-key";
  const id = useId();
  const tabRefs = useRef<Record<TabKey, HTMLButtonElement | null>>({ "pix-key": null, paste: null, internal: null });

  function select(tab: TabKey, focus = false) {
    const next = new URLSearchParams(searchParams.toString());
    if (tab === "pix-key") next.delete("tab");
    else next.set("tab", tab);
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    if (focus) tabRefs.current[tab]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((tab) => tab.key === active);
    const move = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: TABS.length - 1 - index }[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = TABS[(index + move + TABS.length) % TABS.length];
    if (next) select(next.key, true);
  }

  return (
    <Card className="min-w-0 overflow-hidden lg:order-1">
      <div className="border-b border-slate-100 p-2 sm:p-3">
        <div
          role="tablist"
          aria-label={t("label")}
          onKeyDown={onKeyDown}
          className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1 sm:flex"
        >
          {TABS.map((tab) => {
            const selected = tab.key === active;
            return (
              <button
                key={tab.key}
                ref={(element) => {
                  tabRefs.current[tab.key] = element;
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${tab.key}`}
                aria-selected={selected}
                aria-controls={`${id}-panel-${tab.key}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => select(tab.key)}
                className={cn(
                  "flex min-h-10 flex-col items-center justify-center gap-1 rounded-md px-2 py-1.5 text-center text-xs leading-tight font-medium transition-colors",
                  "sm:flex-auto sm:flex-row sm:gap-2 sm:px-3 sm:text-sm sm:whitespace-nowrap",
                  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600",
                  selected
                    ? "bg-white text-emerald-800 shadow-sm ring-1 ring-slate-200"
                    : "text-slate-600 hover:bg-white/60 hover:text-slate-900",
                )}
              >
                <tab.icon className={cn("size-4 shrink-0", selected ? "text-emerald-700" : "text-slate-500")} />
                {t(tab.label)}
              </button>
            );
          })}
        </div>
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${id}-panel-${tab.key}`}
          aria-labelledby={`${id}-tab-${tab.key}`}
          hidden={tab.key !== active}
          className="p-5 sm:p-6"
        >
          {/* Every flow stays mounted, so switching tabs keeps what was typed. */}
          {tab.key === "pix-key" ? (
            <PixKeyFlow account={account} />
          ) : tab.key === "paste" ? (
            <PasteFlow account={account} />
          ) : (
            <InternalFlow account={account} />
          )}
        </div>
      ))}
    </Card>
  );
}

export function SendSkeleton() {
  const t = useTranslations("common");
  return (
    <LoadingState
      label={t("loading")}
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <Card className="space-y-3 p-5 lg:order-2">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-8 w-44" />
        <Skeleton className="h-3 w-40" />
      </Card>
      <Card className="space-y-6 p-5 sm:p-6 lg:order-1">
        <Skeleton rounded="lg" className="h-11 w-full" />
        <Placeholders count={2}>
          <div className="space-y-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-11 w-full" />
          </div>
        </Placeholders>
        <Skeleton className="ml-auto h-10 w-32" />
      </Card>
    </LoadingState>
  );
}
