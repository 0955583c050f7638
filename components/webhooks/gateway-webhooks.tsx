"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { Button, DeleteButton } from "@/components/ui/button";
import { FieldError } from "@/components/ui/fields";
import { LockIcon, PlayIcon, PlusIcon } from "@/components/ui/icons";
import type { GatewayWebhookView } from "@/server/trpc/routers/webhooks";
import { DeliveryLog } from "./delivery-log";
import { useGatewayEventLabel } from "./events";
import { RegisterWebhookDialog } from "./register-dialog";
import { RegistrationCard, RegistrationSection } from "./registration";
import { DeleteDialog, EventChips, StatusDot } from "./shared";

const NOTICE_MS = 6000;

/** The gateway surface's registrations, each with its delivery log, and registering / deleting them. */
export function GatewayWebhooks() {
  const t = useTranslations("webhooks.gateway");
  const trpc = useTRPC();
  const deleteText = useTranslations("webhooks.deleteDialog");
  const queryClient = useQueryClient();
  const list = useQuery(trpc.webhooks.gateway.list.queryOptions());
  const remove = useMutation(trpc.webhooks.gateway.remove.mutationOptions());
  const [registering, setRegistering] = useState(false);
  const [deleting, setDeleting] = useState<GatewayWebhookView | null>(null);

  return (
    <RegistrationSection
      testId="gateway-webhooks"
      messages={t}
      query={list}
      items={(data) => data.webhooks}
      itemKey={(webhook) => webhook.id}
      action={
        <Button onClick={() => setRegistering(true)} data-testid="register-webhook">
          <PlusIcon className="size-4" />
          {t("register")}
        </Button>
      }
      dialogs={
        <>
          <RegisterWebhookDialog open={registering} onClose={() => setRegistering(false)} />
          <DeleteDialog
            url={deleting?.url ?? null}
            onDelete={async () => {
              if (!deleting) return;
              await remove.mutateAsync({ webhookId: deleting.id });
              await queryClient.invalidateQueries(trpc.webhooks.gateway.list.pathFilter());
            }}
            onClose={() => setDeleting(null)}
            messages={deleteText}
            testId="delete-webhook"
          />
        </>
      }
    >
      {(webhook) => <WebhookCard webhook={webhook} onDelete={() => setDeleting(webhook)} />}
    </RegistrationSection>
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
    <RegistrationCard
      attributes={{ "data-testid": "webhook-card", "data-webhook-id": webhook.id }}
      url={webhook.url}
      urlTestId="webhook-url"
      badges={
        <>
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
        </>
      }
      events={
        <EventChips
          names={webhook.events}
          labelOf={eventLabel}
          summary={common("eventCount", { count: webhook.events.length })}
        />
      }
      actions={
        <>
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
          <DeleteButton label={t("delete", { url: webhook.url })} onClick={onDelete} data-testid="delete-webhook" />
        </>
      }
      notices={
        notice ? (
          <div className="mt-4">
            {notice.ok ? (
              <p role="status" className="text-sm text-emerald-800" data-testid="test-event-notice">
                {notice.text}
              </p>
            ) : (
              <FieldError alert>{notice.text}</FieldError>
            )}
          </div>
        ) : null
      }
      log={<DeliveryLog target={{ surface: "gateway", webhookId: webhook.id }} reveal={reveal} />}
    />
  );
}
