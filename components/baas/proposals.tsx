"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { parseAsStringLiteral } from "nuqs";
import { useId } from "react";
import { useDateTime } from "@/components/format/date-time";
import { StatusFilter } from "@/components/lists/filter-select";
import { useListState } from "@/components/lists/list-state";
import { ResourceList } from "@/components/lists/resource-list";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Card } from "@/components/ui/card";
import { CheckIcon, UserPlusIcon } from "@/components/ui/icons";
import { SectionHeader } from "@/components/ui/section-header";
import { ONBOARDING_STATUSES } from "@/server/onboarding/schema";
import type { OwnerProposal } from "@/server/trpc/routers/onboarding";
import { ProposalStatusBadge } from "./status";

const FILTERS = { status: parseAsStringLiteral(ONBOARDING_STATUSES) };

/**
 * "Programa de contas": the owner's onboarding proposals with their status and timeline. Its own
 * section, so the page can hold the programme's accounts and keys beside it.
 */
export function BaasProposals() {
  const t = useTranslations("baasProposals");
  const statusLabels = useTranslations("onboardingStatus");
  const trpc = useTRPC();
  const id = useId();
  const state = useListState(FILTERS);
  const status = state.filters.status ?? undefined;
  const list = useQuery(
    trpc.onboarding.mine.queryOptions({ status, ...state.paging }, { placeholderData: keepPreviousData }),
  );

  return (
    <section className="space-y-4" aria-labelledby={`${id}-title`} data-testid="baas-proposals">
      <SectionHeader
        titleId={`${id}-title`}
        title={t("title")}
        description={t("description")}
        action={
          <StatusFilter
            state={state}
            statuses={ONBOARDING_STATUSES}
            labelOf={statusLabels}
            messages={t}
            className="sm:w-60"
          />
        }
      />

      <ResourceList testId="baas-proposals" query={list} state={state} messages={t} icon={UserPlusIcon}>
        {(data) => (
          <ul className="space-y-3">
            {data.proposals.map((proposal) => (
              <li key={proposal.userId}>
                <ProposalCard proposal={proposal} />
              </li>
            ))}
          </ul>
        )}
      </ResourceList>
    </section>
  );
}

function ProposalCard({ proposal }: { proposal: OwnerProposal }) {
  const t = useTranslations("baasProposals");
  return (
    <Card className="p-4 sm:p-5" data-testid="baas-proposal" data-user-id={proposal.userId}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{proposal.name}</p>
          <p className="mt-0.5 text-sm text-slate-600">
            {t(`personType.${proposal.personType}`)} · <span className="font-mono text-xs">{proposal.document}</span> ·{" "}
            {proposal.email}
          </p>
          <p className="mt-1 font-mono text-xs text-slate-500">{proposal.userId}</p>
        </div>
        <div className="flex shrink-0 flex-col items-start gap-1 sm:items-end">
          <ProposalStatusBadge status={proposal.status} />
          {proposal.accountId ? (
            <p className="text-sm text-slate-700" data-testid="proposal-account">
              {t("account")} <span className="font-mono">{proposal.accountId}</span>
            </p>
          ) : null}
        </div>
      </div>
      {proposal.rejectionReason ? (
        <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {t("reason")}: {proposal.rejectionReason}
        </p>
      ) : null}
      <Timeline proposal={proposal} />
    </Card>
  );
}

/** Created → e-mail verified → documents complete → decided; steps not reached stay grey. */
function Timeline({ proposal }: { proposal: OwnerProposal }) {
  const t = useTranslations("baasProposals.timeline");
  const sides = useTranslations("baasProposals.sides");
  const dateTime = useDateTime();
  const { timeline } = proposal;
  const decided =
    proposal.status === "APPROVED" ? "approved" : proposal.status === "REJECTED" ? "rejected" : "decision";
  const documents = proposal.documents.flatMap((d) =>
    d.files.map((file) => `${d.documentType} · ${sides(file as "selfie")}`),
  );
  const steps = [
    { key: "created", at: timeline.createdAt },
    { key: "emailVerified", at: timeline.emailVerifiedAt },
    { key: "documents", at: timeline.submittedAt, detail: documents.length ? documents.join(", ") : null },
    { key: decided, at: timeline.decidedAt },
  ] as const;
  return (
    <ol className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-4" data-testid="proposal-timeline">
      {steps.map((step) => (
        <li key={step.key} className="flex items-start gap-2.5 text-sm">
          <span
            className={
              step.at
                ? "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700"
                : "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border border-slate-300"
            }
          >
            {step.at ? <CheckIcon className="size-3.5" /> : null}
          </span>
          <div className="min-w-0">
            <p className={step.at ? "font-medium text-slate-900" : "text-slate-500"}>{t(step.key)}</p>
            <p className="text-xs text-slate-500">{step.at ? dateTime(step.at) : t("pending")}</p>
            {"detail" in step && step.detail ? <p className="mt-0.5 text-xs text-slate-500">{step.detail}</p> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
