"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { Fragment, useState } from "react";
import { useServiceError } from "@/components/charges/errors";
import { useNow } from "@/components/charges/status";
import { truncateId } from "@/components/ledger/format";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/copy-button";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { BanIcon, ChevronDownIcon, KeyIcon, PencilIcon, PlusIcon } from "@/components/ui/icons";
import { ErrorState, LoadingState } from "@/components/ui/list-states";
import { PageHeader } from "@/components/ui/page-header";
import { SecretPanel } from "@/components/ui/secret-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { useToggleSet } from "@/components/ui/toggle-set";
import { SCOPES } from "@/server/apikeys/scopes";
import type { ApiKeyView } from "@/server/trpc/routers/api-keys";
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

/** The API keys page: the table of keys, and creating, editing and revoking them in dialogs. */
export function ApiKeysManager() {
  const t = useTranslations("apiKeys");
  const section = useTranslations("sections.apiKeys");
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
        <ErrorState
          title={t("error.title")}
          description={t("error.body")}
          onRetry={() => keys.refetch()}
          retrying={keys.isFetching}
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
  const [expanded, toggle] = useToggleSet();
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
        size="icon"
        onClick={() => onEdit(apiKey)}
        aria-label={t("edit", { name: apiKey.name })}
        title={t("edit", { name: apiKey.name })}
        data-testid="edit-key"
      >
        <PencilIcon className="size-4" />
      </Button>
      <Button
        variant="ghost-danger"
        size="icon"
        onClick={() => onRevoke(apiKey)}
        aria-label={t("revoke", { name: apiKey.name })}
        title={t("revoke", { name: apiKey.name })}
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

function KeyCards({
  keys,
  onEdit,
  onRevoke,
  expanded,
  onToggle,
}: ListProps & { expanded: ReadonlySet<string>; onToggle: (clientId: string) => void }) {
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
        <KeySecretPanel {...created} onDone={close} />
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

function KeySecretPanel({
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
    <SecretPanel
      warningTitle={t("warningTitle")}
      warningBody={t("warningBody")}
      intro={t("intro", { name })}
      fields={[
        { label: t("clientId"), value: clientId, testId: "secret-client-id" },
        { label: t("clientSecret"), value: clientSecret, testId: "secret-client-secret" },
      ]}
      copyLabel={(label) => t("copy", { label })}
      copyShort={t("copyShort")}
      doneLabel={t("done")}
      onDone={onDone}
    />
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
    <ConfirmDialog
      open={apiKey !== null}
      onClose={close}
      onConfirm={confirm}
      title={t("title")}
      confirmLabel={t("confirm")}
      cancelLabel={t("cancel")}
      pending={revoke.isPending}
      error={error}
      testId="revoke-key-dialog"
      confirmTestId="revoke-confirm"
    >
      {apiKey ? (
        <>
          <p className="text-sm text-slate-700">{t("body", { name: apiKey.name })}</p>
          <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-700">
            {apiKey.clientId}
          </p>
        </>
      ) : null}
    </ConfirmDialog>
  );
}

function ListSkeleton() {
  const t = useTranslations("apiKeys");
  return (
    <LoadingState label={t("loading")} testId="keys-loading">
      <Card className="divide-y divide-slate-100 overflow-hidden">
        {Array.from({ length: 3 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with no identity
          <div key={index} className="flex items-center gap-4 px-4 py-4">
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-56" />
            </div>
            <Skeleton rounded="full" className="h-5 w-16" />
            <Skeleton className="h-4 w-20" />
          </div>
        ))}
      </Card>
    </LoadingState>
  );
}
