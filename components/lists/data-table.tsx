"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter } from "next-intl";
import { Fragment, type ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";

export type Breakpoint = "lg" | "xl";
const SHOW_FROM: Record<Breakpoint, string> = { lg: "lg:block", xl: "xl:block" };

export type Column<Row> = {
  header: ReactNode;
  /** Width and alignment of the column (its header and cells), e.g. "w-[8rem] text-right". */
  className?: string;
  /** Classes of the cells only. */
  cellClassName?: string;
  cell: (row: Row) => ReactNode;
  /** The cells' data-testid. */
  testId?: string;
};

/**
 * A list as a table on wide screens (hidden below `lg`, where a CardList takes over). With
 * `rowHref`, the whole row opens the row's page; a RowLink in one of its cells carries the keyboard
 * and screen reader access.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowHref,
  testId,
  rowTestId,
  fixed = true,
  from = "lg",
  align = "middle",
  rowProps,
  details,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  rowHref?: (row: Row) => string;
  testId: string;
  rowTestId: string;
  /** Columns sized by their classes (`table-fixed`) rather than by their content. */
  fixed?: boolean;
  /** From which width the table shows (a CardList with the same `from` takes the narrower ones). */
  from?: Breakpoint;
  /** Cells' vertical alignment: rows of several lines read better from the top. */
  align?: "middle" | "top";
  /** A row's own data attributes (`data-*`) and classes. */
  rowProps?: (row: Row) => Record<`data-${string}`, string> & { className?: string };
  /** What an expanded row shows under it, across the columns (null when folded). */
  details?: (row: Row) => ReactNode;
}) {
  const router = useRouter();
  const edge = (index: number) => (index === 0 || index === columns.length - 1 ? "px-4" : "px-3");
  return (
    <Card className={cn("hidden overflow-x-auto", SHOW_FROM[from])}>
      <table className={cn("w-full text-left text-sm", fixed && "table-fixed")} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-600">
          <tr>
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
              <th key={index} scope="col" className={cn("py-3 font-medium", edge(index), column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const href = rowHref?.(row);
            const { className, ...attributes } = rowProps?.(row) ?? {};
            const more = details?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr
                  {...attributes}
                  data-testid={rowTestId}
                  onClick={href ? () => router.push(href) : undefined}
                  className={cn(
                    align === "top" ? "align-top" : "align-middle",
                    href && "cursor-pointer transition-colors hover:bg-slate-50",
                    className,
                  )}
                >
                  {columns.map((column, index) => (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
                      key={index}
                      className={cn("py-3", edge(index), column.className, column.cellClassName)}
                      data-testid={column.testId}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
                {more ? (
                  <tr className="bg-slate-50/60">
                    <td colSpan={columns.length} className="px-4 py-3">
                      {more}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

/** The link of a clickable row: its name for screen readers, and the click kept from the row. */
export function RowLink({
  href,
  label,
  wrap,
  children,
}: {
  href: string;
  label?: string;
  /** Wrap a long name rather than cut it short. */
  wrap?: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      href={href}
      onClick={(event) => event.stopPropagation()}
      aria-label={label}
      className={cn("font-medium text-slate-900 hover:text-emerald-800 hover:underline", wrap ? "" : "block truncate")}
    >
      {children}
    </Link>
  );
}

/** A cell's two lines: the main one, and a smaller one under it. */
export function Stacked({ main, sub, mono }: { main: ReactNode; sub?: ReactNode; mono?: boolean }) {
  return (
    <>
      {main}
      {sub ? <span className={cn("block truncate text-xs text-slate-500", mono && "font-mono")}>{sub}</span> : null}
    </>
  );
}

/** A row's date in a cell: the day, and the time under it. */
export function DateCell({ date }: { date: Date }) {
  const format = useFormatter();
  return (
    <>
      <span className="block whitespace-nowrap">{format.dateTime(date, { dateStyle: "short" })}</span>
      <span className="block text-xs text-slate-500">{format.dateTime(date, { timeStyle: "short" })}</span>
    </>
  );
}
