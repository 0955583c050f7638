"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FieldError } from "@/components/ui/fields";
import { LockIcon, PencilIcon, PlusIcon, PowerIcon, TrashIcon, ZapIcon } from "@/components/ui/icons";
import { ListSkeleton, ListStates } from "@/components/ui/list-states";
import type { WebhookConfigView } from "@/server/trpc/routers/webhooks";
import { ConfigDialog } from "./config-dialog";
import { DeliveryLog } from "./delivery-log";
import { ACCOUNT_WILDCARD, useAccountEventLabel } from "./events";
import { DeleteDialog, EventChips, SectionHeader, StatusDot } from "./shared";

type ConfigStatus = "active" | "inactive" | "suspended";

/** Off by the merchant's hand, or by the platform's (which says why). */
function statusOf(config: WebhookConfigView): ConfigStatus {
  if (config.active) return "active";
  return config.deactivatedReason ? "suspended" : "inactive";
}

const STATUS_TONES = { active: "success", inactive: "neutral", suspended: "danger" } as const;

/** The account surface's webhook configurations: create, edit, (de)activate and delete them. */
export function AccountConfigs() {
  const t = useTranslations("webhooks.account");
  const trpc = useTRPC();
  const id = useId();
  const deleteText = useTranslations("webhooks.deleteConfigDialog");
  const queryClient = useQueryClient();
  const list = useQuery(trpc.webhooks.account.list.queryOptions());
  const remove = useMutation(trpc.webhooks.account.remove.mutationOptions());
  const [editing, setEditing] = useState<WebhookConfigView | "new" | null>(null);
  const [deleting, setDeleting] = useState<WebhookConfigView | null>(null);

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4" data-testid="account-webhooks">
      <SectionHeader
        titleId={`${id}-title`}
        title={t("title")}
        description={t("description")}
        action={
          <Button onClick={() => setEditing("new")} data-testid="create-config">
            <PlusIcon className="size-4" />
            {t("create")}
          </Button>
        }
      />

      <ListStates
        query={list}
        loading={<ListSkeleton label={t("loading")} testId="account-webhooks-loading" rows={2} />}
        error={{ title: t("error.title"), body: t("error.body"), testId: "account-webhooks-error" }}
        isEmpty={(data) => data.configs.length === 0}
        empty={<EmptyState icon={ZapIcon} title={t("empty.title")} description={t("empty.body")} />}
      >
        {(data) => (
          <ul className="space-y-4">
            {data.configs.map((config) => (
              <li key={config.configId}>
                <ConfigCard config={config} onEdit={() => setEditing(config)} onDelete={() => setDeleting(config)} />
              </li>
            ))}
          </ul>
        )}
      </ListStates>

      <ConfigDialog config={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        url={deleting?.targetUrl ?? null}
        onDelete={async () => {
          if (!deleting) return;
          await remove.mutateAsync({ configId: deleting.configId });
          await queryClient.invalidateQueries(trpc.webhooks.account.list.pathFilter());
        }}
        onClose={() => setDeleting(null)}
        messages={{
          title: deleteText("title"),
          body: deleteText("body"),
          confirm: deleteText("confirm"),
          cancel: deleteText("cancel"),
        }}
        testId="delete-config-dialog"
        confirmTestId="delete-config-confirm"
      />
    </section>
  );
}

/** The platform's reason ("deactivated after 50 consecutive failed deliveries") in the merchant's words. */
function useSuspendedText() {
  const t = useTranslations("webhooks.account.suspended");
  return (reason: string) => {
    const failures = /after (\d+) consecutive failed deliveries/.exec(reason);
    return failures ? t("afterFailures", { count: Number(failures[1]) }) : t("other", { reason });
  };
}

function ConfigCard({
  config,
  onEdit,
  onDelete,
}: {
  config: WebhookConfigView;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("webhooks.account");
  const common = useTranslations("webhooks");
  const format = useFormatter();
  const eventLabel = useAccountEventLabel();
  const suspendedText = useSuspendedText();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  const [error, setError] = useState<string | null>(null);
  const onSettled = {
    onSuccess: () => queryClient.invalidateQueries(trpc.webhooks.account.list.pathFilter()),
    onError: (cause: unknown) => setError(explain(cause).message),
  };
  const activate = useMutation(trpc.webhooks.account.activate.mutationOptions(onSettled));
  const deactivate = useMutation(trpc.webhooks.account.deactivate.mutationOptions(onSettled));
  const status = statusOf(config);
  const toggle = config.active ? deactivate : activate;

  return (
    <Card className="overflow-hidden" data-testid="config-card" data-config-id={config.configId} data-status={status}>
      <div className="px-5 py-5 sm:px-6">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
          <div className="min-w-0 space-y-2">
            <p className="font-mono text-sm font-medium break-all text-slate-900" data-testid="config-url">
              {config.targetUrl}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={STATUS_TONES[status]} className="whitespace-nowrap" data-testid="config-status">
                <StatusDot tone={STATUS_TONES[status]} />
                {t(`statuses.${status}`)}
              </Badge>
              {config.hasAuthHeader ? (
                <Badge tone="accent">
                  <LockIcon className="size-3" />
                  {t("authHeader")}
                </Badge>
              ) : (
                <Badge>{t("noAuthHeader")}</Badge>
              )}
              <span className="text-xs text-slate-500 tabular-nums">
                {t("updatedOn", {
                  date: format.dateTime(config.updatedAt, { dateStyle: "short", timeStyle: "short" }),
                })}
              </span>
            </div>
            {config.event.includes(ACCOUNT_WILDCARD) ? (
              <Badge tone="accent" data-testid="config-all-events">
                {t("allEvents")}
              </Badge>
            ) : (
              <EventChips
                names={config.event}
                labelOf={eventLabel}
                summary={common("eventCount", { count: config.event.length })}
              />
            )}
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <Button
              variant={config.active ? "secondary" : "primary"}
              size="sm"
              onClick={() => {
                setError(null);
                toggle.mutate({ configId: config.configId });
              }}
              loading={toggle.isPending}
              data-testid={config.active ? "deactivate-config" : "activate-config"}
            >
              {toggle.isPending ? null : <PowerIcon className="size-4" />}
              {config.active ? t("deactivate") : t("activate")}
            </Button>
            <Button
              variant="ghost"
              size="icon"
              onClick={onEdit}
              aria-label={t("edit", { url: config.targetUrl })}
              title={t("edit", { url: config.targetUrl })}
              data-testid="edit-config"
            >
              <PencilIcon className="size-4" />
            </Button>
            <Button
              variant="ghost-danger"
              size="icon"
              onClick={onDelete}
              aria-label={t("delete", { url: config.targetUrl })}
              title={t("delete", { url: config.targetUrl })}
              data-testid="delete-config"
            >
              <TrashIcon className="size-4" />
            </Button>
          </div>
        </div>
        {status === "suspended" && config.deactivatedReason ? (
          <Alert tone="warning" role="note" className="mt-4" data-testid="config-suspended">
            <p className="font-semibold">{t("suspended.title")}</p>
            <p className="mt-0.5">{suspendedText(config.deactivatedReason)}</p>
          </Alert>
        ) : null}
        {error ? (
          <div className="mt-3">
            <FieldError alert>{error}</FieldError>
          </div>
        ) : null}
      </div>
      <DeliveryLog target={{ surface: "account", configId: config.configId }} reveal={0} />
    </Card>
  );
}
