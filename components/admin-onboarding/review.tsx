"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { z } from "zod";
import { CompanyKyb } from "@/components/admin-kyb/company";
import { ProposalStatusBadge } from "@/components/baas/status";
import { useCalendarDate, useDateTime } from "@/components/format/date-time";
import { formatDocument, formatZipCode } from "@/components/forms/document";
import { FormField, useSchemaForm } from "@/components/forms/schema-form";
import { errorData, isMissing } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { BackButtonLink, Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DetailRow } from "@/components/ui/detail-list";
import { DetailStates } from "@/components/ui/detail-states";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/fields";
import { CheckIcon, CloseIcon, FileTextIcon } from "@/components/ui/icons";
import { LoadingState } from "@/components/ui/list-states";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import {
  DOCUMENT_TYPES,
  type KycDocumentType,
  MAX_REJECTION_REASON,
  RejectionReason,
} from "@/server/onboarding/schema";
import type { AdminProposalDetail } from "@/server/trpc/routers/onboarding";

const RejectForm = z.object({ reason: RejectionReason });

/** One proposal for an administrator: the data (document whole), the files inline, the decision. */
export function ProposalReview({ userId }: { userId: string }) {
  const t = useTranslations("adminOnboarding.review");
  const trpc = useTRPC();
  const detail = useQuery(trpc.onboarding.detail.queryOptions({ userId }, { retry: (n, e) => !isMissing(e) && n < 2 }));

  return (
    <div className="space-y-6 sm:space-y-8" data-testid="proposal-review">
      <BackButtonLink href="/admin/onboarding">{t("back")}</BackButtonLink>
      <DetailStates
        query={detail}
        loading={
          <LoadingState label={t("loading")} className="space-y-4">
            <Skeleton className="h-8 w-64" />
            <Skeleton className="h-64 w-full" />
          </LoadingState>
        }
        notFound={{ title: t("missing.title"), body: t("missing.body") }}
        error={{ title: t("error.title"), body: t("error.body") }}
      >
        {(data) => <Loaded proposal={data} />}
      </DetailStates>
    </div>
  );
}

function Loaded({ proposal }: { proposal: AdminProposalDetail }) {
  const t = useTranslations("adminOnboarding.review");
  const dateTime = useDateTime();
  const calendarDate = useCalendarDate();
  const address = proposal.address;
  return (
    <>
      <PageHeader
        title={proposal.name}
        description={<span className="font-mono text-xs">{proposal.userId}</span>}
        actions={<ProposalStatusBadge status={proposal.status} />}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card className="p-5">
          <h2 className="mb-4 text-base font-semibold text-slate-900">{t("data")}</h2>
          <dl className="divide-y divide-slate-100 text-sm">
            <DetailRow label={t("fields.personType")}>{t(`personTypes.${proposal.personType}`)}</DetailRow>
            <DetailRow label={t("fields.document")}>
              <span className="font-mono" data-testid="proposal-document">
                {formatDocument(proposal.document)}
              </span>
            </DetailRow>
            <DetailRow label={t("fields.email")}>{proposal.email}</DetailRow>
            <DetailRow label={t("fields.phone")}>{proposal.phone}</DetailRow>
            {proposal.birthDate ? (
              <DetailRow label={t("fields.birthDate")}>
                <span className="tabular-nums" data-testid="proposal-birth-date">
                  {calendarDate(proposal.birthDate)}
                </span>
              </DetailRow>
            ) : null}
            {address ? (
              <DetailRow label={t("fields.address")}>
                {[address.street, address.number, address.complement, address.district].filter(Boolean).join(", ")}
                <br />
                {address.city} / {address.state} ·{" "}
                <span className="tabular-nums" data-testid="proposal-zip-code">
                  {formatZipCode(address.zipCode ?? "")}
                </span>
              </DetailRow>
            ) : null}
            <DetailRow label={t("fields.owner")}>
              {proposal.ownerName ?? "—"} {proposal.ownerEmail ? `(${proposal.ownerEmail})` : ""}
            </DetailRow>
            <DetailRow label={t("fields.created")}>{dateTime(proposal.timeline.createdAt)}</DetailRow>
            <DetailRow label={t("fields.emailVerified")}>
              {proposal.timeline.emailVerifiedAt ? dateTime(proposal.timeline.emailVerifiedAt) : t("notYet")}
            </DetailRow>
            <DetailRow label={t("fields.submitted")}>
              {proposal.timeline.submittedAt ? dateTime(proposal.timeline.submittedAt) : t("notYet")}
            </DetailRow>
            {proposal.timeline.decidedAt ? (
              <DetailRow label={t("fields.decided")}>
                {dateTime(proposal.timeline.decidedAt)} · {proposal.decidedBy}
              </DetailRow>
            ) : null}
            {proposal.accountId ? (
              <DetailRow label={t("fields.account")}>
                <span className="font-mono" data-testid="proposal-account">
                  {proposal.accountId}
                </span>
              </DetailRow>
            ) : null}
            {proposal.rejectionReason ? (
              <DetailRow label={t("fields.reason")}>{proposal.rejectionReason}</DetailRow>
            ) : null}
          </dl>
        </Card>
        <div className="self-start">
          <Decision proposal={proposal} />
        </div>
      </div>
      {proposal.personType === "company" ? <CompanyKyb userId={proposal.userId} /> : null}
      <Files proposal={proposal} />
    </>
  );
}

