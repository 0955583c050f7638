"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter } from "next-intl";
import {
  createContext,
  Fragment,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
  useContext,
} from "react";
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

/** Where a row opens, and its name for a screen reader ("Open the charge … of …"). */
export type RowOpen = { href: string; label: string };

const RowHref = createContext<string | null>(null);

/** Whether an event began on something of its own to press (a link, a button, a field) inside the row. */
function fromControl(event: SyntheticEvent<HTMLElement>): boolean {
  const control = (event.target as Element).closest("a, button, input, select, textarea, label, summary");
  return control !== null && event.currentTarget.contains(control);
}

/**
 * A list as a table on wide screens (hidden below `lg`, where a CardList takes over). With
 * `rowOpen`, the whole row opens the row's page: a click anywhere on it but its own links and
 * buttons, or Enter or Space once the row has the keyboard's focus (one tab stop a row, named by
 * the label). A cell names the row in a RowTitle, the link for a pointer and a screen reader.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowOpen,
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
  rowOpen?: (row: Row) => RowOpen;
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
            const open = rowOpen?.(row);
            const { className, ...attributes } = rowProps?.(row) ?? {};
            const more = details?.(row);
            const go = (event: MouseEvent | KeyboardEvent) => {
              if (!open) return;
              if (event.metaKey || event.ctrlKey) window.open(open.href, "_blank", "noopener");
              else router.push(open.href);
            };
            return (
              <Fragment key={rowKey(row)}>
                <tr
                  {...attributes}
                  data-testid={rowTestId}
                  tabIndex={open ? 0 : undefined}
                  aria-label={open?.label}
                  onClick={open ? (event) => fromControl(event) || go(event) : undefined}
                  onKeyDown={
                    open
                      ? (event) => {
                          if (event.target !== event.currentTarget) return;
                          if (event.key !== "Enter" && event.key !== " ") return;
                          event.preventDefault();
                          go(event);
                        }
                      : undefined
                  }
                  className={cn(
                    align === "top" ? "align-top" : "align-middle",
                    open &&
                      "cursor-pointer transition-colors hover:bg-slate-50 focus-visible:bg-emerald-50/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600",
                    className,
                  )}
                >
                  <RowHref.Provider value={open?.href ?? null}>
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
                  </RowHref.Provider>
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

/**
 * The row's name, as the link to where the row opens (for a pointer, a new tab, a screen reader's
 * list of links); the keyboard reaches it through the row, which is the row's one tab stop.
 */
export function RowTitle({ wrap, testId, children }: { wrap?: boolean; testId?: string; children: ReactNode }) {
  const href = useContext(RowHref);
  const className = cn("font-medium text-slate-900", wrap ? "" : "block truncate");
  if (!href) return <span className={className}>{children}</span>;
  return (
    <Link
      href={href}
      tabIndex={-1}
      data-testid={testId}
      className={cn(className, "hover:text-emerald-800 hover:underline")}
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

/** A column of the rows' dates: the day, and the time under it. */
export function dateColumn<Row>(header: ReactNode, date: (row: Row) => Date, width = "w-[7.5rem]"): Column<Row> {
  return { header, className: cn(width, "text-slate-600 tabular-nums"), cell: (row) => <DateCell date={date(row)} /> };
}

/** A column of amounts, on the right (`width` "" where the table sizes its columns by content). */
export function amountColumn<Row>(header: ReactNode, cell: (row: Row) => ReactNode, width = "w-[8.5rem]"): Column<Row> {
  return {
    header,
    className: cn(width, "text-right"),
    cellClassName: "font-medium whitespace-nowrap text-slate-900 tabular-nums",
    cell,
  };
}
