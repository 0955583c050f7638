"use client";

import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useFormatter, useTranslations } from "next-intl";
import { useId } from "react";
import { Money } from "@/components/format/money";
import { pixKeyText } from "@/components/format/text";
import { CollectionStates } from "@/components/lists/resource-list";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { BuildingIcon, StarIcon } from "@/components/ui/icons";
import { SectionHeader } from "@/components/ui/section-header";
import type { AppRouter } from "@/server/trpc/routers";

type ProgrammeAccountView = inferRouterOutputs<AppRouter>["programmeAccounts"]["list"][number];

/** "Programa de contas": the accounts the merchant's programme runs, with balances and keys. */
export function ProgrammeAccounts() {
  const t = useTranslations("programmeAccounts");
  const trpc = useTRPC();
  const id = useId();
  const list = useQuery(trpc.programmeAccounts.list.queryOptions());

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4" data-testid="programme-accounts">
      <SectionHeader titleId={`${id}-title`} title={t("title")} description={t("description")} />
      <CollectionStates testId="programme-accounts" query={list} messages={t} icon={BuildingIcon} skeletonRows={3}>
        {(data) => (
          <div className="space-y-3">
            <p className="text-sm text-slate-500">{t("count", { count: data.length })}</p>
            <ul className="grid gap-4 lg:grid-cols-2">
              {data.map((account) => (
                <li key={account.accountId}>
                  <AccountCard account={account} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </CollectionStates>
    </section>
  );
}

function AccountCard({ account }: { account: ProgrammeAccountView }) {
  const t = useTranslations("programmeAccounts");
  const keyTypes = useTranslations("pixKeys.types");
  const format = useFormatter();
  return (
    <Card className="h-full px-5 py-5 sm:px-6" data-testid="programme-account" data-account-id={account.accountId}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{account.holder}</p>
          <p className="mt-0.5 text-sm text-slate-500 tabular-nums">
            {t("accountNumber", { accountId: account.accountId })} · {account.document}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <Badge tone={account.status === "active" ? "success" : "neutral"}>{t(`statuses.${account.status}`)}</Badge>
          <span className="text-xs text-slate-500">{t(`personTypes.${account.personType}`)}</span>
        </div>
      </div>

      <dl className="mt-4 grid grid-cols-3 gap-3 rounded-lg bg-slate-50 px-3.5 py-3">
        <div>
          <dt className="text-xs text-slate-500">{t("balance")}</dt>
          <dd className="font-semibold text-slate-900">
            <Money cents={account.balance.balanceCents} testId="programme-balance" />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t("available")}</dt>
          <dd className="text-slate-800">
            <Money cents={account.balance.availableCents} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t("blocked")}</dt>
          <dd className="text-slate-800">
            <Money cents={account.balance.blockedCents} />
          </dd>
        </div>
      </dl>

      <div className="mt-4">
        <p className="text-xs font-medium text-slate-600">{t("keys")}</p>
        {account.keys.length === 0 ? (
          <p className="mt-1 text-sm text-slate-500">{t("noKeys")}</p>
        ) : (
          <ul className="mt-1.5 space-y-1.5">
            {account.keys.map((key) => (
              <li key={key.keyId} className="flex flex-wrap items-center gap-2 text-sm">
                <Badge>{keyTypes(key.type)}</Badge>
                <span className="font-mono break-all text-slate-800">{pixKeyText(key.type, key.key)}</span>
                {key.isCurrent ? (
                  <Badge tone="success">
                    <StarIcon className="size-3" />
                    {t("current")}
                  </Badge>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="mt-4 text-xs text-slate-500">
        {t("openedOn", { date: format.dateTime(account.createdAt, { dateStyle: "medium" }) })}
      </p>
    </Card>
  );
}