function Files({ proposal }: { proposal: AdminProposalDetail }) {
  const t = useTranslations("adminOnboarding.review");
  const types = useTranslations("adminOnboarding.review.documentTypes");
  // a type the platform no longer takes shows its code rather than nothing
  const documentTypeLabel = (type: string) =>
    (DOCUMENT_TYPES as readonly string[]).includes(type) ? types(type as KycDocumentType) : type;
  if (proposal.files.length === 0) {
    return (
      <Card className="p-5 text-sm text-slate-600" data-testid="proposal-files-empty">
        {t("noFiles")}
      </Card>
    );
  }
  return (
    <section className="space-y-3" aria-label={t("files")}>
      <h2 className="text-base font-semibold text-slate-900">{t("files")}</h2>
      <div className="grid gap-4 md:grid-cols-2">
        {proposal.files.map((file) => {
          const src = `/api/onboarding/files/${file.id}`;
          const label = `${documentTypeLabel(file.documentType)} · ${t(`sides.${file.side as "documentFront"}`)}`;
          return (
            <Card key={file.id} className="overflow-hidden" data-testid="proposal-file">
              <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-2.5 text-sm">
                <span className="font-medium text-slate-800">{label}</span>
                <a href={src} target="_blank" rel="noreferrer" className="text-emerald-800 hover:underline">
                  {t("open")}
                </a>
              </div>
              {file.contentType === "application/pdf" ? (
                <iframe src={src} title={label} className="h-96 w-full bg-slate-50" />
              ) : (
                // biome-ignore lint/performance/noImgElement: a private, decrypted file; next/image would cache it
                <img src={src} alt={label} className="max-h-96 w-full bg-slate-50 object-contain" />
              )}
            </Card>
          );
        })}
      </div>
    </section>
  );
}

function Decision({ proposal }: { proposal: AdminProposalDetail }) {
  const t = useTranslations("adminOnboarding.review");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<"approve" | "reject" | null>(null);
  const form = useSchemaForm(RejectForm, {
    defaultValues: { reason: "" },
    messages: { reason: { required: t("reasonRequired") } },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.onboarding.pathKey() });
  const approve = useMutation(trpc.onboarding.approve.mutationOptions({ onSuccess: refresh }));
  const reject = useMutation(trpc.onboarding.reject.mutationOptions({ onSuccess: refresh }));
  const open = proposal.status !== "APPROVED" && proposal.status !== "REJECTED";
  const errorOf = (error: unknown) => {
    if (!error) return null;
    return errorData(error)?.code === "CONFLICT" ? t("errors.conflict") : t("errors.generic");
  };
  const close = () => {
    setDialog(null);
    approve.reset();
    reject.reset();
  };

  return (
    <Card className="p-5" data-testid="proposal-decision">
      <h2 className="text-base font-semibold text-slate-900">{t("decision")}</h2>
      {open ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {proposal.status === "UNDER_REVIEW" ? t("decisionHelp") : t("notReady")}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button
              onClick={() => setDialog("approve")}
              disabled={proposal.status !== "UNDER_REVIEW"}
              data-testid="proposal-approve"
            >
              <CheckIcon className="size-4" />
              {t("approve")}
            </Button>
            <Button variant="secondary" onClick={() => setDialog("reject")} data-testid="proposal-reject">
              <CloseIcon className="size-4" />
              {t("reject")}
            </Button>
          </div>
        </>
      ) : (
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
          <FileTextIcon className="size-4" />
          {t(proposal.status === "APPROVED" ? "approvedNote" : "rejectedNote")}
        </p>
      )}

      <ConfirmDialog
        open={dialog === "approve"}
        onClose={close}
        onConfirm={() => approve.mutate({ userId: proposal.userId }, { onSuccess: close })}
        title={t("approveTitle")}
        confirmLabel={t("approve")}
        pending={approve.isPending}
        error={errorOf(approve.error)}
        tone="primary"
        testId="approve"
      >
        <p className="text-sm text-slate-600">{t("approveBody", { name: proposal.name })}</p>
      </ConfirmDialog>

      <ConfirmDialog
        open={dialog === "reject"}
        onClose={close}
        onConfirm={form.handleSubmit(({ reason }) =>
          reject.mutate({ userId: proposal.userId, reason }, { onSuccess: close }),
        )}
        title={t("rejectTitle")}
        confirmLabel={t("reject")}
        pending={reject.isPending}
        error={errorOf(reject.error)}
        testId="reject"
      >
        <FormField form={form} name="reason" label={t("reason")} hint={t("reasonHint", { max: MAX_REJECTION_REASON })}>
          {(control) => (
            <Textarea
              {...control}
              className="font-sans break-normal"
              maxLength={MAX_REJECTION_REASON}
              data-testid="reject-reason"
            />
          )}
        </FormField>
      </ConfirmDialog>
    </Card>
  );
}
