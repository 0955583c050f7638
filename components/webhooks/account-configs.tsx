"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, DeleteButton, IconButton } from "@/components/ui/button";
import { FieldError } from "@/components/ui/fields";
import { LockIcon, PencilIcon, PlusIcon, PowerIcon } from "@/components/ui/icons";
import type { WebhookConfigView } from "@/server/trpc/routers/webhooks";
import { ConfigDialog } from "./config-dialog";
import { DeliveryLog } from "./delivery-log";
import { ACCOUNT_WILDCARD, useAccountEventLabel } from "./events";
import { RegistrationCard, RegistrationSection } from "./registration";
import { DeleteDialog, EventChips, StatusDot } from "./shared";

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
  const deleteText = useTranslations("webhooks.deleteConfigDialog");
  const queryClient = useQueryClient();
  const list = useQuery(trpc.webhooks.account.list.queryOptions());
  const remove = useMutation(trpc.webhooks.account.remove.mutationOptions());
  const [editing, setEditing] = useState<WebhookConfigView | "new" | null>(null);
  const [deleting, setDeleting] = useState<WebhookConfigView | null>(null);

  return (
    <RegistrationSection
      testId="account-webhooks"
      messages={t}
      query={list}
      items={(data) => data.configs}
      itemKey={(config) => config.configId}
      action={
        <Button onClick={() => setEditing("new")} data-testid="create-config">
          <PlusIcon className="size-4" />
          {t("create")}
        </Button>
      }
      dialogs={
        <>
          <ConfigDialog config={editing} onClose={() => setEditing(null)} />
          <DeleteDialog
            url={deleting?.targetUrl ?? null}
            onDelete={async () => {
              if (!deleting) return;
              await remove.mutateAsync({ configId: deleting.configId });
              await queryClient.invalidateQueries(trpc.webhooks.account.list.pathFilter());
            }}
            onClose={() => setDeleting(null)}
            messages={deleteText}
            testId="delete-config"
          />
        </>
      }
    >
      {(config) => (
        <ConfigCard config={config} onEdit={() => setEditing(config)} onDelete={() => setDeleting(config)} />
      )}
    </RegistrationSection>
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
    <RegistrationCard
      attributes={{ "data-testid": "config-card", "data-config-id": config.configId, "data-status": status }}
      url={config.targetUrl}
      urlTestId="config-url"
      badges={
        <>
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
        </>
      }
      events={
        config.event.includes(ACCOUNT_WILDCARD) ? (
          <Badge tone="accent" data-testid="config-all-events">
            {t("allEvents")}
          </Badge>
        ) : (
          <EventChips
            names={config.event}
            labelOf={eventLabel}
            summary={common("eventCount", { count: config.event.length })}
          />
        )
      }
      actions={
        <>
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
          <IconButton
            icon={PencilIcon}
            label={t("edit", { url: config.targetUrl })}
            onClick={onEdit}
            data-testid="edit-config"
          />
          <DeleteButton label={t("delete", { url: config.targetUrl })} onClick={onDelete} data-testid="delete-config" />
        </>
      }
      notices={
        <>
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
        </>
      }
      log={<DeliveryLog target={{ surface: "account", configId: config.configId }} reveal={0} />}
    />
  );
}
