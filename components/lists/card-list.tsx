"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import type { Breakpoint } from "./data-table";

const HIDE_FROM: Record<Breakpoint, string> = { lg: "lg:hidden", xl: "xl:hidden" };

const CARD = "block rounded-xl border border-slate-200 bg-white p-4 shadow-[0_1px_2px_rgb(15_23_42/0.04)]";

/** A list as cards on a phone (from `lg` a DataTable takes over). */
export function CardList<Row>({
  rows,
  rowKey,
  testId,
  until = "lg",
  children,
}: {
  rows: Row[];
  rowKey: (row: Row) => string;
  testId: string;
  /** From which width a DataTable takes over. */
  until?: Breakpoint;
  children: (row: Row) => ReactNode;
}) {
  return (
    <ul className={cn("space-y-2", HIDE_FROM[until])} data-testid={testId}>
      {rows.map((row) => (
        <li key={rowKey(row)}>{children(row)}</li>
      ))}
    </ul>
  );
}

/**
 * One row as a card: title and subtitle beside the amount, then a status beside a note, then
 * anything else. With `href` the whole card is the link (named by `label`).
 */
export function ListCard({
  href,
  label,
  testId,
  title,
  subtitle,
  amount,
  status,
  note,
  children,
}: {
  href?: string;
  label?: string;
  testId: string;
  title: ReactNode;
  subtitle?: ReactNode;
  amount?: ReactNode;
  status?: ReactNode;
  note?: ReactNode;
  children?: ReactNode;
}) {
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="truncate text-sm font-medium text-slate-900">{title}</div>
          {subtitle ? <div className="mt-0.5 truncate text-xs text-slate-500 tabular-nums">{subtitle}</div> : null}
        </div>
        {amount ? (
          <span className="text-sm font-medium whitespace-nowrap text-slate-900 tabular-nums">{amount}</span>
        ) : null}
      </div>
      {status || note ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2 text-xs">
          {status}
          {note ? <span className="text-slate-500 tabular-nums">{note}</span> : null}
        </div>
      ) : null}
      {children}
    </>
  );
  return href ? (
    <Link
      href={href}
      aria-label={label}
      data-testid={testId}
      className={`${CARD} transition-colors hover:border-slate-300 hover:bg-slate-50`}
    >
      {body}
    </Link>
  ) : (
    <div className={CARD} data-testid={testId}>
      {body}
    </div>
  );
}
