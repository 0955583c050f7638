"use client";

import { useMutation } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { amountTextToNumber } from "@/components/forms/amount";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/fields";
import { Input } from "@/components/ui/input";
import { centsToBrl } from "@/server/money";
import type { Price } from "@/server/pricing/fee";
import { FEE_PRODUCTS, type FeeProduct } from "@/server/pricing/fee-products";

const PARTS = ["percent", "fixed", "min", "max"] as const;
type Part = (typeof PARTS)[number];
type Texts = Record<FeeProduct, Record<Part, string>>;

/** A number in the locale's marks: 0.99 → "0,99" in pt-BR. */
const localeText = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(
    value,
  );

function textsOf(items: Record<FeeProduct, Price> | null, locale: string): Texts {
  const texts = {} as Texts;
  for (const product of FEE_PRODUCTS) {
    const price = items?.[product];
    const money = (cents: bigint | null | undefined) => (cents == null ? "" : localeText(centsToBrl(cents), locale));
    texts[product] = {
      percent: localeText((price?.percentBasisPoints ?? 0) / 100, locale),
      fixed: money(price?.fixedCents ?? 0n),
      min: money(price?.minCents),
      max: money(price?.maxCents),
    };
  }
  return texts;
}

/**
 * A new version of a price list (the default one when `accountId` is null), every product's
 * percentage, fixed amount, minimum and maximum typed in the locale's marks, starting now or at a
 * later date and time. Filled with the version in force.
 */
export function PriceListForm({
  accountId,
  current,
  onDone,
  onCancel,
}: {
  accountId: string | null;
  current: { items: Record<FeeProduct, Price>; refundReturnsFee: boolean } | null;
  onDone: (effectiveFrom: Date) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("fees");
  const locale = useLocale();
  const id = useId();
  const trpc = useTRPC();
  const serviceError = useServiceError();
  const [texts, setTexts] = useState<Texts>(() => textsOf(current?.items ?? null, locale));
  const [refundReturnsFee, setRefundReturnsFee] = useState(current?.refundReturnsFee ?? false);
  const [startLater, setStartLater] = useState(false);
  const [startAt, setStartAt] = useState("");
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(trpc.adminFees.setPriceList.mutationOptions());

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const wrong = new Set<string>();
    const items = {} as Record<FeeProduct, Record<Part, number | null>>;
    for (const product of FEE_PRODUCTS) {
      const price = {} as Record<Part, number | null>;
      for (const part of PARTS) {
        const raw = texts[product][part].trim();
        const optional = part === "min" || part === "max";
        const value = raw === "" ? (optional ? null : 0) : amountTextToNumber(raw, locale);
        if (typeof value === "string") wrong.add(`${product}.${part}`);
        else price[part] = value;
      }
      items[product] = price;
    }
    const effectiveFrom = startLater ? new Date(startAt) : undefined;
    if (effectiveFrom && !(effectiveFrom.getTime() > Date.now())) wrong.add("startAt");
    setInvalid(wrong);
    if (wrong.size > 0) return;
    setError(null);
    save.mutate(
      {
        accountId,
        effectiveFrom,
        refundReturnsFee,
        items: items as Record<FeeProduct, { percent: number; fixed: number; min: number | null; max: number | null }>,
      },
      {
        onSuccess: (saved) => onDone(saved.effectiveFrom),
        onError: (failure) => setError(serviceError(failure).message),
      },
    );
  }

  const setText = (product: FeeProduct, part: Part, value: string) =>
    setTexts((all) => ({ ...all, [product]: { ...all[product], [part]: value } }));

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      data-testid="price-list-form"
      aria-label={t("admin.form.title")}
    >
      <p className="text-sm text-slate-600">{t("admin.form.description")}</p>
      {FEE_PRODUCTS.map((product) => (
        <fieldset key={product} className="space-y-2" data-testid={`price-form-${product}`}>
          <legend className="text-sm font-semibold text-slate-900">{t(`products.${product}`)}</legend>
          <div className="grid gap-3 sm:grid-cols-4">
            {PARTS.map((part) => {
              const fieldId = `${id}-${product}-${part}`;
              const wrong = invalid.has(`${product}.${part}`);
              return (
                <Field
                  key={part}
                  id={fieldId}
                  label={t(`admin.form.${part}`)}
                  error={wrong ? t("admin.form.invalid") : null}
                >
                  <Input
                    id={fieldId}
                    inputMode="decimal"
                    autoComplete="off"
                    className="tabular-nums"
                    value={texts[product][part]}
                    aria-invalid={wrong || undefined}
                    onChange={(e) => setText(product, part, e.target.value)}
                  />
                </Field>
              );
            })}
          </div>
        </fieldset>
      ))}
      <label className="flex items-center gap-2 text-sm text-slate-900">
        <input
          type="checkbox"
          checked={refundReturnsFee}
          onChange={(e) => setRefundReturnsFee(e.target.checked)}
          className="size-4 rounded border-slate-300"
        />
        {t("admin.form.refundReturnsFee")}
      </label>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-900">{t("admin.form.start")}</legend>
        <div className="flex flex-wrap gap-4 text-sm text-slate-900">
          <label className="flex items-center gap-2">
            <input type="radio" name={`${id}-start`} checked={!startLater} onChange={() => setStartLater(false)} />
            {t("admin.form.startNow")}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${id}-start`} checked={startLater} onChange={() => setStartLater(true)} />
            {t("admin.form.startLater")}
          </label>
        </div>
        {startLater ? (
          <Field
            id={`${id}-start-at`}
            label={t("admin.form.startAt")}
            error={invalid.has("startAt") ? t("admin.form.startInvalid") : null}
          >
            <Input
              id={`${id}-start-at`}
              type="datetime-local"
              value={startAt}
              aria-invalid={invalid.has("startAt") || undefined}
              onChange={(e) => setStartAt(e.target.value)}
            />
          </Field>
        ) : null}
      </fieldset>
      {error ? (
        <Alert tone="danger" role="alert">
          {error}
        </Alert>
      ) : null}
      <div className="flex gap-3">
        <Button type="submit" loading={save.isPending} data-testid="price-list-save">
          {t("admin.form.save")}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t("admin.form.cancel")}
        </Button>
      </div>
    </form>
  );
}
