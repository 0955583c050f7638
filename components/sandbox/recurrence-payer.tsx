"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldLabel, Select } from "@/components/ui/fields";
import { COBR_REJECT_CODES } from "@/server/recurrences/charges/status";
import { Outcome, OutcomeLink, SandboxCard, useSandboxError } from "./shared";

const FUNDED = "funded";

/**
 * "The payer's balance": every attempt of an active recurrence pays, or fails with a chosen code;
 * and the sandbox clock, which takes the recurrence to its next step (docs/decisions/0046).
 */
export function RecurrencePayerCard() {
  const t = useTranslations("sandbox.recurrencePayer");
  const statuses = useTranslations("recurrences.charges.statuses");
  const trpc = useTRPC();
  const id = useId();
  const explain = useSandboxError("recurrence");
  const active = useQuery(trpc.recurrences.list.queryOptions({ status: "APROVADA", limit: 100 }));
  const set = useMutation(trpc.sandbox.setRecurrencePayer.mutationOptions());
  const queryClient = useQueryClient();
  const advance = useMutation(
    trpc.sandbox.advanceRecurrence.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.recurrences.pathFilter()),
    }),
  );
  const [picked, setPicked] = useState("");
  const [outcome, setOutcome] = useState<string>(FUNDED);
  const recurrences = active.data?.recurrences ?? [];
  const idRec = picked || recurrences[0]?.idRec || "";

  return (
    <SandboxCard title={t("title")} description={t("description")} testId="sandbox-recurrence-payer">
      {active.isSuccess && recurrences.length === 0 ? (
        <p className="text-sm text-slate-600">{t("none")}</p>
      ) : (
        <div className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <FieldLabel htmlFor={`${id}-rec`}>{t("recurrence")}</FieldLabel>
              <Select id={`${id}-rec`} value={idRec} onChange={(event) => setPicked(event.target.value)}>
                {recurrences.map((r) => (
                  <option key={r.idRec} value={r.idRec}>
                    {r.debtorName} · {r.contract}
                  </option>
                ))}
              </Select>
            </div>
            <div>
              <FieldLabel htmlFor={`${id}-outcome`}>{t("outcome")}</FieldLabel>
              <Select id={`${id}-outcome`} value={outcome} onChange={(event) => setOutcome(event.target.value)}>
                <option value={FUNDED}>{t("funded")}</option>
                {COBR_REJECT_CODES.map((code) => (
                  <option key={code} value={code}>
                    {t("starved", { code })}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              loading={advance.isPending}
              disabled={!idRec || advance.isPending}
              onClick={() => advance.mutate({ idRec })}
              data-testid="sandbox-recurrence-advance"
            >
              {t("advance")}
            </Button>
            <Button
              loading={set.isPending}
              disabled={!idRec}
              onClick={() =>
                set.mutate({
                  idRec,
                  failureCode: outcome === FUNDED ? null : (outcome as (typeof COBR_REJECT_CODES)[number]),
                })
              }
              data-testid="sandbox-recurrence-payer-submit"
            >
              {t("submit")}
            </Button>
          </div>
          {set.isError ? <Alert>{explain(set.error).message}</Alert> : null}
          {advance.isError ? <Alert>{explain(advance.error).message}</Alert> : null}
          {advance.data ? (
            <Outcome
              key={`${advance.data.txId}-${advance.data.status}-${advance.data.attempts}`}
              testId="sandbox-recurrence-advance-outcome"
              links={
                <OutcomeLink href={`/recurrences/${idRec}`} testId="sandbox-recurrence-advance-link">
                  {t("view")}
                </OutcomeLink>
              }
            >
              {t("advanced", { status: statuses(advance.data.status as never) })}
            </Outcome>
          ) : null}
          {set.data ? (
            <Outcome
              key={`${set.data.idRec}-${set.data.failureCode}`}
              testId="sandbox-recurrence-payer-outcome"
              links={null}
            >
              {set.data.failureCode ? t("doneStarved", { code: set.data.failureCode }) : t("doneFunded")}
            </Outcome>
          ) : null}
        </div>
      )}
    </SandboxCard>
  );
}
