"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
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
import { PRESETS, type Preset, presetPeriod } from "./period";

type IssueMessage = "rangeOrder" | "rangeTooLong" | "noSections" | "noColumns" | "invalid";
const ISSUE_MESSAGES: Record<string, IssueMessage> = {
  startDate: "rangeOrder",
  endDate: "rangeTooLong",
  "options.sections": "noSections",
  "options.columns": "noColumns",
};

const all = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, true])) as Record<K, boolean>;

/** The request card: account, period (presets or São Paulo dates), format, sections and columns. */
export function StatementForm() {
  const t = useTranslations("statements.form");
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  const overview = useQuery(trpc.account.overview.queryOptions());
  const request = useMutation(trpc.statements.request.mutationOptions());

  const [accountId, setAccountId] = useState<string | null>(null);
  const [preset, setPreset] = useState<Preset>("thisMonth");
  const [custom, setCustom] = useState<[string, string]>(() => presetPeriod("thisMonth"));
  const [format, setFormat] = useState<"pdf" | "csv">("pdf");
  const [sections, setSections] = useState(() => all(SECTION_KEYS));
  const [columns, setColumns] = useState(() => all(COLUMN_KEYS));
  const [error, setError] = useState<string | null>(null);

  if (overview.isPending) return <Skeleton className="h-72 w-full" />;
  const accounts = overview.data?.accounts ?? [];
  const account = accountId ?? accounts[0]?.accountId ?? "";
  const [startDate, endDate] = preset === "custom" ? custom : presetPeriod(preset);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = StatementRequestSchema.safeParse({
      accountId: account,
      startDate,
      endDate,
      format,
      options: { sections, columns },
    });
    if (!parsed.success) {
      const path = parsed.error.issues[0]?.path.join(".") ?? "";
      setError(t(`errors.${ISSUE_MESSAGES[path] ?? "invalid"}`));
      return;
    }
    try {
      await request.mutateAsync(parsed.data);
      await queryClient.invalidateQueries({ queryKey: trpc.statements.list.queryKey() });
    } catch (caught) {
      setError(explain(caught).message);
    }
  }

  return (
    <Card data-testid="statement-form">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-5" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-3">
            <div>
              <FieldLabel htmlFor={`${id}-account`}>{t("account")}</FieldLabel>
              <Select id={`${id}-account`} value={account} onChange={(e) => setAccountId(e.target.value)}>
                {accounts.map((a) => (
                  <option key={a.accountId} value={a.accountId}>
                    {a.accountId} · {a.name}
                  </option>
                ))}
              </Select>
            </div>
            <div>
              <FieldLabel htmlFor={`${id}-period`}>{t("period")}</FieldLabel>
              <Select
                id={`${id}-period`}
                data-testid="statement-preset"
                value={preset}
                onChange={(e) => setPreset(e.target.value as Preset)}
              >
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
                    <input
                      type="radio"
                      name={`${id}-format`}
                      value={f}
                      checked={format === f}
                      onChange={() => setFormat(f)}
                      data-testid={`statement-format-${f}`}
                    />
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
                <DateInput id={`${id}-start`} value={custom[0]} onChange={(start) => setCustom([start, custom[1]])} />
              </div>
              <div>
                <FieldLabel htmlFor={`${id}-end`}>{t("to")}</FieldLabel>
                <DateInput id={`${id}-end`} value={custom[1]} onChange={(end) => setCustom([custom[0], end])} />
              </div>
            </div>
          ) : (
            <p className="text-sm text-slate-600" data-testid="statement-period">
              {t("periodRange", { start: startDate, end: endDate })}
            </p>
          )}

          <Checks
            legend={t("sections")}
            keys={SECTION_KEYS}
            values={sections}
            label={(k: SectionKey) => t(`sectionNames.${k}`)}
            onChange={setSections}
          />
          {sections.transactionTable && (
            <Checks
              legend={t("columns")}
              keys={COLUMN_KEYS}
              values={columns}
              label={(k: ColumnKey) => t(`columnNames.${k}`)}
              onChange={setColumns}
            />
          )}

          {error && (
            <Alert tone="danger" data-testid="statement-form-error">
              {error}
            </Alert>
          )}
          <div className="flex justify-end">
            <Button type="submit" loading={request.isPending} data-testid="statement-submit">
              {t("submit")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function Checks<K extends string>({
  legend,
  keys,
  values,
  label,
  onChange,
}: {
  legend: string;
  keys: readonly K[];
  values: Record<K, boolean>;
  label: (key: K) => string;
  onChange: (values: Record<K, boolean>) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-xs font-medium text-slate-600">{legend}</legend>
      <div className="grid gap-2 text-sm sm:grid-cols-3 lg:grid-cols-5">
        {keys.map((k) => (
          <label key={k} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={values[k]}
              onChange={(e) => onChange({ ...values, [k]: e.target.checked })}
            />
            {label(k)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
