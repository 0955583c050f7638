import type { ReactNode } from "react";
import { cn } from "./cn";

/** One column's header: its words and its own classes (width, alignment). */
export type ColumnHead = { label: ReactNode; className?: string };

/**
 * A hand-built table's header row: each column a `<th scope="col">` with the table's shared cell
 * classes and the column's own, so a screen reader names every cell by its column.
 */
export function ColumnHeads({
  columns,
  className,
  rowClassName,
  cellClassName,
}: {
  columns: ColumnHead[];
  /** The `<thead>`'s classes (e.g. "sr-only" for a table whose headers only a screen reader needs). */
  className?: string;
  rowClassName?: string;
  /** Classes every header cell shares. */
  cellClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map((column, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed and in order
          <th key={index} scope="col" className={cn(cellClassName, column.className) || undefined}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
