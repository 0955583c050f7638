"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useDateTime } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { formatDocument } from "@/components/forms/document";
import { DateCell, Stacked } from "@/components/lists/data-table";
import { ListRows } from "@/components/lists/list-rows";
import { CollectionStates } from "@/components/lists/resource-list";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { CheckIcon, CloseIcon, LockIcon } from "@/components/ui/icons";
import { SectionHeader } from "@/components/ui/section-header";
import { RaiseDecision } from "./raise-decision";
import type { Decision, PendingRaise } from "./types";

/**
 * The raises waiting for an operator, oldest first: who asked, which limit, from and to, when,
 * and from when it would be in force; each with Aprovar / Recusar (a confirmation, a reason on
 * refusal). A decided raise leaves the list.
 */
export function RaiseQueue() {
  const t = useTranslations("adminLimits.queue");
  const trpc = useTRPC();
  const id = useId();
  const list = useQuery(trpc.adminLimits.pending.queryOptions());
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <section className="space-y-4" aria-labelledby={`${id}-title`} data-testid="limit-raises">
      <SectionHeader titleId={`${id}-title`} title={t("title")} description={t("description")} />
      {notice ? (
        <p role="status" className="flex items-center gap-2 text-sm text-emerald-900" data-testid="limit-raise-notice">
          <CheckIcon className="size-4 shrink-0" />
          {notice}
        </p>
      ) : null}
      <CollectionStates testId="limit-raises" query={list} messages={t} icon={LockIcon}>
        {(raises) => (
          <div className="space-y-3">
            <p className="text-sm text-slate-600" data-testid="limit-raises-total">
              {t("count", { total: raises.length })}
            </p>
            <RaiseRows
              raises={raises}
              onDecide={(decision) => {
                setNotice(null);
                setDeciding(decision);
              }}
            />
          </div>
        )}
      </CollectionStates>
      <RaiseDecision
        decision={deciding}
        onClose={() => setDeciding(null)}
        onDone={(message) => {
          setDeciding(null);
          setNotice(message);
        }}
      />
    </section>
  );
}

function RaiseRows({ raises, onDecide }: { raises: PendingRaise[]; onDecide: (decision: Decision) => void }) {
  const t = useTranslations("adminLimits.queue");
  const kinds = useTranslations("adminLimits.kinds");
  const money = useMoney();
  const dateTime = useDateTime();
  const change = (raise: PendingRaise) =>
    t("change", { from: money(raise.previousCents), to: money(raise.amountCents) });
  const actions = (raise: PendingRaise) => {
    const names = { limitName: kinds(raise.kind), account: raise.accountId };
    return (
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={() => onDecide({ raise, action: "approve" })}
          aria-label={t("approveLabel", names)}
          data-testid="limit-raise-approve"
        >
          <CheckIcon className="size-4" />
          {t("approve")}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onDecide({ raise, action: "refuse" })}
          aria-label={t("refuseLabel", names)}
          data-testid="limit-raise-refuse"
        >
          <CloseIcon className="size-4" />
          {t("refuse")}
        </Button>
      </div>
    );
  };

  return (
    <ListRows
      rows={raises}
      rowKey={(raise) => raise.id}
      caption={t("caption")}
      testId="limit-raise"
      fixed={false}
      columns={[
        {
          header: t("columns.merchant"),
          cell: (raise) => (
            <Stacked
              main={<span className="font-medium text-slate-900">{raise.account.name}</span>}
              sub={formatDocument(raise.account.document)}
            />
          ),
        },
        {
          header: t("columns.account"),
          cellClassName: "font-mono text-xs",
          cell: (raise) => raise.accountId,
          testId: "limit-raise-account",
        },
        { header: t("columns.limit"), cell: (raise) => kinds(raise.kind), testId: "limit-raise-kind" },
        {
          header: t("columns.change"),
          cellClassName: "whitespace-nowrap tabular-nums",
          cell: change,
          testId: "limit-raise-change",
        },
        {
          header: t("columns.requestedAt"),
          cell: (raise) => (
            <>
              <DateCell date={raise.requestedAt} />
              <span className="block truncate text-xs text-slate-500">
                {t("requestedBy", { who: raise.requestedBy })}
              </span>
            </>
          ),
        },
        {
          header: t("columns.effectiveAt"),
          cell: (raise) => <DateCell date={raise.effectiveAt} />,
          testId: "limit-raise-effective",
        },
        { header: t("columns.actions"), cell: actions },
      ]}
      card={(raise) => ({
        title: raise.account.name,
        subtitle: `${raise.accountId} · ${kinds(raise.kind)}`,
        amount: change(raise),
        note: t("cardNote", { date: dateTime(raise.effectiveAt) }),
        children: <div className="mt-3">{actions(raise)}</div>,
      })}
    />
  );
}
