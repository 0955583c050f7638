"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { DateRangeFilter, FilterActions, FilterForm } from "@/components/lists/filter-select";
import { MAX_RESERVE_DAYS } from "@/server/ledger/schema";
import { addDays, isCalendarDay } from "@/server/time";

/** A period of São Paulo days, checked as the server will (the reserve report's rules): the reserve, the books and the merchant's fees. */
export function PeriodForm({
  from: initialFrom,
  to: initialTo,
  onApply,
  onClear,
  namespace = "adminReserve.filters",
  testId = "reserve-period",
}: {
  from: string;
  to: string;
  onApply: (period: { from: string; to: string }) => void;
  onClear?: () => void;
  namespace?: "adminReserve.filters" | "adminBooks.filters" | "fees.filters";
  testId?: string;
}) {
  const t = useTranslations(namespace as "adminReserve.filters");
  const id = useId();
  const [values, setValues] = useState({ from: initialFrom, to: initialTo });
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { from, to } = values;
    if (!isCalendarDay(from) || !isCalendarDay(to)) return;
    if (from > to) return setError(t("backwards"));
    if (from < addDays(to, -(MAX_RESERVE_DAYS - 1))) return setError(t("tooLong", { max: MAX_RESERVE_DAYS }));
    setError(null);
    onApply({ from, to });
  }

  return (
    <FilterForm
      onSubmit={onSubmit}
      label={t("title")}
      className="sm:grid-cols-[repeat(2,minmax(0,12rem))_auto] sm:items-end"
      testId={testId}
      error={error}
      errorTestId={`${testId}-error`}
    >
      <DateRangeFilter id={id} messages={t} values={values} onChange={setValues} />
      <FilterActions messages={t} onClear={onClear} applyTestId={`${testId}-apply`} />
    </FilterForm>
  );
}
