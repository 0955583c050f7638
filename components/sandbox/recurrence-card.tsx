"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useDateTime } from "@/components/format/date-time";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useRecurrenceAmount } from "@/components/recurrences/recurrences-browser";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Outcome, OutcomeLink, SandboxCard, useSandboxError } from "./shared";

type Answered = { idRec: string; accepted: boolean };

/**
 * "Pix Automático as the payer": the merchant's consent requests still waiting, each accepted
 * (the recurrence is approved) or declined (AP13) as the payer would in the bank's app.
 */
export function RecurrenceCard() {
  const t = useTranslations("sandbox.recurrence");
  const periodicities = useTranslations("recurrences.periodicities");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const dateTime = useDateTime();
  const amount = useRecurrenceAmount();
  const explain = useSandboxError("recurrence");
  const [answered, setAnswered] = useState<Answered | null>(null);
  const requests = useQuery(trpc.sandbox.openRecurrenceRequests.queryOptions());
  const answer = useMutation(trpc.sandbox.answerRecurrenceRequest.mutationOptions());

  const reply = (idSolicRec: string, accept: boolean) =>
    answer.mutate(
      { idSolicRec, accept },
      {
        onSuccess: async (result) => {
          setAnswered({ idRec: result.idRec, accepted: accept });
          await Promise.all([
            queryClient.invalidateQueries(trpc.sandbox.openRecurrenceRequests.queryFilter()),
            queryClient.invalidateQueries(trpc.recurrences.pathFilter()),
          ]);
        },
      },
    );

  const open = requests.data ?? [];
  return (
    <SandboxCard title={t("title")} description={t("description")} testId="sandbox-recurrence">
      <div className="space-y-4">
        {requests.isSuccess && open.length === 0 ? <p className="text-sm text-slate-600">{t("none")}</p> : null}
        {open.length > 0 ? (
          <ul className="divide-y divide-slate-100 text-sm">
            {open.map((request) => (
              <li
                key={request.idSolicRec}
                className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
                data-testid="sandbox-recurrence-request"
              >
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {request.debtorName} · {amount(request)} · {periodicities(request.periodicity as never)}
                  </p>
                  <p className="text-xs text-slate-500">
                    {request.contract} · {t("expires", { date: dateTime(request.expiresAt, "medium") })}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={answer.isPending}
                    onClick={() => reply(request.idSolicRec, false)}
                    data-testid="sandbox-recurrence-reject"
                  >
                    {t("reject")}
                  </Button>
                  <Button
                    size="sm"
                    loading={answer.isPending && answer.variables?.idSolicRec === request.idSolicRec}
                    disabled={answer.isPending}
                    onClick={() => reply(request.idSolicRec, true)}
                    data-testid="sandbox-recurrence-accept"
                  >
                    {t("accept")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {answer.isError ? <Alert>{explain(answer.error).message}</Alert> : null}
        {answered ? (
          <Outcome
            key={answered.idRec}
            testId="sandbox-recurrence-outcome"
            links={
              <OutcomeLink href={`/recurrences/${answered.idRec}`} testId="sandbox-recurrence-link">
                {t("view")}
              </OutcomeLink>
            }
          >
            {answered.accepted ? t("accepted") : t("rejected")}
          </Outcome>
        ) : null}
      </div>
    </SandboxCard>
  );
}
