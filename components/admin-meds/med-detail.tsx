"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useNow } from "@/components/charges/status";
import { DateRow, useDateTime } from "@/components/format/date-time";
import { type Party, StatusBadge, useReasonLabel } from "@/components/format/entry";
import { AmountRow, useMoney } from "@/components/format/money";
import { MedStatusBadge, MedStatusRow } from "@/components/meds/status";
import { useTRPC } from "@/components/providers/trpc-provider";
import { TitledCard } from "@/components/ui/card";
import { DetailCard, DetailList, DetailRow, IdRow, listHref } from "@/components/ui/detail-list";
import { DetailPage } from "@/components/ui/detail-states";
import { ShieldAlertIcon } from "@/components/ui/icons";
import { LoadingState } from "@/components/ui/list-states";
import { Skeleton } from "@/components/ui/skeleton";
import type { AdminMedDetail } from "@/server/trpc/routers/admin-meds";
import { AnalysisPanel } from "./analysis-form";
import { EvidenceList } from "./evidence";
import { DeadlineLabel } from "./status";

export function AdminMedDetailView({ medId, back }: { medId: string; back?: string }) {
  const t = useTranslations("adminMeds.detail");
  const trpc = useTRPC();
  const med = useQuery(trpc.adminMeds.get.queryOptions({ id: medId }, { retry: false }));
  return (
    <DetailPage
      back={listHref("/admin/meds", back)}
      messages={t}
      title={t("title")}
      header={{
        description: med.data ? `${med.data.merchant.name} · ${med.data.endToEndId}` : undefined,
        actions: med.data ? <MedStatusBadge status={med.data.status} /> : null,
      }}
      query={med}
      icon={ShieldAlertIcon}
      loading={
        <LoadingState label={t("loading")} className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-64 w-full" />
        </LoadingState>
      }
    >
      {(data) => <DetailBody med={data} />}
    </DetailPage>
  );
}

function PartyRows({ party, none }: { party: Party | null; none: string }) {
  const t = useTranslations("adminMeds.detail");
  if (!party) return <p className="text-sm text-slate-500">{none}</p>;
  return (
    <DetailList>
      <DetailRow label={t("party.name")}>{party.name}</DetailRow>
      <DetailRow label={t("party.document")}>
        <span className="tabular-nums">{party.cpfCnpj}</span>
      </DetailRow>
      <DetailRow label={t("party.bank")}>
        <span className="tabular-nums">
          {t("party.bankValue", { ispb: party.ispb, agency: party.agency, account: party.accountNumber })}
        </span>
      </DetailRow>
    </DetailList>
  );
}

function DetailBody({ med }: { med: AdminMedDetail }) {
  const t = useTranslations("adminMeds.detail");
  const money = useMoney();
  const dateTime = useDateTime();
  const reasonLabel = useReasonLabel();
  const now = useNow(60_000);
  const tx = med.transaction;
  return (
    <div className="space-y-6" data-testid="med-detail">
      <div className="grid gap-6 lg:grid-cols-2">
        <DetailCard title={t("med")}>
          <MedStatusRow label={t("status")} status={med.status} />
          <DetailRow label={t("creator")}>{med.pspCreatorName}</DetailRow>
          <DetailRow label={t("details")}>
            <span className="whitespace-pre-wrap">{med.details || "—"}</span>
          </DetailRow>
          <DateRow label={t("openedAt")} date={med.createdAt} />
          <DetailRow label={t("deadline")}>
            <span className="tabular-nums">{dateTime(med.defenseDeadline, "medium")}</span>
            {med.status === "under_analysis" ? (
              <span className="block text-xs">
                <DeadlineLabel deadline={med.defenseDeadline} status={med.status} now={now} />
              </span>
            ) : null}
          </DetailRow>
          <DetailRow label={t("resolvedAt")}>
            {med.resolvedAt ? <span className="tabular-nums">{dateTime(med.resolvedAt, "medium")}</span> : "—"}
          </DetailRow>
        </DetailCard>

        <DetailCard title={t("effect")} listTestId="med-effect">
          <AmountRow label={t("disputed")} cents={med.effect.disputedCents} strong />
          <AmountRow label={t("blocked")} cents={med.effect.blockedCents} testId="med-blocked" />
          <AmountRow label={t("owed")} cents={med.effect.owedCents} />
          <DetailRow label={t("refunded")}>
            <span className="tabular-nums" data-testid="med-refunded">
              {money(med.effect.refundedCents)}
            </span>
            {med.refund ? (
              <span className="ml-2">
                <StatusBadge status={med.refund.status} />
              </span>
            ) : null}
          </DetailRow>
        </DetailCard>
      </div>

      <DetailCard title={t("transaction")}>
        <DetailRow label={t("reason")}>{reasonLabel(tx.reason)}</DetailRow>
        <AmountRow label={t("gross")} cents={tx.grossCents} />
        <AmountRow label={t("fee")} cents={tx.feeCents} />
        <AmountRow label={t("net")} cents={tx.netCents} />
        <DateRow label={t("receivedAt")} date={tx.createdAt} />
        <DetailRow label={t("description")}>{tx.description || "—"}</DetailRow>
        <IdRow label={t("endToEndId")} value={tx.endToEndId} none="—" testId="med-e2e" />
        <IdRow label={t("entryId")} value={tx.entryId} none="—" testId="med-entry-id" />
        <IdRow label={t("refundEndToEndId")} value={med.refund?.endToEndId ?? null} none="—" testId="med-refund-e2e" />
        <IdRow label={t("medId")} value={med.id} none="—" testId="med-id" />
      </DetailCard>

      <div className="grid gap-6 lg:grid-cols-2">
        <TitledCard title={t("receiver")} contentClassName="space-y-4">
          <DetailList testId="med-merchant">
            <DetailRow label={t("merchantName")}>{med.merchant.name}</DetailRow>
            <DetailRow label={t("merchantEmail")}>{med.merchant.email}</DetailRow>
            <DetailRow label={t("account")}>
              <span className="tabular-nums">{med.merchant.accountId}</span>
            </DetailRow>
          </DetailList>
          <div className="border-t border-slate-100 pt-4">
            <PartyRows party={tx.receiver} none="—" />
          </div>
        </TitledCard>
        <TitledCard title={t("payer")}>
          <PartyRows party={tx.payer} none={t("unknownPayer")} />
        </TitledCard>
      </div>

      <TitledCard title={t("defense")}>
        {med.defense ? (
          <div className="space-y-5" data-testid="med-defense">
            <p className="text-sm whitespace-pre-wrap text-slate-900">{med.defense.description}</p>
            <p className="text-xs text-slate-500">
              {t("defenseAt", { when: dateTime(med.defense.createdAt, "medium") })}
            </p>
            <EvidenceList files={med.defense.files} />
          </div>
        ) : (
          <p className="text-sm text-slate-500" data-testid="med-no-defense">
            {t("noDefense")}
          </p>
        )}
      </TitledCard>

      <AnalysisPanel med={med} />
    </div>
  );
}
