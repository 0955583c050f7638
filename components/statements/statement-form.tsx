"use client";

import { useTranslations } from "next-intl";
import type { Path } from "react-hook-form";
import { z } from "zod";
import { AccountOptions, useFirstAccount } from "@/components/balance/accounts";
import { useFormBasics } from "@/components/forms/form-basics";
import { type AnyForm, firstErrorMessage, showServiceError, useSchemaForm } from "@/components/forms/schema-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TitledCard } from "@/components/ui/card";
import { DateInput, FieldLabel, Select } from "@/components/ui/fields";
import { Skeleton } from "@/components/ui/skeleton";
import {
  COLUMN_KEYS,
  type ColumnKey,
  SECTION_KEYS,
  type SectionKey,
  STATEMENT_FORMATS,
  StatementRequestSchema,
} from "@/server/statements/schema";
import { PRESETS, presetPeriod } from "./period";

const all = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, true])) as Record<K, boolean>;

/** The chosen period (a preset, or the dates typed) read as the request's dates, then the request's own rules. */
const StatementFields = z
  .object({
    accountId: z.string(),
    preset: z.enum(PRESETS),
    custom: z.tuple([z.string(), z.string()]),
    format: z.enum(STATEMENT_FORMATS),
    options: z.object({ sections: z.record(z.string(), z.boolean()), columns: z.record(z.string(), z.boolean()) }),
  })
  .transform(({ preset, custom, ...request }) => {
    const [startDate, endDate] = preset === "custom" ? custom : presetPeriod(preset);
    return { ...request, startDate, endDate } as z.input<typeof StatementRequestSchema>;
  })
  .pipe(StatementRequestSchema);

/** The request card: account, period (presets or São Paulo dates), format, sections and columns. */
export function StatementForm() {
  const t = useTranslations("statements.form");
  const basics = useFormBasics((trpc) => trpc.statements.request.mutationOptions());
  const { locale, id, trpc, queryClient, explain, overview, accounts, mutation: requestStatement } = basics;

  const form = useSchemaForm(StatementFields, {
    defaultValues: {
      accountId: "",
      preset: "thisMonth",
      custom: presetPeriod("thisMonth"),
      format: "pdf",
      options: { sections: all(SECTION_KEYS), columns: all(COLUMN_KEYS) },
    },
    messages: {
      startDate: t("errors.rangeOrder"),
      endDate: t("errors.rangeTooLong"),
      "options.sections": t("errors.noSections"),
      "options.columns": t("errors.noColumns"),
    },
  });
  useFirstAccount(form, accounts);
  const [preset, custom, transactionTable] = form.watch(["preset", "custom", "options.sections.transactionTable"]);
  const error = firstErrorMessage(form.formState.errors);

  if (overview.isPending) return <Skeleton className="h-72 w-full" />;
  const [startDate, endDate] = preset === "custom" ? custom : presetPeriod(preset);

  const submit = form.handleSubmit(async (request) => {
    try {
      // The file is written in the language the dashboard is shown in.
      await requestStatement.mutateAsync({ ...request, locale });
      await queryClient.invalidateQueries({ queryKey: trpc.statements.list.queryKey() });
    } catch (caught) {
      showServiceError(form, explain(caught));
    }
  });

  return (
    <TitledCard title={t("title")} description={t("description")} data-testid="statement-form">
      <form className="space-y-5" onSubmit={submit} noValidate>
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <FieldLabel htmlFor={`${id}-account`}>{t("account")}</FieldLabel>
            <Select id={`${id}-account`} {...form.register("accountId")}>
              <AccountOptions accounts={accounts} />
            </Select>
          </div>
          <div>
            <FieldLabel htmlFor={`${id}-period`}>{t("period")}</FieldLabel>
            <Select id={`${id}-period`} data-testid="statement-preset" {...form.register("preset")}>
              {PRESETS.map((p) => (
                <option key={p} value={p}>
                  {t(`presets.${p}`)}
                </option>
              ))}
            </Select>
          </div>
          <fieldset>
            <legend className="mb-1.5 block text-xs font-medium text-slate-600">{t("format")}</legend>
            <div className="flex h-10 items-center gap-4 text-sm">
              {STATEMENT_FORMATS.map((f) => (
                <label key={f} className="flex items-center gap-2">
                  <input type="radio" value={f} data-testid={`statement-format-${f}`} {...form.register("format")} />
                  {f.toUpperCase()}
                </label>
              ))}
            </div>
          </fieldset>
        </div>

        {preset === "custom" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <FieldLabel htmlFor={`${id}-start`}>{t("from")}</FieldLabel>
              <DateInput
                id={`${id}-start`}
                value={custom[0]}
                onChange={(start) => form.setValue("custom", [start, custom[1]])}
              />
            </div>
            <div>
              <FieldLabel htmlFor={`${id}-end`}>{t("to")}</FieldLabel>
              <DateInput
                id={`${id}-end`}
                value={custom[1]}
                onChange={(end) => form.setValue("custom", [custom[0], end])}
              />
            </div>
          </div>
        ) : (
          <p className="text-sm text-slate-600" data-testid="statement-period">
            {t("periodRange", { start: startDate, end: endDate })}
          </p>
        )}

        <Checks
          form={form}
          group="sections"
          legend={t("sections")}
          keys={SECTION_KEYS}
          label={(k: SectionKey) => t(`sectionNames.${k}`)}
        />
        {transactionTable && (
          <Checks
            form={form}
            group="columns"
            legend={t("columns")}
            keys={COLUMN_KEYS}
            label={(k: ColumnKey) => t(`columnNames.${k}`)}
          />
        )}

        {error && (
          <Alert tone="danger" data-testid="statement-form-error">
            {error}
          </Alert>
        )}
        <div className="flex justify-end">
          <Button type="submit" loading={requestStatement.isPending} data-testid="statement-submit">
            {t("submit")}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}

function Checks<K extends string>({
  form,
  group,
  legend,
  keys,
  label,
}: {
  form: AnyForm<z.input<typeof StatementFields>>;
  group: "sections" | "columns";
  legend: string;
  keys: readonly K[];
  label: (key: K) => string;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-xs font-medium text-slate-600">{legend}</legend>
      <div className="grid gap-2 text-sm sm:grid-cols-3 lg:grid-cols-5">
        {keys.map((k) => (
          <label key={k} className="flex items-center gap-2">
            <input
              type="checkbox"
              {...form.register(`options.${group}.${k}` as Path<z.input<typeof StatementFields>>)}
            />
            {label(k)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
