"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { Fragment, type ReactNode, useState } from "react";
import { CopyTextButton } from "@/components/charges/copy-text-button";
import { useServiceError } from "@/components/charges/errors";
import { useNow } from "@/components/charges/status";
import { CopyButton } from "@/components/ledger/copy-button";
import { truncateId } from "@/components/ledger/format";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { AlertCircleIcon, ChevronDownIcon, type Icon, type IconProps, KeyIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { SCOPES } from "@/server/apikeys/scopes";
import type { ApiKeyView } from "@/server/trpc/routers/api-keys";
import { Dialog, DialogActions } from "./dialog";
import { KeyForm, type KeyFormValues, scopeMessageKey } from "./key-form";

type KeyStatus = "active" | "revoked" | "expired";

function statusOf(key: ApiKeyView, now: number): KeyStatus {
  if (!key.active || key.revokedAt) return "revoked";
  if (key.expiresAt && key.expiresAt.getTime() <= now) return "expired";
  return "active";
}

const STATUS_TONES = { active: "success", revoked: "danger", expired: "neutral" } as const;

function KeyStatusBadge({ status }: { status: KeyStatus }) {
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

function stroke(paths: ReactNode): Icon {
  return ({ className, ...props }: IconProps) => (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className ?? "size-5"}
      {...props}
    >
      {paths}
    </svg>
  );
}

const PencilIcon = stroke(
  <>
    <path d="M21.17 6.81a1 1 0 0 0-3.99-3.99L3.84 16.17a2 2 0 0 0-.5.83l-1.32 4.35a.5.5 0 0 0 .62.62l4.35-1.32a2 2 0 0 0 .83-.5z" />
    <path d="m15 5 4 4" />
  </>,
);
const BanIcon = stroke(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m4.9 4.9 14.2 14.2" />
  </>,
);
const PlusIcon = stroke(
  <>
    <path d="M5 12h14" />
    <path d="M12 5v14" />
  </>,
);

/** The API keys page: the table of keys, and creating, editing and revoking them in dialogs. */
export function ApiKeysManager() {
  const t = useTranslations("apiKeys");
  const section = useTranslations("sections.apiKeys");
  const common = useTranslations("common");
  const trpc = useTRPC();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ApiKeyView | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  return (
    <div className="space-y-6 sm:space-y-8">
      <PageHeader
        title={section("title")}
        description={section("description")}
        actions={
          <Button onClick={() => setCreating(true)} data-testid="create-key">
            <PlusIcon className="size-4" />
            {t("create")}
          </Button>
        }
      />

      {keys.isPending ? (
        <ListSkeleton />
      ) : keys.isError ? (
        <EmptyState
          icon={AlertCircleIcon}
          title={t("error.title")}
          description={t("error.body")}
          action={
            <Button variant="secondary" onClick={() => keys.refetch()} loading={keys.isFetching}>
              {common("retry")}
            </Button>
          }
        />
      ) : keys.data.keys.length === 0 ? (
        <EmptyState
          icon={KeyIcon}
          title={t("empty.title")}
          description={t("empty.body")}
          action={
            <Button onClick={() => setCreating(true)}>
              <PlusIcon className="size-4" />
              {t("create")}
            </Button>
          }
        />
      ) : (
        <KeyList keys={keys.data.keys} onEdit={setEditing} onRevoke={setRevoking} />
      )}

      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
      <EditKeyDialog apiKey={editing} onClose={() => setEditing(null)} />
      <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}

function useKeyLabels() {
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

type ListProps = { keys: ApiKeyView[]; onEdit: (key: ApiKeyView) => void; onRevoke: (key: ApiKeyView) => void };

function KeyList(props: ListProps) {
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const toggle = (clientId: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(clientId)) next.delete(clientId);
      else next.add(clientId);
      return next;
    });
  return (
    <>
      <KeyTable {...props} expanded={expanded} onToggle={toggle} />
      <KeyCards {...props} expanded={expanded} onToggle={toggle} />
    </>
  );
}

/** The table and the phone cards both render; `variant` keeps their element ids apart. */
type Variant = "table" | "card";

function ScopesToggle({
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

function ScopeChips({ apiKey, variant }: { apiKey: ApiKeyView; variant: Variant }) {
  const t = useTranslations("apiKeys.scopes");
  return (
    <ul id={`scopes-${variant}-${apiKey.clientId}`} className="flex flex-wrap gap-1.5" data-testid="scope-chips">
      {apiKey.scopes.map((scope) => (
        <li key={scope} title={t(scopeMessageKey(scope))}>
          <Badge className="font-mono">{scope}</Badge>
        </li>
      ))}
    </ul>
  );
}

function Whitelist({ entries }: { entries: string[] }) {
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

function RowActions({
  apiKey,
  status,
  onEdit,
  onRevoke,
}: { apiKey: ApiKeyView; status: KeyStatus } & Omit<ListProps, "keys">) {
  const t = useTranslations("apiKeys");
  if (status === "revoked") return null;
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onEdit(apiKey)}
        aria-label={t("edit", { name: apiKey.name })}
        title={t("edit", { name: apiKey.name })}
        className="px-2"
        data-testid="edit-key"
      >
        <PencilIcon className="size-4" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onRevoke(apiKey)}
        aria-label={t("revoke", { name: apiKey.name })}
        title={t("revoke", { name: apiKey.name })}
        className="px-2 text-red-700 hover:bg-red-50 hover:text-red-800"
        data-testid="revoke-key"
      >
        <BanIcon className="size-4" />
      </Button>
    </div>
  );
}

function KeyTable({
  keys,
  onEdit,
  onRevoke,
  expanded,
  onToggle,
}: ListProps & { expanded: Set<string>; onToggle: (clientId: string) => void }) {
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

function KeyCards({
  keys,
  onEdit,
  onRevoke,
  expanded,
  onToggle,
}: ListProps & { expanded: Set<string>; onToggle: (clientId: string) => void }) {
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

function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("apiKeys.createDialog");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  const create = useMutation(trpc.apiKeys.create.mutationOptions());
  const [created, setCreated] = useState<{ clientId: string; clientSecret: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  function close() {
    setCreated(null);
    setError(null);
    create.reset();
    onClose();
  }

  function submit(values: KeyFormValues) {
    setError(null);
    create.mutate(
      {
        name: values.name,
        scopes: values.scopes,
        ipWhitelist: values.ipWhitelist,
        expiresAt: values.expiresAt ?? null,
      },
      {
        onSuccess: (result) => {
          setCreated({ clientId: result.clientId, clientSecret: result.clientSecret, name: result.key.name });
          void queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter());
        },
        onError: (cause) => setError(explain(cause).message),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={created ? t("createdTitle") : t("title")}
      description={created ? undefined : t("description")}
      // The secret is on screen: only the explicit button closes it.
      dismissible={!created}
      size="lg"
      testId="create-key-dialog"
    >
      {created ? (
        <SecretPanel {...created} onDone={close} />
      ) : (
        <KeyForm
          initial={{ name: "", scopes: [...SCOPES], ipWhitelist: [], expiresAt: null }}
          submitLabel={t("submit")}
          pendingLabel={t("submitting")}
          pending={create.isPending}
          serverError={error}
          onSubmit={submit}
          onCancel={close}
          testId="create-key-form"
        />
      )}
    </Dialog>
  );
}

function SecretPanel({
  clientId,
  clientSecret,
  name,
  onDone,
}: {
  clientId: string;
  clientSecret: string;
  name: string;
  onDone: () => void;
}) {
  const t = useTranslations("apiKeys.secret");
  return (
    <div className="space-y-5" data-testid="secret-panel">
      <div
        role="alert"
        className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        data-testid="secret-warning"
      >
        <AlertCircleIcon className="mt-0.5 size-5 shrink-0 text-amber-600" />
        <div>
          <p className="font-semibold">{t("warningTitle")}</p>
          <p className="mt-0.5">{t("warningBody")}</p>
        </div>
      </div>
      <p className="text-sm text-slate-600">{t("intro", { name })}</p>
      <SecretValue label={t("clientId")} value={clientId} testId="secret-client-id" />
      <SecretValue label={t("clientSecret")} value={clientSecret} testId="secret-client-secret" />
      <DialogActions className="border-t border-slate-100 pt-5">
        <Button onClick={onDone} data-testid="secret-done">
          {t("done")}
        </Button>
      </DialogActions>
    </div>
  );
}

function SecretValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  const t = useTranslations("apiKeys.secret");
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-slate-800">{label}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 font-mono text-xs break-all text-slate-900 select-all"
          data-testid={testId}
        >
          {value}
        </code>
        <CopyTextButton value={value} aria-label={t("copy", { label })} className="sm:w-32">
          {t("copyShort")}
        </CopyTextButton>
      </div>
    </div>
  );
}

function EditKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyView | null; onClose: () => void }) {
  const t = useTranslations("apiKeys.editDialog");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  const update = useMutation(trpc.apiKeys.update.mutationOptions());
  const [error, setError] = useState<string | null>(null);

  function close() {
    setError(null);
    update.reset();
    onClose();
  }

  function submit(values: KeyFormValues) {
    if (!apiKey) return;
    setError(null);
    update.mutate(
      {
        clientId: apiKey.clientId,
        name: values.name,
        scopes: values.scopes,
        ipWhitelist: values.ipWhitelist,
        ...(values.expiresAt !== undefined ? { expiresAt: values.expiresAt } : {}),
      },
      {
        onSuccess: async () => {
          await queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter());
          close();
        },
        onError: (cause) => setError(explain(cause).message),
      },
    );
  }

  return (
    <Dialog
      open={apiKey !== null}
      onClose={close}
      title={t("title", { name: apiKey?.name ?? "" })}
      description={t("description")}
      size="lg"
      testId="edit-key-dialog"
    >
      {apiKey ? (
        <KeyForm
          initial={apiKey}
          submitLabel={t("submit")}
          pendingLabel={t("submitting")}
          pending={update.isPending}
          serverError={error}
          onSubmit={submit}
          onCancel={close}
          testId="edit-key-form"
        />
      ) : null}
    </Dialog>
  );
}

