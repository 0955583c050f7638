"use client";

import type { inferRouterOutputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useDateTime } from "@/components/format/date-time";
import { StatusBadge, useReasonLabel } from "@/components/format/entry";
import { Money, SignedAmount } from "@/components/format/money";
import { formatDocument } from "@/components/forms/document";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { BanIcon, CheckIcon } from "@/components/ui/icons";
import type { AppRouter } from "@/server/trpc/routers";

export type Detail = inferRouterOutputs<AppRouter>["adminMerchants"]["detail"];
type Account = Detail["accounts"][number];

export function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card className="overflow-hidden" data-testid={testId}>
      <h2 className="border-b border-slate-100 px-5 py-3.5 text-sm font-semibold text-slate-900 sm:px-6">{title}</h2>
      {children}
    </Card>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="px-5 py-5 text-sm text-slate-600 sm:px-6">{children}</p>;
}

/** One account: balances, status, PIX keys, and the block / unblock action. */
export function AccountCard({
  account,
  onAction,
}: {
  account: Account;
  onAction: (action: "block" | "unblock") => void;
}) {
  const t = useTranslations("adminMerchants");
  const blocked = account.status === "inactive";
  return (
    <Card className="overflow-hidden" data-testid="admin-account" data-account-id={account.accountId}>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h3 className="truncate text-sm font-semibold text-slate-900">{account.name}</h3>
          <p className="mt-0.5 text-xs text-slate-500 tabular-nums">
            {t("detail.accountLabel", { agency: account.agency, number: account.accountId })}
            {" · "}
            {t("detail.document")} {formatDocument(account.document)}
          </p>
          {account.programmeOwnerId ? (
            <Badge tone="accent" className="mt-2">
              {t("detail.programme")}
            </Badge>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          <Badge tone={blocked ? "danger" : "success"} data-testid="account-status">
            {t(`detail.status.${account.status}`)}
          </Badge>
          <Button
            variant={blocked ? "secondary" : "ghost-danger"}
            size="sm"
            onClick={() => onAction(blocked ? "unblock" : "block")}
          >
            {blocked ? <CheckIcon className="size-4" /> : <BanIcon className="size-4" />}
            {t(blocked ? "block.unblock" : "block.block")}
          </Button>
        </div>
      </div>
      <dl className="grid gap-4 px-5 py-4 sm:grid-cols-3 sm:px-6">
        {(
          [
            ["available", account.availableCents],
            ["held", account.heldCents],
            ["blocked", account.blockedCents],
          ] as const
        ).map(([key, cents]) => (
          <div key={key}>
            <dt className="text-xs font-medium text-slate-500">{t(`detail.${key}`)}</dt>
            <dd className="mt-1 text-lg font-semibold text-slate-900">
              <Money cents={cents} testId={`account-${key}`} />
            </dd>
          </div>
        ))}
      </dl>
      <div className="border-t border-slate-100 px-5 py-4 sm:px-6">
        <p className="text-xs font-medium text-slate-500">{t("detail.pixKeys")}</p>
        {account.pixKeys.length ? (
          <ul className="mt-2 flex flex-wrap gap-2">
            {account.pixKeys.map((key) => (
              <li
                key={key.id}
                className="inline-flex items-center gap-1.5 rounded-md bg-slate-50 px-2 py-1 text-xs text-slate-700 ring-1 ring-slate-200"
              >
                <span className="font-medium">{key.type}</span>
                <span className="font-mono">{key.key}</span>
                {key.isCurrent ? <Badge tone="accent">{t("detail.currentKey")}</Badge> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">{t("detail.noPixKeys")}</p>
        )}
      </div>
    </Card>
  );
}

export function ApiKeys({ keys }: { keys: Detail["apiKeys"] }) {
  const t = useTranslations("adminMerchants.detail");
  const dateTime = useDateTime();
  const now = Date.now();
  const state = (key: Detail["apiKeys"][number]) =>
    !key.active ? "keyRevoked" : key.expiresAt && key.expiresAt.getTime() < now ? "keyExpired" : "keyActive";
  return (
    <Panel title={t("apiKeys")} testId="admin-api-keys">
      {keys.length === 0 ? (
        <Empty>{t("noApiKeys")}</Empty>
      ) : (
        <ul className="divide-y divide-slate-100">
          {keys.map((key) => (
            <li key={key.id} className="space-y-2 px-5 py-3.5 sm:px-6">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm font-medium text-slate-900">
                  {key.name}{" "}
                  <span className="font-mono text-xs font-normal text-slate-500" title={t("keyClientId")}>
                    {key.clientIdPrefix}…
                  </span>
                </p>
                <Badge tone={state(key) === "keyActive" ? "success" : "neutral"}>{t(state(key))}</Badge>
              </div>
              <ul className="flex flex-wrap gap-1" aria-label={t("keyScopes")}>
                {key.scopes.map((scope) => (
                  <li
                    key={scope}
                    className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.6875rem] text-slate-700"
                  >
                    {scope}
                  </li>
                ))}
              </ul>
              <p className="text-xs text-slate-500">
                {t("keyLastUsed")}: {key.lastUsedAt ? dateTime(key.lastUsedAt) : t("keyNeverUsed")}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function RecentEntries({ entries }: { entries: Detail["recentEntries"] }) {
  const t = useTranslations("adminMerchants.detail");
  const reasonLabel = useReasonLabel();
  const dateTime = useDateTime();
  return (
    <Panel title={t("activity")} testId="admin-activity">
      {entries.length === 0 ? (
        <Empty>{t("noActivity")}</Empty>
      ) : (
        <ul className="divide-y divide-slate-100">
          {entries.map((entry) => {
            const party = (entry.type === "credit" ? entry.payer : entry.receiver) as { name?: string } | null;
            return (
              <li
                key={`${entry.accountId}:${entry.id}`}
                className="flex items-center justify-between gap-4 px-5 py-3 sm:px-6"
              >
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">
                    {reasonLabel(entry.reason)}
                    {party?.name ? <span className="font-normal text-slate-600"> · {party.name}</span> : null}
                  </p>
                  <p className="mt-0.5 text-xs text-slate-500 tabular-nums">
                    {dateTime(entry.createdAt)} · {entry.accountId}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <SignedAmount type={entry.type} cents={entry.grossCents} status={entry.status} className="text-sm" />
                  {entry.status === "succeeded" ? null : <StatusBadge status={entry.status} />}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}

export function StatusHistory({ history }: { history: Detail["statusHistory"] }) {
  const t = useTranslations("adminMerchants.detail");
  const dateTime = useDateTime();
  return (
    <Panel title={t("history")} testId="admin-status-history">
      {history.length === 0 ? (
        <Empty>{t("noHistory")}</Empty>
      ) : (
        <ul className="divide-y divide-slate-100">
          {history.map((row) => (
            <li key={row.id} className="px-5 py-3 sm:px-6" data-testid="status-history-row">
              <p className="text-sm font-medium text-slate-900">
                {t(row.action === "account.block" ? "historyBlock" : "historyUnblock", { account: row.accountId })}
              </p>
              {row.reason ? <p className="mt-0.5 text-sm text-slate-700">“{row.reason}”</p> : null}
              <p className="mt-0.5 text-xs text-slate-500">
                {t("historyBy", { actor: row.actorEmail, time: dateTime(row.createdAt) })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
