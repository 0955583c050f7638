"use client";

import { useTranslations } from "next-intl";
import { Fragment } from "react";
import { truncateId } from "@/components/format/text";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/copy-button";
import {
  KeyStatusBadge,
  type ListProps,
  RowActions,
  ScopeChips,
  ScopesToggle,
  useKeyLabels,
  Whitelist,
} from "./key-list-parts";

export function KeyTable({
  keys,
  onEdit,
  onRevoke,
  expanded,
  onToggle,
}: ListProps & { expanded: ReadonlySet<string>; onToggle: (clientId: string) => void }) {
  const t = useTranslations("apiKeys");
  const labelsOf = useKeyLabels();
  return (
    <Card className="hidden overflow-hidden xl:block">
      <table className="w-full table-fixed text-left text-sm" data-testid="keys-table">
        <caption className="sr-only">{t("caption")}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              {t("columns.key")}
            </th>
            <th scope="col" className="w-[7.5rem] px-3 py-3 font-medium">
              {t("columns.scopes")}
            </th>
            <th scope="col" className="w-[8.5rem] px-3 py-3 font-medium">
              {t("columns.whitelist")}
            </th>
            <th scope="col" className="w-[6.5rem] px-3 py-3 font-medium">
              {t("columns.status")}
            </th>
            <th scope="col" className="w-[7rem] px-3 py-3 font-medium">
              {t("columns.expires")}
            </th>
            <th scope="col" className="w-[7.5rem] px-3 py-3 font-medium">
              {t("columns.lastUsed")}
            </th>
            <th scope="col" className="w-[6rem] px-3 py-3 text-right font-medium">
              <span className="sr-only">{t("columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {keys.map((key) => {
            const labels = labelsOf(key);
            const open = expanded.has(key.clientId);
            return (
              <Fragment key={key.clientId}>
                <tr
                  className={cn("align-top", labels.status === "revoked" && "bg-slate-50/60")}
                  data-testid="key-row"
                  data-client-id={key.clientId}
                >
                  <td className="px-4 py-3">
                    <p
                      className={cn(
                        "truncate font-medium",
                        labels.status === "revoked" ? "text-slate-500" : "text-slate-900",
                      )}
                      data-testid="key-name"
                    >
                      {key.name}
                    </p>
                    <div className="mt-1 flex items-center gap-1.5">
                      <span className="truncate font-mono text-xs text-slate-500" title={key.clientId}>
                        {truncateId(key.clientId, 12, 4)}
                      </span>
                      <CopyButton value={key.clientId} label={t("clientId")} />
                    </div>
                    <p className="mt-1 text-xs text-slate-500 tabular-nums" data-testid="key-created">
                      {t("createdOn", { date: labels.created })}
                    </p>
                  </td>
                  <td className="px-3 py-3">
                    <ScopesToggle apiKey={key} variant="table" open={open} onToggle={() => onToggle(key.clientId)} />
                  </td>
                  <td className="px-3 py-3">
                    <Whitelist entries={key.ipWhitelist} />
                  </td>
                  <td className="px-3 py-3">
                    <KeyStatusBadge status={labels.status} />
                  </td>
                  <td className="px-3 py-3 whitespace-nowrap text-slate-700 tabular-nums">{labels.expires}</td>
                  <td className="px-3 py-3 whitespace-nowrap text-slate-700" title={labels.lastUsedTitle}>
                    {labels.lastUsed}
                  </td>
                  <td className="px-3 py-2">
                    <RowActions apiKey={key} status={labels.status} onEdit={onEdit} onRevoke={onRevoke} />
                  </td>
                </tr>
                {open ? (
                  <tr className="bg-slate-50/60">
                    <td colSpan={7} className="px-4 py-3">
                      <ScopeChips apiKey={key} variant="table" />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
