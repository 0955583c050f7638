"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { DeleteButton } from "@/components/ui/button";
import type { PixWebhookView } from "@/server/trpc/routers/webhooks";
import { DeliveryLog } from "./delivery-log";
import { RegistrationCard, RegistrationSection } from "./registration";
import { DeleteDialog } from "./shared";

/**
 * The webhooks of the merchant's PIX keys, set through the API Pix (PUT /api/pix/v2/webhook/{chave}):
 * each with its delivery log. They are created by the API only; here they can be removed.
 */
export function ApiPixWebhooks() {
  const t = useTranslations("webhooks.apiPix");
  const deleteText = useTranslations("webhooks.deletePixWebhookDialog");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.webhooks.apiPix.list.queryOptions());
  const remove = useMutation(trpc.webhooks.apiPix.remove.mutationOptions());
  const [deleting, setDeleting] = useState<PixWebhookView | null>(null);

  return (
    <RegistrationSection
      testId="api-pix-webhooks"
      messages={t}
      query={list}
      items={(data) => data.webhooks}
      itemKey={(webhook) => webhook.webhookId}
      action={null}
      dialogs={
        <DeleteDialog
          url={deleting?.webhookUrl ?? null}
          onDelete={async () => {
            if (!deleting) return;
            await remove.mutateAsync({ webhookId: deleting.webhookId });
            await queryClient.invalidateQueries(trpc.webhooks.apiPix.list.pathFilter());
          }}
          onClose={() => setDeleting(null)}
          messages={deleteText}
          testId="delete-pix-webhook"
        />
      }
    >
      {(webhook) => <PixWebhookCard webhook={webhook} onDelete={() => setDeleting(webhook)} />}
    </RegistrationSection>
  );
}

function PixWebhookCard({ webhook, onDelete }: { webhook: PixWebhookView; onDelete: () => void }) {
  const t = useTranslations("webhooks.apiPix");
  const format = useFormatter();
  return (
    <RegistrationCard
      attributes={{ "data-testid": "pix-webhook-card", "data-webhook-id": webhook.webhookId }}
      url={webhook.webhookUrl}
      urlTestId="pix-webhook-url"
      badges={
        <>
          <Badge tone="accent" className="font-mono break-all" data-testid="pix-webhook-key">
            {t("key", { key: webhook.chave })}
          </Badge>
          <span className="text-xs text-slate-500 tabular-nums">
            {t("updatedOn", {
              date: format.dateTime(webhook.updatedAt, { dateStyle: "short", timeStyle: "short" }),
            })}
          </span>
        </>
      }
      events={
        <p className="text-xs text-slate-600">
          {t("deliversTo", { url: `${webhook.webhookUrl.replace(/\/+$/, "")}/pix` })}
        </p>
      }
      actions={
        <DeleteButton label={t("delete", { key: webhook.chave })} onClick={onDelete} data-testid="delete-pix-webhook" />
      }
      log={<DeliveryLog target={{ surface: "api_pix", pixWebhookId: webhook.webhookId }} reveal={0} />}
    />
  );
}
