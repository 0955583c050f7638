"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { pixKeyText } from "@/components/format/text";
import { useServiceError } from "@/components/forms/service-error";
import { Can, useCan } from "@/components/layout/permissions";
import { CollectionStates } from "@/components/lists/resource-list";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, DeleteButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FieldError } from "@/components/ui/fields";
import { KeyRoundIcon, PlusIcon, StarIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import type { AppRouter } from "@/server/trpc/routers";
import { type KeyAccount, RegisterKeyDialog } from "./register-key-dialog";

type KeyAccountView = inferRouterOutputs<AppRouter>["pixKeys"]["accounts"][number];
type KeyView = KeyAccountView["keys"][number];

/** "Chaves Pix": the keys of each of the merchant's own accounts. */
export function PixKeysManager() {
  const section = useTranslations("sections.pixKeys");
  const t = useTranslations("pixKeys");
  const trpc = useTRPC();
  const accounts = useQuery(trpc.pixKeys.accounts.queryOptions());
  const [registering, setRegistering] = useState<KeyAccount | null>(null);

  return (
    <div className="space-y-6 sm:space-y-8">
      <PageHeader title={section("title")} description={section("description")} />
      <CollectionStates
        testId="pix-keys"
        query={accounts}
        messages={t}
        icon={KeyRoundIcon}
        skeletonRows={3}
        empty={<EmptyState icon={KeyRoundIcon} title={t("noAccounts.title")} description={t("noAccounts.body")} />}
      >
        {(data) => (
          <div className="space-y-6">
            {data.map((account) => (
              <AccountKeys key={account.accountId} account={account} onRegister={() => setRegistering(account)} />
            ))}
          </div>
        )}
      </CollectionStates>
      <RegisterKeyDialog account={registering} onClose={() => setRegistering(null)} />
    </div>
  );
}

function AccountKeys({ account, onRegister }: { account: KeyAccountView; onRegister: () => void }) {
  const t = useTranslations("pixKeys");
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  const [deleting, setDeleting] = useState<KeyView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.pixKeys.accounts.pathFilter());
  const setCurrent = useMutation(
    trpc.pixKeys.setCurrent.mutationOptions({
      onSuccess: refresh,
      onError: (cause) => setError(explain(cause).message),
    }),
  );
  const remove = useMutation(trpc.pixKeys.remove.mutationOptions());
  const full = account.keys.length >= account.limit;

  return (
    <Card aria-labelledby={`${id}-title`} data-testid="key-account" data-account-id={account.accountId}>
      <div className="flex flex-col gap-3 border-b border-slate-100 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="truncate text-base font-semibold text-slate-900">
            {account.name}
          </h2>
          <p className="mt-0.5 text-sm text-slate-500 tabular-nums">
            {t("account", { accountId: account.accountId })} ·{" "}
            <span data-testid="key-count">{t("count", { count: account.keys.length, limit: account.limit })}</span>
          </p>
        </div>
        <Can permission="pixKeys.manage">
          <Button onClick={onRegister} disabled={full} data-testid="register-key">
            <PlusIcon className="size-4" />
            {t("register")}
          </Button>
        </Can>
      </div>

      <div className="space-y-3 px-5 py-4 sm:px-6">
        {full ? (
          <Alert tone="warning" role="status" data-testid="limit-notice">
            {t("limitReached", { limit: account.limit })}
          </Alert>
        ) : null}
        {error ? <FieldError alert>{error}</FieldError> : null}

        {account.keys.length === 0 ? (
          <EmptyState icon={KeyRoundIcon} title={t("empty.title")} description={t("empty.body")} />
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="key-list">
            {account.keys.map((key) => (
              <KeyRow
                key={key.keyId}
                pixKey={key}
                busy={setCurrent.isPending && setCurrent.variables?.keyId === key.keyId}
                onSetCurrent={() => {
                  setError(null);
                  setCurrent.mutate({ accountId: account.accountId, keyId: key.keyId });
                }}
                onDelete={() => {
                  setDeleting(key);
                }}
              />
            ))}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { accountId: account.accountId, keyId: deleting.keyId },
            {
              onSuccess: async () => {
                await refresh();
                setDeleting(null);
              },
            },
          );
        }}
        title={t("deleteDialog.title")}
        confirmLabel={t("deleteDialog.confirm")}
        mutation={remove}
        testId="delete-key"
      >
        <p className="text-sm text-slate-600">
          {t.rich("deleteDialog.body", {
            key: deleting ? pixKeyText(deleting.type, deleting.key) : "",
            code: (chunks) => <span className="font-mono break-all text-slate-900">{chunks}</span>,
          })}
        </p>
      </ConfirmDialog>
    </Card>
  );
}

function KeyRow({
  pixKey,
  busy,
  onSetCurrent,
  onDelete,
}: {
  pixKey: KeyView;
  busy: boolean;
  onSetCurrent: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("pixKeys");
  const format = useFormatter();
  const mayManage = useCan("pixKeys.manage");
  return (
    <li
      className="flex flex-col gap-3 py-3.5 sm:flex-row sm:items-center sm:justify-between"
      data-testid="key-row"
      data-key-type={pixKey.type}
      data-current={pixKey.isCurrent}
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{t(`types.${pixKey.type}`)}</Badge>
          {pixKey.isCurrent ? (
            <Badge tone="success" title={t("currentHint")} data-testid="current-badge">
              <StarIcon className="size-3" />
              {t("current")}
            </Badge>
          ) : null}
        </div>
        <p className="font-mono text-sm break-all text-slate-900" data-testid="key-value-text">
          {pixKeyText(pixKey.type, pixKey.key)}
        </p>
        <p className="text-xs text-slate-500 tabular-nums">
          {t("createdOn", { date: format.dateTime(pixKey.createdAt, { dateStyle: "short", timeStyle: "short" }) })}
        </p>
      </div>
      {pixKey.isCurrent || !mayManage ? null : (
        <div className="flex shrink-0 items-center gap-2">
          <Button variant="secondary" size="sm" onClick={onSetCurrent} loading={busy} data-testid="set-current">
            {busy ? null : <StarIcon className="size-4" />}
            {t("setCurrent")}
          </Button>
          <DeleteButton
            label={t("delete", { key: pixKeyText(pixKey.type, pixKey.key) })}
            onClick={onDelete}
            data-testid="delete-key"
          />
        </div>
      )}
    </li>
  );
}
