"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { z } from "zod";
import { useDateTime } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { FormField, useSchemaForm } from "@/components/forms/schema-form";
import { errorData } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/fields";
import { MAX_REFUSAL_REASON, RaiseRefusalReason } from "@/server/limits/decision";
import type { Decision } from "./types";

const ReasonForm = z.object({ reason: RaiseRefusalReason });

const ERROR_KEYS = { CONFLICT: "conflict", NOT_FOUND: "notFound", BAD_REQUEST: "invalid" } as const;

/**
 * "Approve the raise?" or "Refuse the raise?" (with the reason the audit log keeps) for the raise
 * `decision` names. On success, or when the raise was decided or replaced meanwhile, the queue and
 * the account's limits are fetched again.
 */
export function RaiseDecision({
  decision,
  onClose,
  onDone,
}: {
  decision: Decision | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const t = useTranslations("adminLimits");
  const kinds = useTranslations("adminLimits.kinds");
  const money = useMoney();
  const dateTime = useDateTime();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSchemaForm(ReasonForm, {
    defaultValues: { reason: "" },
    messages: { reason: { required: t("refuse.reasonTooShort") } },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adminLimits.pathKey() });
  const onError = (error: unknown) => {
    const code = errorData(error)?.code;
    if (code === "CONFLICT" || code === "NOT_FOUND") void refresh();
  };
  const approve = useMutation(trpc.adminLimits.approve.mutationOptions({ onError }));
  const refuse = useMutation(trpc.adminLimits.refuse.mutationOptions({ onError }));
  const mutation = decision?.action === "refuse" ? refuse : approve;

  const raise = decision?.raise;
  const values = raise
    ? {
        limitName: kinds(raise.kind),
        account: raise.accountId,
        merchant: raise.account.name,
        from: money(raise.previousCents),
        to: money(raise.amountCents),
        date: dateTime(raise.effectiveAt),
      }
    : null;

  const code = mutation.isError ? errorData(mutation.error)?.code : null;
  const serviceError = mutation.isError
    ? t(`errors.${ERROR_KEYS[code as keyof typeof ERROR_KEYS] ?? "generic"}`, { max: MAX_REFUSAL_REASON })
    : null;

  function close() {
    approve.reset();
    refuse.reset();
    form.reset();
    onClose();
  }

  function confirm() {
    if (!raise || !values) return;
    if (decision?.action === "approve") {
      approve.mutate(
        { id: raise.id },
        {
          onSuccess: async (decided) => {
            await refresh();
            onDone(t("approve.done", { ...values, date: dateTime(decided.effectiveAt) }));
          },
        },
      );
      return;
    }
    void form.handleSubmit(({ reason }) =>
      refuse.mutate(
        { id: raise.id, reason },
        {
          onSuccess: async () => {
            await refresh();
            form.reset();
            onDone(t("refuse.done", values));
          },
        },
      ),
    )();
  }

  const refusing = decision?.action === "refuse";
  return (
    <ConfirmDialog
      open={decision !== null}
      onClose={close}
      onConfirm={confirm}
      title={t(refusing ? "refuse.title" : "approve.title")}
      confirmLabel={t(refusing ? "refuse.confirm" : "approve.confirm")}
      pending={mutation.isPending}
      error={serviceError}
      tone={refusing ? "danger" : "primary"}
      testId="limit-decision"
    >
      {values ? (
        <p className="text-sm text-slate-600" data-testid="limit-decision-body">
          {t(refusing ? "refuse.body" : "approve.body", values)}
        </p>
      ) : null}
      {refusing ? (
        <FormField
          form={form}
          name="reason"
          label={t("refuse.reason")}
          hint={t("refuse.reasonHint", { max: MAX_REFUSAL_REASON })}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={MAX_REFUSAL_REASON}
              className="font-sans break-normal"
              data-testid="limit-refusal-reason"
            />
          )}
        </FormField>
      ) : null}
    </ConfirmDialog>
  );
}
