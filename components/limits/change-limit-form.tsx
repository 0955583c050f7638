"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { z } from "zod";
import { useDateTime } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { localeNumberText } from "@/components/forms/amount";
import { AmountInput } from "@/components/forms/amount-input";
import { FormAlert, FormField, SelectField, showServiceError, useSchemaForm } from "@/components/forms/schema-form";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { TitledCard } from "@/components/ui/card";
import { CheckIcon } from "@/components/ui/icons";
import { LIMIT_FIELDS, LimitAmount } from "@/server/limits/schema";
import { centsToBrl } from "@/server/money";
import { LIMIT_KINDS, type LimitChangeRow, type LimitsData, type PixLimitKind } from "./types";

const limitForm = (locale: string) =>
  z.object({ kind: z.enum(LIMIT_KINDS), amount: localeNumberText(locale).pipe(LimitAmount) });

/** The amount typed, in centavos, or null while it is not one. */
function typedCents(raw: string, locale: string): bigint | null {
  const parsed = limitForm(locale).shape.amount.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Lower a limit (at once) or ask to raise it (24 h; above the threshold, after an operator's approval). */
export function ChangeLimitForm({ data }: { data: LimitsData }) {
  const t = useTranslations("limits");
  const amountWords = useTranslations("money");
  const locale = useLocale();
  const money = useMoney();
  const dateTime = useDateTime();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  const [outcome, setOutcome] = useState<string | null>(null);
  const schema = useMemo(() => limitForm(locale), [locale]);
  const form = useSchemaForm(schema, {
    defaultValues: { kind: "per_transaction", amount: "" },
    messages: { amount: { invalid: t("form.amountInvalid") } },
  });
  const change = useMutation(trpc.limits.change.mutationOptions());

  const kind = form.watch("kind") as PixLimitKind;
  const cents = typedCents(form.watch("amount") ?? "", locale);
  const inForce = data.limits[kind];
  const raise = cents !== null && cents > inForce;
  const threshold = money(data.raiseApprovalCents);
  const inForceAt = new Date(Date.now() + data.raiseDelayMs);
  const note =
    cents === null
      ? null
      : !raise
        ? t("form.lowerNote")
        : cents > data.raiseApprovalCents
          ? t("form.approvalNote", { threshold })
          : t("form.raiseNote", { date: dateTime(inForceAt) });

  const said = (made: LimitChangeRow) => {
    const values = {
      kind: t(`kindNames.${made.kind}`),
      amount: money(made.amountCents),
      date: dateTime(made.effectiveAt),
    };
    if (made.status === "applied") return t("form.lowered", values);
    return made.status === "pending" ? t("form.pending", values) : t("form.scheduled", values);
  };

  const onSubmit = form.handleSubmit(({ kind: chosen, amount }) => {
    setOutcome(null);
    change.mutate(
      { accountId: data.accountId, [LIMIT_FIELDS[chosen]]: centsToBrl(amount) },
      {
        onSuccess: ({ made, limits }) => {
          queryClient.setQueryData(trpc.limits.view.queryKey({ accountId: data.accountId }), limits);
          void queryClient.invalidateQueries(trpc.limits.pathFilter());
          const [first] = made;
          if (first) setOutcome(said(first));
          form.reset({ kind: chosen, amount: "" });
        },
        onError: (error) =>
          showServiceError(
            form,
            explain(error),
            Object.fromEntries(Object.values(LIMIT_FIELDS).map((f) => [f, "amount"])),
          ),
      },
    );
  });

  return (
    <TitledCard
      title={t("form.title")}
      description={t("form.description", { threshold })}
      data-testid="limit-change"
      contentClassName="space-y-4"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="limit-change-form">
        <FormAlert form={form} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            form={form}
            name="kind"
            label={t("form.kind")}
            hint={t("form.current", { amount: money(inForce) })}
          >
            {LIMIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </SelectField>
          <FormField form={form} name="amount" label={t("form.amount")} hint={t("form.replaces")}>
            {(control) => <AmountInput {...control} placeholder={amountWords("placeholder")} />}
          </FormField>
        </div>
        {note ? (
          <p className="text-sm text-slate-700" data-testid="limit-change-note" aria-live="polite">
            {note}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" loading={change.isPending} data-testid="limit-change-submit">
            {raise ? t("form.raise") : t("form.lower")}
          </Button>
        </div>
      </form>
      {outcome ? (
        <p role="status" className="flex items-start gap-2 text-sm text-emerald-800" data-testid="limit-change-outcome">
          <CheckIcon className="mt-0.5 size-4 shrink-0" />
          {outcome}
        </p>
      ) : null}
    </TitledCard>
  );
}