function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyView | null; onClose: () => void }) {
  const t = useTranslations("apiKeys.revokeDialog");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  const revoke = useMutation(trpc.apiKeys.revoke.mutationOptions());
  const [error, setError] = useState<string | null>(null);

  function close() {
    setError(null);
    revoke.reset();
    onClose();
  }

  function confirm() {
    if (!apiKey) return;
    setError(null);
    revoke.mutate(
      { clientId: apiKey.clientId },
      {
        onSuccess: async () => {
          await queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter());
          close();
        },
        onError: (cause) => setError(explain(cause).message),
      },
    );
  }

  return (
    <Dialog open={apiKey !== null} onClose={close} title={t("title")} testId="revoke-key-dialog">
      {apiKey ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{t("body", { name: apiKey.name })}</p>
          <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-700">
            {apiKey.clientId}
          </p>
          {error ? (
            <p role="alert" className="flex items-start gap-1.5 text-sm text-red-700">
              <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
              {error}
            </p>
          ) : null}
          <DialogActions>
            <Button variant="secondary" onClick={close} disabled={revoke.isPending}>
              {t("cancel")}
            </Button>
            <Button variant="danger" onClick={confirm} loading={revoke.isPending} data-testid="revoke-confirm">
              {t("confirm")}
            </Button>
          </DialogActions>
        </div>
      ) : null}
    </Dialog>
  );
}

function ListSkeleton() {
  const t = useTranslations("apiKeys");
  return (
    <div role="status" aria-live="polite" data-testid="keys-loading">
      <span className="sr-only">{t("loading")}</span>
      <Card className="divide-y divide-slate-100 overflow-hidden">
        {Array.from({ length: 3 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with no identity
          <div key={index} className="flex items-center gap-4 px-4 py-4">
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-56" />
            </div>
            <Skeleton className="h-5 w-16 rounded-full" />
            <Skeleton className="h-4 w-20" />
          </div>
        ))}
      </Card>
    </div>
  );
}
