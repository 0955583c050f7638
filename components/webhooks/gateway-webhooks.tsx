"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FieldError } from "@/components/ui/fields";
import { LockIcon, PlayIcon, PlusIcon, TrashIcon, ZapIcon } from "@/components/ui/icons";
import { ListSkeleton, ListStates } from "@/components/ui/list-states";
import type { GatewayWebhookView } from "@/server/trpc/routers/webhooks";
import { DeliveryLog } from "./delivery-log";
import { useGatewayEventLabel } from "./events";
import { RegisterWebhookDialog } from "./register-dialog";
import { DeleteDialog, EventChips, SectionHeader, StatusDot } from "./shared";

const NOTICE_MS = 6000;

/** The gateway surface's registrations, each with its delivery log, and registering / deleting them. */
export function GatewayWebhooks() {
  const t = useTranslations("webhooks.gateway");
  const trpc = useTRPC();
  const id = useId();
  const deleteText = useTranslations("webhooks.deleteDialog");
  const queryClient = useQueryClient();
  const list = useQuery(trpc.webhooks.gateway.list.queryOptions());
  const remove = useMutation(trpc.webhooks.gateway.remove.mutationOptions());
  const [registering, setRegistering] = useState(false);
  const [deleting, setDeleting] = useState<GatewayWebhookView | null>(null);

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4" data-testid="gateway-webhooks">
      <SectionHeader
        titleId={`${id}-title`}
        title={t("title")}
        description={t("description")}
        action={
          <Button onClick={() => setRegistering(true)} data-testid="register-webhook">
            <PlusIcon className="size-4" />
            {t("register")}
          </Button>
        }
      />

      <ListStates
        query={list}
        loading={<ListSkeleton label={t("loading")} testId="gateway-webhooks-loading" rows={2} />}
        error={{ title: t("error.title"), body: t("error.body"), testId: "gateway-webhooks-error" }}
        isEmpty={(data) => data.webhooks.length === 0}
        empty={<EmptyState icon={ZapIcon} title={t("empty.title")} description={t("empty.body")} />}
      >
        {(data) => (
          <ul className="space-y-4">
            {data.webhooks.map((webhook) => (
              <li key={webhook.id}>
                <WebhookCard webhook={webhook} onDelete={() => setDeleting(webhook)} />
              </li>
            ))}
          </ul>
        )}
      </ListStates>

      <RegisterWebhookDialog open={registering} onClose={() => setRegistering(false)} />
      <DeleteDialog
        url={deleting?.url ?? null}
        onDelete={async () => {
          if (!deleting) return;
          await remove.mutateAsync({ webhookId: deleting.id });
          await queryClient.invalidateQueries(trpc.webhooks.gateway.list.pathFilter());
        }}
        onClose={() => setDeleting(null)}
        messages={{
          title: deleteText("title"),
          body: deleteText("body"),
          confirm: deleteText("confirm"),
          cancel: deleteText("cancel"),
        }}
        testId="delete-webhook-dialog"
        confirmTestId="delete-webhook-confirm"
      />
    </section>
  );
}

function WebhookCard({ webhook, onDelete }: { webhook: GatewayWebhookView; onDelete: () => void }) {
  const t = useTranslations("webhooks.gateway");
  const common = useTranslations("webhooks");
  const format = useFormatter();
  const eventLabel = useGatewayEventLabel();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  const sendTest = useMutation(trpc.webhooks.gateway.sendTest.mutationOptions());
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  // "Queued" says so for a moment; an error stays until the next try.
  useEffect(() => {
    if (!notice?.ok) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  // Bumped after a test event, so the log opens on its first page where the new delivery is.
  const [reveal, setReveal] = useState(0);

  function test() {
    setNotice(null);
    sendTest.mutate(
      { webhookId: webhook.id },
      {
        onSuccess: async () => {
          setReveal((value) => value + 1);
          await queryClient.invalidateQueries(trpc.webhooks.gateway.deliveries.queryFilter({ webhookId: webhook.id }));
          setNotice({ ok: true, text: t("testQueued") });
        },
        onError: (cause) => setNotice({ ok: false, text: explain(cause).message }),
      },
    );
  }

  return (
    <Card className="overflow-hidden" data-testid="webhook-card" data-webhook-id={webhook.id}>
      <div className="flex flex-col gap-4 px-5 py-5 sm:px-6 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-2">
          <p className="font-mono text-sm font-medium break-all text-slate-900" data-testid="webhook-url">
            {webhook.url}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={webhook.active ? "success" : "neutral"}>
              <StatusDot tone={webhook.active ? "success" : "neutral"} />
              {t(webhook.active ? "statuses.active" : "statuses.inactive")}
            </Badge>
            {"signed" in webhook && webhook.signed ? (
              <Badge tone="accent">
                <LockIcon className="size-3" />
                {t("signed")}
              </Badge>
            ) : (
              <Badge tone="warning">{t("unsigned")}</Badge>
            )}
            {webhook.allow_insecure ? <Badge tone="warning">{t("insecure")}</Badge> : null}
            <span className="text-xs text-slate-500 tabular-nums">
              {t("createdOn", { date: format.dateTime(new Date(webhook.created_at), { dateStyle: "short" }) })}
            </span>
          </div>
          <EventChips
            names={webhook.events}
            labelOf={eventLabel}
            summary={common("eventCount", { count: webhook.events.length })}
          />
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={test}
            loading={sendTest.isPending}
            data-testid="send-test-event"
          >
            {sendTest.isPending ? null : <PlayIcon className="size-4" />}
            {t("sendTest")}
          </Button>
          <Button
            variant="ghost-danger"
            size="icon"
            onClick={onDelete}
            aria-label={t("delete", { url: webhook.url })}
            title={t("delete", { url: webhook.url })}
            data-testid="delete-webhook"
          >
            <TrashIcon className="size-4" />
          </Button>
        </div>
      </div>
      {notice ? (
        <div className="px-5 pb-4 sm:px-6">
          {notice.ok ? (
            <p role="status" className="text-sm text-emerald-800" data-testid="test-event-notice">
              {notice.text}
            </p>
          ) : (
            <FieldError alert>{notice.text}</FieldError>
          )}
        </div>
      ) : null}
      <DeliveryLog target={{ surface: "gateway", webhookId: webhook.id }} reveal={reveal} />
    </Card>
  );
}
