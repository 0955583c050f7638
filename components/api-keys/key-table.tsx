"use client";

import { useTranslations } from "next-intl";
import { truncateId } from "@/components/format/text";
import { DataTable } from "@/components/lists/data-table";
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
    <DataTable
      caption={t("caption")}
      testId="keys-table"
      rowTestId="key-row"
      from="xl"
      align="top"
      rows={keys}
      rowKey={(key) => key.clientId}
      rowProps={(key) => ({
        "data-client-id": key.clientId,
        className: cn(labelsOf(key).status === "revoked" && "bg-slate-50/60"),
      })}
      details={(key) => (expanded.has(key.clientId) ? <ScopeChips apiKey={key} variant="table" /> : null)}
      columns={[
        {
          header: t("columns.key"),
          cell: (key) => (
            <>
              <p
                className={cn(
                  "truncate font-medium",
                  labelsOf(key).status === "revoked" ? "text-slate-500" : "text-slate-900",
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
                {t("createdOn", { date: labelsOf(key).created })}
              </p>
            </>
          ),
        },
        {
          header: t("columns.scopes"),
          className: "w-[7.5rem]",
          cell: (key) => (
            <ScopesToggle
              apiKey={key}
              variant="table"
              open={expanded.has(key.clientId)}
              onToggle={() => onToggle(key.clientId)}
            />
          ),
        },
        {
          header: t("columns.whitelist"),
          className: "w-[8.5rem]",
          cell: (key) => <Whitelist entries={key.ipWhitelist} />,
        },
        {
          header: t("columns.status"),
          className: "w-[6.5rem]",
          cell: (key) => <KeyStatusBadge status={labelsOf(key).status} />,
        },
        {
          header: t("columns.expires"),
          className: "w-[7rem]",
          cellClassName: "whitespace-nowrap text-slate-700 tabular-nums",
          cell: (key) => labelsOf(key).expires,
        },
        {
          header: t("columns.lastUsed"),
          className: "w-[7.5rem]",
          cellClassName: "whitespace-nowrap text-slate-700",
          cell: (key) => <span title={labelsOf(key).lastUsedTitle}>{labelsOf(key).lastUsed}</span>,
        },
        {
          header: <span className="sr-only">{t("columns.actions")}</span>,
          className: "w-[6rem] text-right",
          cell: (key) => <RowActions apiKey={key} status={labelsOf(key).status} onEdit={onEdit} onRevoke={onRevoke} />,
        },
      ]}
    />
  );
}
