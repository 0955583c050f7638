"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useFormatter, useTranslations } from "next-intl";
import { useListState } from "@/components/lists/list-state";
import { ResourceList } from "@/components/lists/resource-list";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { TitledCard } from "@/components/ui/card";
import { FileTextIcon } from "@/components/ui/icons";
import { saoPauloDate } from "@/server/time";
import type { AppRouter } from "@/server/trpc/routers";

const TONES = { new: "neutral", processing: "accent", done: "success", failed: "danger" } as const;

type Item = inferRouterOutputs<AppRouter>["statements"]["list"]["statements"][number];

/** The statements have no filter; their page and page size are in the URL. */
const NO_FILTERS = {};

/** The user's statements, newest first; polls while any is still being built. */
export function StatementList() {
  const t = useTranslations("statements.list");
  const trpc = useTRPC();
  const state = useListState(NO_FILTERS);
  const list = useQuery({
    ...trpc.statements.list.queryOptions(state.paging, { placeholderData: keepPreviousData }),
    refetchInterval: (query) =>
      query.state.data?.statements.some((s) => s.status === "new" || s.status === "processing") ? 1500 : false,
  });

  return (
    <TitledCard title={t("title")} data-testid="statement-list">
      <ResourceList testId="statements" query={list} state={state} messages={t} icon={FileTextIcon}>
        {(data) => (
          <ul className="divide-y divide-slate-100">
            {data.statements.map((statement) => (
              <StatementRow key={statement.id} statement={statement} />
            ))}
          </ul>
        )}
      </ResourceList>
    </TitledCard>
  );
}

function StatementRow({ statement: s }: { statement: Item }) {
  const t = useTranslations("statements.list");
  const format = useFormatter();
  const building = s.status === "new" || s.status === "processing";
  const percent = s.rowsTotal > 0 ? Math.min(100, Math.round((s.rowsWritten / s.rowsTotal) * 100)) : 0;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="statement-row">
      <div className="space-y-1">
        <div className="flex items-center gap-2 text-sm font-medium text-slate-900">
          <span>{s.format.toUpperCase()}</span>
          <span className="text-slate-500">·</span>
          <span>
            {t("range", { start: saoPauloDate(new Date(s.startDate)), end: saoPauloDate(new Date(s.endDate)) })}
          </span>
          <Badge tone={TONES[s.status]} data-testid="statement-status" data-status={s.status}>
            {t(`status.${s.status}`)}
          </Badge>
        </div>
        <p className="text-xs text-slate-500">
          {t("requested", { at: format.dateTime(new Date(s.createdAt), { dateStyle: "short", timeStyle: "short" }) })}
          {" · "}
          {s.accountId}
        </p>
        {building && (
          <div className="w-64" data-testid="statement-progress">
            <div
              className="h-2 overflow-hidden rounded-full bg-slate-100"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-label={t("progress")}
            >
              <div className="h-full bg-emerald-600 transition-all" style={{ width: `${percent}%` }} />
            </div>
            <p className="mt-1 text-xs text-slate-500">{t("rows", { written: s.rowsWritten, total: s.rowsTotal })}</p>
          </div>
        )}
        {s.status === "failed" && (
          <p className="text-sm text-red-700" data-testid="statement-error">
            {t(`errors.${s.errorCode === "GENERATION_FAILED" ? "GENERATION_FAILED" : "generic"}`)}
          </p>
        )}
      </div>
      {s.status === "done" && s.reportUrl && (
        <a
          href={s.reportUrl}
          download={s.reportId ?? true}
          className={buttonClasses({ variant: "secondary" })}
          data-testid="statement-download"
        >
          {t("download", {
            size:
              s.sizeInMb >= 1
                ? `${format.number(s.sizeInMb, { maximumFractionDigits: 1 })} MB`
                : `${format.number(Math.max(1, Math.round(s.sizeInMb * 1024)))} KB`,
          })}
        </a>
      )}
    </li>
  );
}
