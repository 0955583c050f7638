"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { parseAsString } from "nuqs";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Money } from "@/components/format/money";
import { useListState, withBack } from "@/components/lists/list-state";
import { ResourceList } from "@/components/lists/resource-list";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ArrowRightIcon, StoreIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import type { AppRouter } from "@/server/trpc/routers";

const FILTERS = { q: parseAsString };

type Merchant = inferRouterOutputs<AppRouter>["adminMerchants"]["search"]["items"][number];

/** The merchant's detail; `back` keeps the search for the way back. */
export function merchantHref(userId: string, back?: string): string {
  return withBack(`/admin/merchants/${userId}`, back);
}

function MerchantRow({ merchant, back }: { merchant: Merchant; back: string }) {
  const t = useTranslations("adminMerchants.list");
  const format = useFormatter();
  const available = merchant.accounts.reduce((sum, account) => sum + account.availableCents, 0n);
  const blocked = merchant.accounts.filter((account) => account.status === "inactive").length;
  return (
    <li>
      <Link
        href={merchantHref(merchant.userId, back)}
        data-testid="merchant-row"
        className="flex flex-col gap-2 px-5 py-4 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none sm:flex-row sm:items-center sm:gap-6 sm:px-6"
      >
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-slate-900">{merchant.name}</p>
          <p className="truncate text-xs text-slate-500">{merchant.email}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600 sm:w-56">
          <span className="tabular-nums">{t("accountCount", { count: merchant.accounts.length })}</span>
          {blocked > 0 ? <Badge tone="danger">{t("blockedCount", { count: blocked })}</Badge> : null}
          <span className="w-full truncate font-mono text-slate-500">
            {merchant.accounts.map((account) => account.accountId).join(" · ")}
          </span>
        </div>
        <div className="sm:w-36 sm:text-right">
          <p className="text-xs text-slate-500">{t("available")}</p>
          <p className="text-sm font-semibold text-slate-900">
            <Money cents={available} />
          </p>
        </div>
        <div className="hidden text-xs text-slate-500 md:block md:w-24 md:text-right">
          {format.dateTime(merchant.createdAt, { dateStyle: "short" })}
        </div>
        <ArrowRightIcon className="hidden size-4 shrink-0 text-slate-400 sm:block" />
      </Link>
    </li>
  );
}

/** /admin/merchants: search across name, e-mail, document and account number, kept in the URL. */
export function MerchantSearch() {
  const t = useTranslations("adminMerchants");
  const tList = useTranslations("adminMerchants.list");
  const trpc = useTRPC();
  const id = useId();
  const state = useListState(FILTERS);
  const search = state.filters.q ?? "";
  const [draft, setDraft] = useState(search);
  useEffect(() => setDraft(search), [search]);

  const list = useQuery(
    trpc.adminMerchants.search.queryOptions({ query: search, ...state.paging }, { placeholderData: keepPreviousData }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    state.setFilters({ q: draft.trim() || null });
  }

  return (
    <section className="space-y-4" data-testid="merchant-search">
      <search>
        <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor={`${id}-q`} className="mb-1.5 block text-sm font-medium text-slate-700">
              {t("search.label")}
            </label>
            <Input
              id={`${id}-q`}
              type="search"
              value={draft}
              maxLength={100}
              onChange={(event) => setDraft(event.target.value)}
              placeholder={t("search.placeholder")}
              autoComplete="off"
            />
          </div>
          <Button type="submit" size="lg">
            {t("search.submit")}
          </Button>
        </form>
      </search>

      <ResourceList testId="merchants" query={list} state={state} messages={tList} icon={StoreIcon}>
        {(data) => (
          <Card className="overflow-hidden">
            <ul className="divide-y divide-slate-100">
              {data.items.map((merchant) => (
                <MerchantRow key={merchant.userId} merchant={merchant} back={state.back} />
              ))}
            </ul>
          </Card>
        )}
      </ResourceList>
    </section>
  );
}
