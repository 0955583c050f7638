"use client";

import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import { parseAsString } from "nuqs";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useDateTime } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { formatDocument } from "@/components/forms/document";
import { errorData } from "@/components/forms/service-error";
import { DateCell } from "@/components/lists/data-table";
import { ListRows } from "@/components/lists/list-rows";
import { useListState } from "@/components/lists/list-state";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TitledCard } from "@/components/ui/card";
import { DetailList, DetailRow } from "@/components/ui/detail-list";
import { FieldError } from "@/components/ui/fields";
import { Input } from "@/components/ui/input";
import { LoadingState } from "@/components/ui/list-states";
import { Skeleton } from "@/components/ui/skeleton";
import { ACCOUNT_ID_PATTERN } from "@/server/fields/ids";
import type { AppRouter } from "@/server/trpc/routers";

type AccountLimits = inferRouterOutputs<AppRouter>["adminLimits"]["account"];
type Change = AccountLimits["history"][number];

const KINDS = ["per_transaction", "daily", "monthly", "nightly_per_transaction", "nightly"] as const;
const FILTERS = { account: parseAsString };

/** Look up one account's limits in force (the account number is kept in the URL). */
export function AccountLimitsLookup() {
  const t = useTranslations("adminLimits.lookup");
  const trpc = useTRPC();
  const id = useId();
  const state = useListState(FILTERS);
  const accountId = state.filters.account ?? "";
  const [draft, setDraft] = useState(accountId);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => setDraft(accountId), [accountId]);
  const valid = ACCOUNT_ID_PATTERN.test(accountId);
  const view = useQuery(trpc.adminLimits.account.queryOptions({ accountId }, { enabled: valid, retry: false }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = draft.replace(/\D/g, "");
    const ok = ACCOUNT_ID_PATTERN.test(next);
    setInvalid(!ok);
    if (ok) state.setFilters({ account: next });
  }

  const notFound = view.isError && errorData(view.error)?.code === "NOT_FOUND";
  return (
    <TitledCard
      title={t("title")}
      description={t("description")}
      contentClassName="space-y-5"
      data-testid="account-limits"
    >
      <search>
        <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-start" noValidate>
          <div className="flex-1 space-y-1.5">
            <label htmlFor={`${id}-account`} className="block text-sm font-medium text-slate-700">
              {t("label")}
            </label>
            <Input
              id={`${id}-account`}
              value={draft}
              inputMode="numeric"
              maxLength={14}
              autoComplete="off"
              placeholder={t("placeholder")}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-account-error` : undefined}
              onChange={(event) => setDraft(event.target.value)}
              data-testid="account-limits-input"
            />
            {invalid ? <FieldError id={`${id}-account-error`}>{t("invalid")}</FieldError> : null}
          </div>
          <Button type="submit" size="lg" className="sm:mt-7" data-testid="account-limits-submit">
            {t("submit")}
          </Button>
        </form>
      </search>
      {!valid ? null : view.isPending ? (
        <LoadingState label={t("loading")}>
          <Skeleton className="h-40 w-full" />
        </LoadingState>
      ) : notFound ? (
        <Alert tone="warning" data-testid="account-limits-not-found">
          {t("notFound", { account: accountId })}
        </Alert>
      ) : view.isError ? (
        <Alert tone="danger" role="alert">
          {t("error")}
        </Alert>
      ) : (
        <LimitsShown data={view.data} />
      )}
    </TitledCard>
  );
}

function LimitsShown({ data }: { data: AccountLimits }) {
  const t = useTranslations("adminLimits.lookup");
  const kinds = useTranslations("adminLimits.kinds");
  const statuses = useTranslations("adminLimits.statuses");
  const money = useMoney();
  const dateTime = useDateTime();
  return (
    <div className="space-y-5" data-testid="account-limits-shown" data-account-id={data.account.id}>
      <p className="text-sm font-medium text-slate-900">
        {t("account", {
          account: data.account.id,
          name: data.account.name,
          document: formatDocument(data.account.document),
        })}
      </p>
      <div className="grid gap-5 lg:grid-cols-2">
        <DetailList testId="account-limits-in-force">
          {KINDS.map((kind) => (
            <DetailRow key={kind} label={kinds(kind)}>
              <span className="tabular-nums" data-testid={`limit-${kind}`}>
                {money(data.limits[kind])}
              </span>
            </DetailRow>
          ))}
        </DetailList>
        <DetailList testId="account-limits-usage">
          <DetailRow label={t("usage.usedDay")}>{money(data.used.day)}</DetailRow>
          <DetailRow label={t("usage.leftDay")}>{money(data.remaining.day)}</DetailRow>
          <DetailRow label={t("usage.usedMonth")}>{money(data.used.month)}</DetailRow>
          <DetailRow label={t("usage.leftMonth")}>{money(data.remaining.month)}</DetailRow>
          {data.remaining.night === null ? (
            <DetailRow label={t("usage.usedNight")}>{t("usage.dayTime")}</DetailRow>
          ) : (
            <>
              <DetailRow label={t("usage.usedNight")}>{money(data.used.night)}</DetailRow>
              <DetailRow label={t("usage.leftNight")}>{money(data.remaining.night)}</DetailRow>
            </>
          )}
          <DetailRow label={t("usage.leftNow")}>
            <span data-testid="limit-left-now">{money(data.remaining.now)}</span>
          </DetailRow>
        </DetailList>
      </div>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">{t("pending")}</h3>
        {data.pending.length === 0 ? (
          <p className="text-sm text-slate-600">{t("noPending")}</p>
        ) : (
          <ul className="space-y-1 text-sm text-slate-700" data-testid="account-limits-pending">
            {data.pending.map((change) => (
              <li key={change.id} className="tabular-nums">
                {t("pendingItem", {
                  limitName: kinds(change.kind),
                  from: money(change.previousCents),
                  to: money(change.amountCents),
                  status: statuses(change.status),
                  date: dateTime(change.effectiveAt),
                })}
              </li>
            ))}
          </ul>
        )}
      </div>
      <History changes={data.history} />
    </div>
  );
}

function History({ changes }: { changes: Change[] }) {
  const t = useTranslations("adminLimits.lookup");
  const kinds = useTranslations("adminLimits.kinds");
  const statuses = useTranslations("adminLimits.statuses");
  const money = useMoney();
  const dateTime = useDateTime();
  const change = (c: Change) => `${money(c.previousCents)} → ${money(c.amountCents)}`;
  const badge = (c: Change) => (
    <Badge tone={c.status === "refused" || c.status === "cancelled" ? "neutral" : "success"}>
      {statuses(c.status)}
    </Badge>
  );
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{t("history")}</h3>
      {changes.length === 0 ? (
        <p className="text-sm text-slate-600">{t("noHistory")}</p>
      ) : (
        <ListRows
          rows={changes}
          rowKey={(c) => c.id}
          caption={t("historyCaption")}
          testId="limit-change"
          fixed={false}
          columns={[
            { header: t("historyColumns.requestedAt"), cell: (c) => <DateCell date={c.requestedAt} /> },
            { header: t("historyColumns.limit"), cell: (c) => kinds(c.kind) },
            { header: t("historyColumns.change"), cellClassName: "whitespace-nowrap tabular-nums", cell: change },
            { header: t("historyColumns.status"), cell: badge },
            { header: t("historyColumns.requestedBy"), cellClassName: "text-xs", cell: (c) => c.requestedBy },
            { header: t("historyColumns.decidedBy"), cellClassName: "text-xs", cell: (c) => c.decidedBy ?? "—" },
          ]}
          card={(c) => ({
            title: kinds(c.kind),
            subtitle: dateTime(c.requestedAt),
            amount: change(c),
            status: badge(c),
            note: c.decidedBy ?? c.requestedBy,
          })}
        />
      )}
    </div>
  );
}
