"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useNow } from "@/components/charges/status";
import { Badge } from "@/components/ui/badge";
import { IconButton } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { BanIcon, ChevronDownIcon, PencilIcon } from "@/components/ui/icons";
import { SCOPE_GROUPS } from "@/server/apikeys/scopes";
import type { ApiKeyView } from "@/server/trpc/routers/api-keys";
import { scopeMessageKey } from "./scope-text";

export type KeyStatus = "active" | "revoked" | "expired";

function statusOf(key: ApiKeyView, now: number): KeyStatus {
  if (!key.active || key.revokedAt) return "revoked";
  if (key.expiresAt && key.expiresAt.getTime() <= now) return "expired";
  return "active";
}

const STATUS_TONES = { active: "success", revoked: "danger", expired: "neutral" } as const;

export function KeyStatusBadge({ status }: { status: KeyStatus }) {
  const t = useTranslations("apiKeys.statuses");
  return (
    <Badge tone={STATUS_TONES[status]} className="whitespace-nowrap" data-testid="key-status">
      <span
        aria-hidden="true"
        className={cn(
          "size-1.5 rounded-full",
          status === "active" ? "bg-emerald-500" : status === "revoked" ? "bg-red-500" : "bg-slate-400",
        )}
      />
      {t(status)}
    </Badge>
  );
}

export function useKeyLabels() {
  const t = useTranslations("apiKeys");
  const format = useFormatter();
  const now = useNow(30_000);
  return (key: ApiKeyView) => ({
    status: statusOf(key, now),
    expires: key.expiresAt ? format.dateTime(key.expiresAt, { dateStyle: "short" }) : t("never"),
    lastUsed: key.lastUsedAt ? format.relativeTime(key.lastUsedAt, now) : t("neverUsed"),
    lastUsedTitle: key.lastUsedAt ? format.dateTime(key.lastUsedAt, { dateStyle: "short", timeStyle: "short" }) : "",
    created: format.dateTime(key.createdAt, { dateStyle: "short" }),
  });
}

export type ListProps = { keys: ApiKeyView[]; onEdit: (key: ApiKeyView) => void; onRevoke: (key: ApiKeyView) => void };

/** The table and the phone cards both render; `variant` keeps their element ids apart. */
export type Variant = "table" | "card";

export function ScopesToggle({
  apiKey,
  variant,
  open,
  onToggle,
}: {
  apiKey: ApiKeyView;
  variant: Variant;
  open: boolean;
  onToggle: () => void;
}) {
  const t = useTranslations("apiKeys");
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={open ? `scopes-${variant}-${apiKey.clientId}` : undefined}
      className="-mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      data-testid="scopes-toggle"
    >
      {t("scopeCount", { count: apiKey.scopes.length })}
      <ChevronDownIcon className={cn("size-4 text-slate-500 transition-transform", open && "rotate-180")} />
    </button>
  );
}

/** The key's scopes as chips, under the name of each group that has any. */
export function ScopeChips({ apiKey, variant }: { apiKey: ApiKeyView; variant: Variant }) {
  const t = useTranslations("apiKeys.scopes");
  const groupText = useTranslations("apiKeys.groups");
  const held = new Set(apiKey.scopes);
  return (
    <div id={`scopes-${variant}-${apiKey.clientId}`} className="space-y-2" data-testid="scope-chips">
      {SCOPE_GROUPS.map((group) => {
        const scopes = group.scopes.filter((scope) => held.has(scope));
        if (scopes.length === 0) return null;
        const name = groupText(`${group.id}.name`);
        return (
          <div key={group.id} data-group={group.id}>
            <p className="mb-1 text-xs font-medium text-slate-600">{name}</p>
            <ul aria-label={name} className="flex flex-wrap gap-1.5">
              {scopes.map((scope) => (
                <li key={scope} title={t(scopeMessageKey(scope))}>
                  <Badge className="font-mono">{scope}</Badge>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

export function Whitelist({ entries }: { entries: string[] }) {
  const t = useTranslations("apiKeys");
  if (entries.length === 0) return <span className="text-xs text-amber-800">{t("noWhitelist")}</span>;
  return (
    <ul className="space-y-0.5 font-mono text-xs text-slate-700" data-testid="key-whitelist">
      {entries.map((entry) => (
        <li key={entry} className="break-all">
          {entry}
        </li>
      ))}
    </ul>
  );
}

export function RowActions({
  apiKey,
  status,
  onEdit,
  onRevoke,
}: { apiKey: ApiKeyView; status: KeyStatus } & Omit<ListProps, "keys">) {
  const t = useTranslations("apiKeys");
  if (status === "revoked") return null;
  return (
    <div className="flex justify-end gap-1">
      <IconButton
        icon={PencilIcon}
        label={t("edit", { name: apiKey.name })}
        onClick={() => onEdit(apiKey)}
        data-testid="edit-key"
      />
      <IconButton
        icon={BanIcon}
        variant="ghost-danger"
        label={t("revoke", { name: apiKey.name })}
        onClick={() => onRevoke(apiKey)}
        data-testid="revoke-key"
      />
    </div>
  );
}
