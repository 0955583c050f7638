"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { z } from "zod";
import { useDateTime } from "@/components/format/date-time";
import { FormAlert, FormField, SelectField, showServiceError, useSchemaForm } from "@/components/forms/schema-form";
import { useServiceError } from "@/components/forms/service-error";
import { useCan } from "@/components/layout/permissions";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TitledCard } from "@/components/ui/card";
import { SendIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { ConsentForm } from "@/server/recurrences/form";
import { RECIPIENT_LIMITS } from "@/server/recurrences/model";
import { isOpenRequest } from "@/server/recurrences/request-status";
import type { RecurrenceDetail } from "@/server/trpc/routers/recurrences";

const EXPIRY_DAYS = [1, 3, 7, 15, 30] as const;

const consentSchema = ConsentForm.omit({ idRec: true, expiresInDays: true }).extend({
  branch: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(ConsentForm.shape.branch),
  ispb: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(ConsentForm.shape.ispb),
  expiresInDays: z.coerce.number().pipe(ConsentForm.shape.expiresInDays),
});

function useRefreshRecurrence(idRec: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries(trpc.recurrences.get.queryFilter({ idRec }));
    await queryClient.invalidateQueries(trpc.recurrences.list.pathFilter());
  };
}

/** The notification journey: the consent request sent to the payer's account at its bank. */
export function ShareCard({ recurrence }: { recurrence: RecurrenceDetail }) {
  const t = useTranslations("recurrences.share");
  const trpc = useTRPC();
  const explain = useServiceError();
  const refresh = useRefreshRecurrence(recurrence.idRec);
  const send = useMutation(trpc.recurrences.requestConsent.mutationOptions());
  const form = useSchemaForm(consentSchema, {
    defaultValues: { account: "", ispb: "", branch: "", expiresInDays: "7" as unknown as number },
  });
  const waiting = recurrence.requests.some((request) => isOpenRequest(request.status));

  const onSubmit = form.handleSubmit((input) => {
    if (send.isPending) return;
    send.mutate(
      { idRec: recurrence.idRec, ...input },
      { onSuccess: () => void refresh(), onError: (cause) => showServiceError(form, explain(cause)) },
    );
  });

  return (
    <TitledCard title={t("title")} description={t("description")} data-testid="recurrence-share">
      {recurrence.status !== "CRIADA" ? (
        <p className="text-sm text-slate-600">{t("notCreated")}</p>
      ) : waiting ? (
        <p className="text-sm text-slate-600" data-testid="recurrence-share-waiting">
          {t("waiting")}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" data-testid="recurrence-share-form">
          <div className="sm:col-span-2">
            <FormAlert form={form} />
          </div>
          <FormField form={form} name="ispb" label={t("ispb")} hint={t("ispbHint")}>
            {(control) => <Input {...control} maxLength={8} autoComplete="off" className="uppercase tabular-nums" />}
          </FormField>
          <FormField form={form} name="branch" label={t("branch")}>
            {(control) => <Input {...control} maxLength={RECIPIENT_LIMITS.branch} inputMode="numeric" />}
          </FormField>
          <FormField form={form} name="account" label={t("account")}>
            {(control) => <Input {...control} maxLength={RECIPIENT_LIMITS.account} autoComplete="off" />}
          </FormField>
          <SelectField form={form} name="expiresInDays" label={t("expiresInDays")}>
            {EXPIRY_DAYS.map((days) => (
              <option key={days} value={days}>
                {t("days", { count: days })}
              </option>
            ))}
          </SelectField>
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" loading={send.isPending} data-testid="recurrence-share-submit">
              {send.isPending ? null : <SendIcon className="size-4" />}
              {send.isPending ? t("sending") : t("submit")}
            </Button>
          </div>
        </form>
      )}
    </TitledCard>
  );
}

const REQUEST_TONES = {
  CRIADA: "warning",
  ENVIADA: "warning",
  RECEBIDA: "warning",
  ACEITA: "success",
  REJEITADA: "danger",
  EXPIRADA: "neutral",
  CANCELADA: "neutral",
} as const;

/** The recurrence's consent requests, newest first; an open one can be withdrawn. */
export function RequestsCard({ recurrence }: { recurrence: RecurrenceDetail }) {
  const t = useTranslations("recurrences.requests");
  const trpc = useTRPC();
  const dateTime = useDateTime();
  const refresh = useRefreshRecurrence(recurrence.idRec);
  const withdraw = useMutation(trpc.recurrences.cancelRequest.mutationOptions({ onSuccess: () => refresh() }));
  const mayWithdraw = useCan("charges.write");
  return (
    <TitledCard title={t("title")} data-testid="recurrence-requests">
      {recurrence.requests.length === 0 ? (
        <p className="text-sm text-slate-600">{t("none")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {recurrence.requests.map((request) => (
            <li
              key={request.idSolicRec}
              className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
              data-testid="recurrence-request"
              data-id={request.idSolicRec}
            >
              <div className="min-w-0 space-y-0.5">
                <Badge tone={REQUEST_TONES[request.status]} data-testid="recurrence-request-status">
                  {t(`statuses.${request.status}`)}
                </Badge>
                <p className="text-slate-700">{t("sentTo", { account: request.account, ispb: request.ispb })}</p>
                <p className="text-xs text-slate-500 tabular-nums">
                  {t("expires", { date: dateTime(request.expiresAt, "medium") })} ·{" "}
                  <span className="font-mono">{request.idSolicRec}</span>
                </p>
              </div>
              {isOpenRequest(request.status) && mayWithdraw ? (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={withdraw.isPending}
                  onClick={() => withdraw.mutate({ idSolicRec: request.idSolicRec })}
                  data-testid="recurrence-request-withdraw"
                >
                  {t("withdraw")}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}
