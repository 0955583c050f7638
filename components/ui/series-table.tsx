import type { ReactNode } from "react";
import { cn } from "./cn";
import { ColumnHeads } from "./column-heads";

/** One column of a series table: its header and what a row shows in it; `nowrap` keeps the cell on one line. */
export type SeriesColumn<Row> = { label: ReactNode; cell: (row: Row) => ReactNode; nowrap?: boolean };

/**
 * A chart's figures as a table (for a screen reader, or to read the exact numbers): a bordered box
 * that scrolls under its sticky header row, the first column naming each row (a day, an hour) and
 * the others its figures, on the right.
 */
export function SeriesTable<Row>({
  caption,
  testId,
  rowTestId,
  className,
  headClassName,
  columns: [name, ...figures],
  rows,
  rowKey,
}: {
  caption: string;
  testId: string;
  rowTestId?: string;
  /** The box's own classes (its height, its margin). */
  className?: string;
  /** More classes for the header row's text. */
  headClassName?: string;
  /** The row's name first, then its figures. */
  columns: [SeriesColumn<Row>, ...SeriesColumn<Row>[]];
  rows: Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <div className={cn("overflow-auto rounded-lg border border-slate-200", className)}>
      <table className="w-full text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads
          className={cn("sticky top-0 bg-slate-50 text-xs text-slate-600", headClassName)}
          cellClassName="px-3 py-2 font-medium"
          columns={[
            { label: name.label },
            ...figures.map((column) => ({ label: column.label, className: "text-right" })),
          ]}
        />
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              <th
                scope="row"
                className={cn("px-3 py-1.5 font-normal text-slate-700", name.nowrap && "whitespace-nowrap")}
              >
                {name.cell(row)}
              </th>
              {figures.map((column, index) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed and in order
                  key={index}
                  className={cn("px-3 py-1.5 text-right tabular-nums", column.nowrap && "whitespace-nowrap")}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
