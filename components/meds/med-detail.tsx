"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { DateRow, useDateTime } from "@/components/format/date-time";
import { entryHref } from "@/components/format/entry";
import { AmountRow, useMoney } from "@/components/format/money";
import { isMissing } from "@/components/forms/service-error";
import { Can } from "@/components/layout/permissions";
import { PartyCard } from "@/components/ledger/entry-detail";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent, TitledCard } from "@/components/ui/card";
import { DetailCard, DetailList, DetailRow, IdRow, listHref, NoValue } from "@/components/ui/detail-list";
import { DetailPage } from "@/components/ui/detail-states";
import { FileTextIcon, ShieldAlertIcon } from "@/components/ui/icons";
import { LoadingState } from "@/components/ui/list-states";
import { Skeleton } from "@/components/ui/skeleton";
import type { MedDetailView } from "@/server/meds/dashboard";
import { DefenseForm, useFileSize } from "./defense-form";
import { MedOutcome } from "./outcome";
import { DeadlineCountdown, MedStatusRow, useNow } from "./status";

export function MedDetail({ endToEndId, back }: { endToEndId: string; back?: string }) {
  const t = useTranslations("meds.detail");
  const trpc = useTRPC();
  const med = useQuery(
    trpc.meds.get.queryOptions({ endToEndId }, { retry: (count, error) => !isMissing(error) && count < 2 }),
  );
  return (
    <DetailPage
      back={listHref("/meds", back)}
      messages={t}
      title={t("title")}
      query={med}
      icon={ShieldAlertIcon}
      loading={
        <LoadingState label={t("loading")} testId="med-detail-loading" className="space-y-6">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-56 w-full" />
        </LoadingState>
      }
    >
      {(data) => <DetailBody med={data} />}
    </DetailPage>
  );
}

function DetailBody({ med }: { med: MedDetailView }) {
  const t = useTranslations("meds.detail");
  const money = useMoney();
  const dateTime = useDateTime();
  const now = useNow(30_000);
  const none = <NoValue />;
  return (
    <div className="space-y-6" data-testid="med-detail">
      <div className="grid gap-6 lg:grid-cols-2">
        <DetailCard title={t("summary")}>
          <MedStatusRow label={t("status")} status={med.status} />
          <AmountRow label={t("disputed")} cents={med.disputedCents} strong testId="med-disputed" />
          <AmountRow label={t("blocked")} cents={med.blockedCents} testId="med-blocked" />
          {med.owedCents > 0n ? (
            <DetailRow label={t("owed")}>
              <span className="font-medium text-amber-800 tabular-nums" data-testid="med-owed">
                {money(med.owedCents)}
              </span>
              <span className="mt-0.5 block text-xs text-slate-500">{t("owedHint")}</span>
            </DetailRow>
          ) : null}
          <DetailRow label={t("psp")}>{med.pspCreatorName}</DetailRow>
          <DetailRow label={t("details")}>
            {med.details ? <span className="whitespace-pre-line">{med.details}</span> : none}
          </DetailRow>
          <DateRow label={t("openedAt")} date={med.createdAt} />
          <DetailRow label={t("deadlineAt")}>
            <span className="block tabular-nums">{dateTime(med.defenseDeadline, "medium")}</span>
            <DeadlineCountdown med={med} now={now} />
          </DetailRow>
          {med.resolvedAt ? <DateRow label={t("resolvedAt")} date={med.resolvedAt} /> : null}
        </DetailCard>

        <DetailCard title={t("transaction")}>
          <AmountRow label={t("amount")} cents={med.transaction.grossCents} strong testId="med-transaction-amount" />
          <AmountRow label={t("fee")} cents={med.transaction.feeCents} />
          <DateRow label={t("receivedAt")} date={med.transaction.createdAt} />
          <DetailRow label={t("payer")}>{med.payer?.name ?? none}</DetailRow>
          <DetailRow label={t("entry")}>
            <Link
              href={entryHref(med.transaction)}
              className="font-medium text-emerald-800 hover:underline"
              data-testid="med-entry-link"
            >
              {t("openEntry")}
            </Link>
          </DetailRow>
        </DetailCard>
      </div>

      <Card>
        <CardContent className="sm:py-6">
          <DetailList>
            <IdRow label={t("endToEndId")} value={med.endToEndId} none="—" testId="med-e2e" />
            <IdRow label={t("medId")} value={med.medId} none="—" testId="med-id" />
            {med.status === "accepted" ? (
              <IdRow
                label={t("refundedEndToEndId")}
                value={med.refundedEndToEndId}
                none={t("noRefund")}
                testId="med-refund-e2e"
              />
            ) : null}
          </DetailList>
        </CardContent>
      </Card>

      {med.outcome ? <MedOutcome status={med.status} outcome={med.outcome} /> : null}

      {med.payer ? <PartyCard title={t("payer")} party={med.payer} testId="med-payer" /> : null}

      <DefenseSection med={med} now={now} />
    </div>
  );
}

function DefenseSection({ med, now }: { med: MedDetailView; now: number }) {
  const t = useTranslations("meds.defense");
  const dateTime = useDateTime();
  const fileSize = useFileSize();
  const expired = med.defenseDeadline.getTime() <= now;
  return (
    <TitledCard title={t("title")} data-testid="med-defense">
      {med.defense ? (
        <div className="space-y-4" data-testid="defense-readonly">
          <p className="text-xs text-slate-500">
            {t("sentAt", { date: dateTime(med.defense.createdAt, "medium") })} · {t("readOnly")}
          </p>
          <p className="text-sm whitespace-pre-line text-slate-900" data-testid="defense-text">
            {med.defense.description}
          </p>
          {med.defense.files.length > 0 ? (
            <div className="space-y-2">
              <p className="text-sm font-medium text-slate-900">{t("sentFiles")}</p>
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {med.defense.files.map((file) => (
                  <li key={file.url} className="px-3 py-2 text-sm">
                    <a
                      href={file.url}
                      target="_blank"
                      rel="noreferrer"
                      className="flex min-w-0 items-center gap-2 text-emerald-800 hover:underline"
                      data-testid="defense-file"
                    >
                      <FileTextIcon className="size-4 shrink-0" />
                      <span className="truncate">{file.evidence?.fileName ?? t("link")}</span>
                      {file.evidence ? (
                        <span className="shrink-0 text-xs text-slate-500 tabular-nums">
                          {fileSize(file.evidence.sizeBytes)}
                        </span>
                      ) : null}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : med.status !== "under_analysis" ? (
        <p className="text-sm text-slate-600">{t("resolved")}</p>
      ) : expired ? (
        <Alert data-testid="defense-expired">{t("expired", { date: dateTime(med.defenseDeadline, "medium") })}</Alert>
      ) : (
        <Can permission="meds.defend">
          <DefenseForm endToEndId={med.endToEndId} evidence={med.evidence} limits={med.evidenceLimits} />
        </Can>
      )}
    </TitledCard>
  );
}
