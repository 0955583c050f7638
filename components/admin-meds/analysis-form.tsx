"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { z } from "zod";
import { useDateTime } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { FormField, useSchemaForm } from "@/components/forms/schema-form";
import { errorData, useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TitledCard } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/fields";
import { CheckIcon, CloseIcon } from "@/components/ui/icons";
import { LegalConsiderations, MAX_LEGAL_CONSIDERATIONS } from "@/server/meds/schema";
import type { AdminMedDetail } from "@/server/trpc/routers/admin-meds";

const AnalysisText = z.object({ considerations: LegalConsiderations });

/** A refusal in the admin's language: the MED's own cases by code, anything else generic. */
function useMedError() {
  const t = useTranslations("adminMeds.errors");
  const explain = useServiceError();
  return (error: unknown): string => {
    const data = errorData(error);
    if (data?.reason) return explain(error).message;
    if (data?.code === "CONFLICT") return t("alreadyResolved");
    if (data?.code === "NOT_FOUND") return t("notFound");
    if (data?.code === "FORBIDDEN") return t("forbidden");
    if (data?.zodError) return explain(error).message;
    return t("generic");
  };
}

/** The analyst's considerations and the decision; read-only once the MED is resolved. */
export function AnalysisPanel({ med }: { med: AdminMedDetail }) {
  const t = useTranslations("adminMeds.analysis");
  const dateTime = useDateTime();
  const open = med.status === "under_analysis";
  // one text: saved as a draft, and sent with the decision (required then)
  const form = useSchemaForm(AnalysisText, {
    defaultValues: { considerations: med.legalAnalysis?.considerations ?? "" },
    messages: { considerations: { required: t("required") } },
  });
  return (
    <TitledCard
      title={t("title")}
      description={open ? t("description") : t("closed")}
      contentClassName="space-y-6"
      data-testid="med-analysis"
    >
      {med.legalAnalysis ? (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid="med-analysis-saved">
          <p className="text-sm whitespace-pre-wrap text-slate-900">{med.legalAnalysis.considerations}</p>
          <p className="mt-2 text-xs text-slate-500">
            {t("savedBy", { who: med.legalAnalysis.createdBy, when: dateTime(med.legalAnalysis.createdAt) })}
          </p>
        </div>
      ) : !open ? (
        <p className="text-sm text-slate-500">{t("none")}</p>
      ) : null}
      {open ? (
        <>
          <ConsiderationsForm med={med} form={form} />
          <Decision med={med} form={form} />
        </>
      ) : null}
    </TitledCard>
  );
}

function useRefresh(id: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (data: AdminMedDetail) => {
    queryClient.setQueryData(trpc.adminMeds.get.queryKey({ id }), data);
    void queryClient.invalidateQueries(trpc.adminMeds.list.pathFilter());
  };
}

type AnalysisForm = ReturnType<typeof useSchemaForm<typeof AnalysisText>>;

function ConsiderationsForm({ med, form }: { med: AdminMedDetail; form: AnalysisForm }) {
  const t = useTranslations("adminMeds.analysis");
  const trpc = useTRPC();
  const refresh = useRefresh(med.id);
  const explain = useMedError();
  const save = useMutation(trpc.adminMeds.saveAnalysis.mutationOptions());
  const [saved, setSaved] = useState(false);

  const onSubmit = form.handleSubmit(({ considerations }) => {
    setSaved(false);
    save.mutate(
      { id: med.id, considerations },
      {
        onSuccess: (data) => {
          refresh(data);
          setSaved(true);
        },
        onError: (cause) => form.setError("considerations", { message: explain(cause) }),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      <FormField
        form={form}
        name="considerations"
        label={t("label")}
        hint={t("hint", { max: MAX_LEGAL_CONSIDERATIONS })}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            maxLength={MAX_LEGAL_CONSIDERATIONS}
            className="font-sans break-normal"
            data-testid="med-considerations"
          />
        )}
      </FormField>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="secondary" loading={save.isPending} data-testid="med-analysis-save">
          {med.legalAnalysis ? t("update") : t("save")}
        </Button>
        {saved ? (
          <output className="text-sm text-emerald-700" data-testid="med-analysis-ok">
            {t("saved")}
          </output>
        ) : null}
      </div>
    </form>
  );
}

/** While the merchant can still defend: no defense in and the deadline not passed. */
const defensePending = (med: AdminMedDetail, now: number) => !med.defense && med.defenseDeadline.getTime() > now;

function Decision({ med, form }: { med: AdminMedDetail; form: AnalysisForm }) {
  const t = useTranslations("adminMeds.decision");
  const money = useMoney();
  const dateTime = useDateTime();
  const trpc = useTRPC();
  const refresh = useRefresh(med.id);
  const explain = useMedError();
  const resolve = useMutation(trpc.adminMeds.resolve.mutationOptions());
  const [choice, setChoice] = useState<"accepted" | "rejected" | null>(null);
  const [early, setEarly] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // the analysis goes with the decision: it must be written before the confirm step opens
  async function choose(status: "accepted" | "rejected") {
    setError(null);
    if (!(await form.trigger("considerations", { shouldFocus: true }))) return;
    setEarly(defensePending(med, Date.now()));
    setChoice(status);
  }

  function confirm() {
    if (!choice) return;
    resolve.mutate(
      { id: med.id, status: choice, analysis: form.getValues("considerations"), confirmEarly: early },
      {
        onSuccess: (data) => {
          refresh(data);
          setChoice(null);
        },
        onError: (cause) => {
          // the server knows better (a defense or the deadline arrived meanwhile): show the warning
          if (errorData(cause)?.reason === "MED_DEFENSE_PENDING") setEarly(true);
          setError(explain(cause));
        },
      },
    );
  }

  const title = choice === "accepted" ? t("confirmAcceptTitle") : t("confirmRejectTitle");
  return (
    <div className="space-y-3 border-t border-slate-100 pt-5">
      <h3 className="text-sm font-semibold text-slate-900">{t("title")}</h3>
      <p className="text-sm text-slate-600">{t("description")}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="danger" onClick={() => void choose("accepted")} data-testid="med-accept">
          <CheckIcon className="size-4" />
          {t("accept")}
        </Button>
        <Button variant="secondary" onClick={() => void choose("rejected")} data-testid="med-reject">
          <CloseIcon className="size-4" />
          {t("reject")}
        </Button>
      </div>
      <ConfirmDialog
        open={choice !== null}
        onClose={() => setChoice(null)}
        onConfirm={confirm}
        title={title}
        confirmLabel={early ? t("confirmEarly") : choice === "accepted" ? t("confirmAccept") : t("confirmReject")}
        pending={resolve.isPending}
        error={error}
        tone={choice === "accepted" ? "danger" : "primary"}
        testId="med-decision"
      >
        {early ? (
          <Alert tone="warning" data-testid="med-early-warning">
            <p className="font-medium">{t("earlyTitle")}</p>
            <p>{t("earlyBody", { deadline: dateTime(med.defenseDeadline, "medium") })}</p>
          </Alert>
        ) : null}
        <p className="text-sm text-slate-600">
          {choice === "accepted"
            ? t("confirmAcceptBody", { amount: money(med.effect.blockedCents), merchant: med.merchant.name })
            : t("confirmRejectBody", { amount: money(med.effect.blockedCents), merchant: med.merchant.name })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
