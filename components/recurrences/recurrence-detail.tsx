"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCalendarDate } from "@/components/format/date-time";
import { formatDocument } from "@/components/forms/document";
import { Can } from "@/components/layout/permissions";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Card, CardContent } from "@/components/ui/card";
import { CancelAction } from "@/components/ui/confirm-action";
import { DetailCard, DetailRow, IdRow, listHref, NoValue } from "@/components/ui/detail-list";
import { DetailPage } from "@/components/ui/detail-states";
import { RefreshIcon } from "@/components/ui/icons";
import { LoadingState } from "@/components/ui/list-states";
import { Skeleton } from "@/components/ui/skeleton";
import { Timeline } from "@/components/ui/timeline";
import { isFinal } from "@/server/recurrences/status";
import type { RecurrenceDetail as Detail } from "@/server/trpc/routers/recurrences";
import { ChargesCard } from "./charges-card";
import { RequestsCard, ShareCard } from "./consent";
import { useRecurrenceAmount } from "./recurrences-browser";
import { ShareQrCard } from "./share-qr";
import { RecurrenceStatusBadge } from "./status";

export function RecurrenceDetail({ idRec, back }: { idRec: string; back?: string }) {
  const t = useTranslations("recurrences.detail");
  const trpc = useTRPC();
  const recurrence = useQuery(trpc.recurrences.get.queryOptions({ idRec }));
  return (
    <DetailPage
      back={listHref("/recurrences", back)}
      messages={t}
      title={t("title")}
      header={{
        actions:
          recurrence.data && !isFinal(recurrence.data.status) ? (
            <Can permission="charges.write">
              <CancelRecurrence idRec={recurrence.data.idRec} />
            </Can>
          ) : null,
      }}
      query={recurrence}
      icon={RefreshIcon}
      loading={
        <LoadingState label={t("loading")} testId="recurrence-detail-loading">
          <Skeleton className="h-64 w-full" />
        </LoadingState>
      }
    >
      {(data) => <DetailBody recurrence={data} />}
    </DetailPage>
  );
}

/** The merchant ends the recurrence, after a confirmation: no further cycle is charged. */
function CancelRecurrence({ idRec }: { idRec: string }) {
  const t = useTranslations("recurrences.cancel");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cancel = useMutation(trpc.recurrences.cancel.mutationOptions());
  const confirm = (close: () => void) =>
    cancel.mutate(
      { idRec },
      {
        onSuccess: async () => {
          close();
          await queryClient.invalidateQueries(trpc.recurrences.pathFilter());
        },
      },
    );
  return (
    <CancelAction messages={t} body={t("body")} mutation={cancel} onConfirm={confirm} testId="recurrence-cancel" />
  );
}

/** The amount of each cycle, the status, the frequency and the next charge. */
function SummaryPanel({ recurrence }: { recurrence: Detail }) {
  const t = useTranslations("recurrences.detail");
  const periodicities = useTranslations("recurrences.periodicities");
  const day = useCalendarDate();
  const amount = useRecurrenceAmount();
  return (
    <Card data-testid="recurrence-summary">
      <CardContent className="grid gap-4 sm:grid-cols-3 sm:py-6">
        <div className="space-y-1">
          <p className="text-sm text-slate-600">
            {recurrence.amountCents !== null ? t("amountFixed") : t("amountMinimum")}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <p
              className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums"
              data-testid="recurrence-amount"
            >
              {amount(recurrence)}
            </p>
            <RecurrenceStatusBadge status={recurrence.status} />
          </div>
        </div>
        <div className="space-y-1">
          <p className="text-sm text-slate-600">{t("every")}</p>
          <p className="text-lg font-medium text-slate-900">{periodicities(recurrence.periodicity as never)}</p>
        </div>
        <div className="space-y-1">
          <p className="text-sm text-slate-600">{t("next")}</p>
          <p className="text-lg font-medium text-slate-900 tabular-nums" data-testid="recurrence-next">
            {recurrence.nextChargeDate ? day(recurrence.nextChargeDate) : t("noNext")}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

/** Why the recurrence ended, in the reader's words with the catalogue's code. */
function closureText(
  closure: NonNullable<Detail["closure"]>,
  t: ReturnType<typeof useTranslations<"recurrences.detail">>,
) {
  if ("rejeicao" in closure)
    return t("rejected", { code: closure.rejeicao.codigo, reason: closure.rejeicao.descricao });
  const { solicitante, codigo } = closure.cancelamento;
  return t(`cancelledBy.${solicitante}`, { code: codigo });
}

function TermsCard({ recurrence }: { recurrence: Detail }) {
  const t = useTranslations("recurrences.detail");
  const retryPolicies = useTranslations("recurrences.retryPolicies");
  const day = useCalendarDate();
  return (
    <DetailCard title={t("terms")} testId="recurrence-terms">
      <DetailRow label={t("contract")}>{recurrence.contract}</DetailRow>
      <DetailRow label={t("object")}>{recurrence.object || <NoValue />}</DetailRow>
      <DetailRow label={t("start")}>{day(recurrence.startDate)}</DetailRow>
      <DetailRow label={t("end")}>{recurrence.endDate ? day(recurrence.endDate) : t("openEnded")}</DetailRow>
      <DetailRow label={t("retryPolicy")}>{retryPolicies(recurrence.retryPolicy as never)}</DetailRow>
      <DetailRow label={t("autoCharge")}>
        <span data-testid="recurrence-auto-charge">
          {!recurrence.autoCharge
            ? t("autoChargeOff")
            : recurrence.nextAutoCharge
              ? t("autoChargeNext", {
                  due: day(recurrence.nextAutoCharge.dueDate),
                  createOn: day(recurrence.nextAutoCharge.createOn),
                })
              : t("autoChargeOn")}
        </span>
      </DetailRow>
      {recurrence.closure ? (
        <DetailRow label={t("closure")}>
          <span data-testid="recurrence-closure">{closureText(recurrence.closure, t)}</span>
        </DetailRow>
      ) : null}
    </DetailCard>
  );
}

function DetailBody({ recurrence }: { recurrence: Detail }) {
  const t = useTranslations("recurrences.detail");
  const events = recurrence.history.map((entry) => ({
    key: `${entry.status}-${entry.data}`,
    title: t(`events.${entry.status}`),
    at: new Date(entry.data),
  }));
  return (
    <div className="space-y-6" data-testid="recurrence-detail">
      <SummaryPanel recurrence={recurrence} />
      {recurrence.status === "CRIADA" ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <Can permission="charges.write">
            <ShareCard recurrence={recurrence} />
            <ShareQrCard idRec={recurrence.idRec} />
          </Can>
        </div>
      ) : (
        <ChargesCard recurrence={recurrence} />
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <DetailCard title={t("debtor")} testId="recurrence-debtor">
          <DetailRow label={t("name")}>
            <span className="font-medium">{recurrence.debtorName}</span>
          </DetailRow>
          <DetailRow label={t("document")}>
            <span className="tabular-nums">{formatDocument(recurrence.debtorDocument)}</span>
          </DetailRow>
        </DetailCard>
        <TermsCard recurrence={recurrence} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Timeline title={t("timeline")} events={events} testId="recurrence" />
        <RequestsCard recurrence={recurrence} />
      </div>
      <DetailCard title={t("identifiers")}>
        <IdRow label={t("idRec")} value={recurrence.idRec} none="—" testId="recurrence-idrec" />
      </DetailCard>
    </div>
  );
}
