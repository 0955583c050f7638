"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { PriceTable } from "@/components/fees/price-table";
import { useDateTime } from "@/components/format/date-time";
import { DataTable } from "@/components/lists/data-table";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TitledCard } from "@/components/ui/card";
import { CheckIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import type { AppRouter } from "@/server/trpc/routers";
import { PriceListForm } from "./price-list-form";

type Data = inferRouterOutputs<AppRouter>["adminFees"]["priceList"];
type Version = Data["history"][number];

/**
 * The back office's view of one price list — the platform's default (`accountId` null) or an
 * account's own: the version in force (for an account without its own, the default it follows),
 * the one scheduled next, every version with who made it, and a form for a new version.
 */
export function PriceListPanel({ accountId, title }: { accountId: string | null; title?: string }) {
  const t = useTranslations("fees");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = trpc.adminFees.priceList.queryOptions({ accountId });
  const list = useQuery(options);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const dateTime = useDateTime();

  return (
    <TitledCard
      title={title ?? t(accountId ? "admin.accountTitle" : "admin.defaultTitle", { account: accountId ?? "" })}
      description={t(accountId ? "admin.accountDescription" : "admin.defaultDescription")}
      data-testid="admin-price-list"
      data-account-id={accountId ?? "default"}
      contentClassName="space-y-5"
    >
      {notice ? (
        <p role="status" className="flex items-center gap-2 text-sm text-emerald-900" data-testid="price-list-notice">
          <CheckIcon className="size-4 shrink-0" />
          {notice}
        </p>
      ) : null}
      {list.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : list.isError ? (
        <Alert tone="danger" role="alert">
          {t("error.title")}
        </Alert>
      ) : editing ? (
        <PriceListForm
          accountId={accountId}
          current={formStart(list.data)}
          onCancel={() => setEditing(false)}
          onDone={async (effectiveFrom) => {
            setEditing(false);
            setNotice(t("admin.form.saved", { date: dateTime(effectiveFrom) }));
            await queryClient.invalidateQueries({ queryKey: options.queryKey });
          }}
        />
      ) : (
        <Versions data={list.data} onNew={() => setEditing(true)} />
      )}
    </TitledCard>
  );
}

/** What the form starts from: the scope's own version in force, else the list the account follows. */
function formStart(data: Data) {
  if (data.current) return data.current;
  if (data.inForce?.version)
    return { items: data.inForce.items, refundReturnsFee: data.inForce.version.refundReturnsFee };
  return null;
}

function Versions({ data, onNew }: { data: Data; onNew: () => void }) {
  const t = useTranslations("fees");
  const dateTime = useDateTime();
  const shown = data.current ?? (data.inForce?.version ? { ...data.inForce.version, items: data.inForce.items } : null);
  const now = Date.now();
  const stateOf = (v: Version) =>
    v.effectiveFrom.getTime() > now ? "scheduled" : v.id === data.current?.id ? "current" : "past";
  return (
    <div className="space-y-5">
      {data.accountId && !data.current ? <p className="text-sm text-slate-600">{t("admin.inheritsDefault")}</p> : null}
      {shown ? (
        <div className="space-y-3" data-testid="price-list-current">
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <Badge tone="success">{t("inForce")}</Badge>
            <span>{t("since", { date: dateTime(shown.effectiveFrom) })}</span>
            <span data-testid="refund-returns-fee">
              {t("refundReturnsFee", { answer: t(shown.refundReturnsFee ? "yes" : "no") })}
            </span>
          </div>
          <PriceTable items={shown.items} testId="admin-price-item" />
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t("admin.noVersion")}</p>
      )}
      {data.next ? (
        <div className="space-y-3 border-t border-slate-100 pt-4" data-testid="price-list-next">
          <p className="text-sm font-medium text-slate-900">{t("next", { date: dateTime(data.next.effectiveFrom) })}</p>
          <PriceTable items={data.next.items} testId="admin-next-price-item" />
        </div>
      ) : null}
      <div>
        <Button onClick={onNew} data-testid="price-list-new">
          {t("admin.newVersion")}
        </Button>
      </div>
      {data.history.length > 0 ? (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-slate-900">{t("admin.history")}</h3>
          <DataTable
            caption={t("admin.historyCaption")}
            testId="price-history-table"
            rowTestId="price-history-row"
            rows={data.history}
            rowKey={(v) => v.id}
            columns={[
              {
                header: t("admin.historyColumns.version"),
                cell: (v) => t("version", { version: data.history.length - data.history.indexOf(v) }),
              },
              { header: t("admin.historyColumns.effectiveFrom"), cell: (v) => dateTime(v.effectiveFrom) },
              { header: t("admin.historyColumns.changedBy"), cell: (v) => v.createdBy, testId: "price-history-by" },
              { header: t("admin.historyColumns.changedAt"), cell: (v) => dateTime(v.createdAt) },
              {
                header: "",
                cell: (v) => (
                  <Badge
                    tone={stateOf(v) === "current" ? "success" : stateOf(v) === "scheduled" ? "accent" : "neutral"}
                  >
                    {t(`admin.${stateOf(v)}`)}
                  </Badge>
                ),
              },
            ]}
          />
        </div>
      ) : null}
    </div>
  );
}
