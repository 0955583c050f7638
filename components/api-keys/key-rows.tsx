"use client";

import { useTranslations } from "next-intl";
import { truncateId } from "@/components/format/text";
import { DataTable } from "@/components/lists/data-table";
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

type KeyRowsProps = ListProps & { expanded: ReadonlySet<string>; onToggle: (clientId: string) => void };

/** The keys as a table on wide screens. */
export function KeyTable({ keys, onEdit, onRevoke, expanded, onToggle }: KeyRowsProps) {
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

/** The keys as cards below `xl`. */
export function KeyCards({ keys, onEdit, onRevoke, expanded, onToggle }: KeyRowsProps) {
  const t = useTranslations("apiKeys");
  const labelsOf = useKeyLabels();
  return (
    <ul className="space-y-3 xl:hidden" data-testid="key-cards">
      {keys.map((key) => {
        const labels = labelsOf(key);
        const open = expanded.has(key.clientId);
        return (
          <li key={key.clientId} data-testid="key-card" data-client-id={key.clientId}>
            <Card className="p-4 sm:p-5">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="truncate font-medium text-slate-900">{key.name}</p>
                    <KeyStatusBadge status={labels.status} />
                  </div>
                  <div className="mt-1 flex items-center gap-1.5">
                    <span className="truncate font-mono text-xs text-slate-500">{truncateId(key.clientId, 14, 4)}</span>
                    <CopyButton value={key.clientId} label={t("clientId")} />
                  </div>
                </div>
                <RowActions apiKey={key} status={labels.status} onEdit={onEdit} onRevoke={onRevoke} />
              </div>
              <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-slate-100 pt-4 text-sm sm:grid-cols-4">
                <div className="col-span-2 sm:col-span-1">
                  <dt className="text-xs text-slate-500">{t("columns.whitelist")}</dt>
                  <dd className="mt-0.5">
                    <Whitelist entries={key.ipWhitelist} />
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">{t("columns.expires")}</dt>
                  <dd className="mt-0.5 text-slate-800 tabular-nums">{labels.expires}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">{t("columns.lastUsed")}</dt>
                  <dd className="mt-0.5 text-slate-800">{labels.lastUsed}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">{t("columns.created")}</dt>
                  <dd className="mt-0.5 text-slate-800 tabular-nums">{labels.created}</dd>
                </div>
              </dl>
              <div className="mt-3 space-y-2">
                <ScopesToggle apiKey={key} variant="card" open={open} onToggle={() => onToggle(key.clientId)} />
                {open ? <ScopeChips apiKey={key} variant="card" /> : null}
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
