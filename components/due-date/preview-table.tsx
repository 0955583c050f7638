"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { useCalendarDate } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { useTRPC } from "@/components/providers/trpc-provider";
import { TitledCard } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { ColumnHeads } from "@/components/ui/column-heads";
import type { DueDateTermsForm } from "@/server/charges/due-date/form-terms";

type Terms = z.input<typeof DueDateTermsForm>;

/** `value` once it stopped changing for `ms`: the preview asks once the merchant paused typing. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the value
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

type Components = { multaCents: bigint; jurosCents: bigint; descontoCents: bigint; abatimentoCents: bigint };

/** "multa R$ 2,00 · juros R$ 0,33": the parts of an amount that are not the original. */
export function useBreakdown() {
  const t = useTranslations("dueDateCharges.preview");
  const money = useMoney();
  return (components: Components) =>
    [
      components.multaCents > 0n ? t("fine", { amount: money(components.multaCents) }) : null,
      components.jurosCents > 0n ? t("interest", { amount: money(components.jurosCents) }) : null,
      components.descontoCents > 0n ? t("discount", { amount: `−${money(components.descontoCents)}` }) : null,
      components.abatimentoCents > 0n ? t("rebate", { amount: `−${money(components.abatimentoCents)}` }) : null,
    ]
      .filter(Boolean)
      .join(" · ");
}

/**
 * The amount due today, on the due date, 10 and 30 days after, for the terms being typed (the
 * server's maths, asked once typing pauses). `onRefused` marks the fields the terms break.
 */
export function PreviewTable({ terms, onRefused }: { terms: Terms | null; onRefused: (fields: string[]) => void }) {
  const t = useTranslations("dueDateCharges.preview");
  const trpc = useTRPC();
  const money = useMoney();
  const day = useCalendarDate();
  const breakdown = useBreakdown();
  const settled = useSettled(terms);
  const preview = useQuery(
    trpc.dueDateCharges.preview.queryOptions(settled as Terms, {
      enabled: settled !== null,
      placeholderData: keepPreviousData,
    }),
  );
  const data = settled ? preview.data : undefined;
  const refused = data && !data.ok ? data.fields.join() : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined list stands for the fields
  useEffect(() => {
    if (refused) onRefused(refused.split(","));
  }, [refused]);

  return (
    <TitledCard
      title={t("title")}
      description={data?.ok ? t("lastDay", { date: day(data.lastPayableDate) }) : t("hint")}
      data-testid="due-date-preview"
    >
      {!data ? (
        <p className="text-sm text-slate-500">{settled && preview.isFetching ? t("loading") : t("hint")}</p>
      ) : !data.ok ? (
        <p className="text-sm text-amber-800" role="status">
          {t("invalid")}
        </p>
      ) : (
        <table className={cn("w-full text-sm", preview.isFetching && "opacity-60")}>
          <caption className="sr-only">{t("caption")}</caption>
          <ColumnHeads
            rowClassName="border-b border-slate-200 text-left text-xs text-slate-500"
            cellClassName="py-2 font-medium"
            columns={[{ label: t("day") }, { label: t("amount"), className: "text-right" }]}
          />
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.key} className="border-b border-slate-100 last:border-0" data-testid={`preview-${row.key}`}>
                <th scope="row" className="py-2.5 text-left align-top font-normal">
                  <span className="block font-medium text-slate-900">{t(`rows.${row.key}`)}</span>
                  <span className="block text-xs text-slate-500 tabular-nums">{day(row.date)}</span>
                </th>
                <td className="py-2.5 text-right align-top">
                  {row.payable ? (
                    <>
                      <span className="block font-semibold text-slate-900 tabular-nums" data-testid="preview-amount">
                        {money(row.finalCents)}
                      </span>
                      <span className="block text-xs text-slate-500 tabular-nums">{breakdown(row.components)}</span>
                    </>
                  ) : (
                    <span className="text-xs text-slate-500">{t("notPayable")}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </TitledCard>
  );
}
