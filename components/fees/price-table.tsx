"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useMoney } from "@/components/format/money";
import { amountColumn } from "@/components/lists/data-table";
import { ListRows } from "@/components/lists/list-rows";
import type { Price as PriceItem } from "@/server/pricing/fee";
import { FEE_PRODUCTS, type FeeProduct } from "@/server/pricing/fee-products";

/** Basis points as pt-BR writes a percentage: 99 → "0,99 %". */
export function usePercent(): (basisPoints: number) => string {
  const t = useTranslations("fees");
  const format = useFormatter();
  return (basisPoints) =>
    t("percent", {
      value: format.number(basisPoints / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    });
}

type Row = { product: FeeProduct; item: PriceItem };

/** One version's price per product: percentage, fixed amount, minimum and maximum (— when none). */
export function PriceTable({ items, testId }: { items: Record<FeeProduct, PriceItem>; testId: string }) {
  const t = useTranslations("fees");
  const money = useMoney();
  const percent = usePercent();
  const bound = (cents: bigint | null) => (cents === null ? t("none") : money(cents));
  const rows: Row[] = FEE_PRODUCTS.map((product) => ({ product, item: items[product] }));
  return (
    <ListRows
      rows={rows}
      rowKey={(row) => row.product}
      caption={t("priceCaption")}
      testId={testId}
      columns={[
        {
          header: t("columns.product"),
          cellClassName: "font-medium text-slate-900",
          cell: (row) => t(`products.${row.product}`),
          testId: `${testId}-product`,
        },
        {
          ...amountColumn(t("columns.percent"), (row: Row) => percent(row.item.percentBasisPoints)),
          testId: `${testId}-percent`,
        },
        { ...amountColumn(t("columns.fixed"), (row: Row) => money(row.item.fixedCents)), testId: `${testId}-fixed` },
        { ...amountColumn(t("columns.min"), (row: Row) => bound(row.item.minCents)), testId: `${testId}-min` },
        { ...amountColumn(t("columns.max"), (row: Row) => bound(row.item.maxCents)), testId: `${testId}-max` },
      ]}
      card={(row) => ({
        title: t(`products.${row.product}`),
        amount: percent(row.item.percentBasisPoints),
        subtitle: `${t("columns.fixed")} ${money(row.item.fixedCents)}`,
        note: `${t("columns.min")} ${bound(row.item.minCents)} · ${t("columns.max")} ${bound(row.item.maxCents)}`,
      })}
    />
  );
}
