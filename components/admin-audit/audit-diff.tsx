"use client";

import { useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import { ColumnHeads } from "@/components/ui/column-heads";
import type { DiffRow } from "./diff";

/**
 * An audit row's before and after: a three-column table from `sm` up; on a phone, where three
 * columns of ids and instants cannot fit, one small card per field with before above after, so
 * nothing hides off to the side.
 */
export function AuditDiff({ rows }: { rows: DiffRow[] }) {
  const t = useTranslations("adminAudit.diff");
  return (
    <>
      <dl className="mt-4 space-y-2 text-xs sm:hidden" data-testid="audit-diff-cards">
        {rows.map((row) => (
          <div
            key={row.path}
            className={cn("rounded-md border border-slate-100 px-3 py-2", !row.changed && "text-slate-400")}
          >
            <dt className="font-medium text-slate-700">{row.path}</dt>
            <dd className="mt-1 grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-2 gap-y-0.5">
              <span className="text-slate-500">{t("before")}</span>
              <span className={cn("font-mono break-all", row.changed && "text-red-800")}>{row.before ?? "—"}</span>
              <span className="text-slate-500">{t("after")}</span>
              <span className={cn("font-mono break-all", row.changed && "text-emerald-800")}>{row.after ?? "—"}</span>
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 hidden overflow-x-auto sm:block">
        <table className="w-full min-w-[32rem] text-left text-xs" data-testid="audit-diff">
          <caption className="sr-only">{t("caption")}</caption>
          <ColumnHeads
            className="text-slate-500"
            cellClassName="py-1.5 font-medium"
            columns={[
              { label: t("field"), className: "w-1/4 pr-3" },
              { label: t("before"), className: "pr-3" },
              { label: t("after") },
            ]}
          />
          <tbody className="divide-y divide-slate-100 font-mono">
            {rows.map((row) => (
              <tr key={row.path} className={cn(!row.changed && "text-slate-400")}>
                <td className="py-1.5 pr-3 align-top font-sans text-slate-700">{row.path}</td>
                <td className={cn("py-1.5 pr-3 align-top break-all", row.changed && "bg-red-50/60 text-red-800")}>
                  {row.before ?? "—"}
                </td>
                <td className={cn("py-1.5 align-top break-all", row.changed && "bg-emerald-50/60 text-emerald-800")}>
                  {row.after ?? "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
