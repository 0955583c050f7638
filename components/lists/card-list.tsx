"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import type { Breakpoint, RowOpen } from "./data-table";

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
 * anything else. With `open` the title is the link to the row's page, and it stretches over the
 * whole card (`children` stay above it, so their own links and buttons still work): a tap anywhere
 * on the card opens it, and Enter or Space once the keyboard is on it.
 */
export function ListCard({
  open,
  testId,
  title,
  subtitle,
  amount,
  status,
  note,
  children,
}: {
  open?: RowOpen;
  testId: string;
  title: ReactNode;
  subtitle?: ReactNode;
  amount?: ReactNode;
  status?: ReactNode;
  note?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div
      className={cn(
        CARD,
        open &&
          "relative transition-colors hover:border-slate-300 hover:bg-slate-50 has-[a[data-card-link]:focus-visible]:outline-2 has-[a[data-card-link]:focus-visible]:outline-emerald-600",
      )}
      data-testid={testId}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="truncate text-sm font-medium text-slate-900">
            {open ? (
              <Link
                href={open.href}
                aria-label={open.label}
                data-card-link=""
                onKeyDown={(event) => {
                  // a link answers Enter only; a card, like a table's row, answers Space too
                  if (event.key !== " ") return;
                  event.preventDefault();
                  event.currentTarget.click();
                }}
                className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
              >
                {title}
              </Link>
            ) : (
              title
            )}
          </div>
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
      {children ? <div className="relative">{children}</div> : null}
    </div>
  );
}
