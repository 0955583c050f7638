import Link from "next/link";
import type { ReactNode } from "react";
import { TitledCard } from "./card";
import { CopyButton } from "./copy-button";
import { ArrowLeftIcon } from "./icons";

/** A list page's address with the query it was left with (a detail page's `back`). */
export function listHref(path: string, back: string | undefined): string {
  const query = back ? new URLSearchParams(back).toString() : "";
  return query ? `${path}?${query}` : path;
}

/** The way back from a detail page to where it was opened. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900"
    >
      <ArrowLeftIcon className="size-4" />
      {children}
    </Link>
  );
}

/** Label/value rows (DetailRow, IdRow) in a <dl>. */
export function DetailList({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm" data-testid={testId}>
      {children}
    </dl>
  );
}

/** A titled card of label/value rows. */
export function DetailCard({
  title,
  testId,
  listTestId,
  children,
}: {
  title: ReactNode;
  testId?: string;
  /** The <dl>'s data-testid. */
  listTestId?: string;
  children: ReactNode;
}) {
  return (
    <TitledCard title={title} data-testid={testId}>
      <DetailList testId={listTestId}>{children}</DetailList>
    </TitledCard>
  );
}

/** A value the record does not have. */
export function NoValue({ children = "—" }: { children?: ReactNode }) {
  return <span className="text-slate-400">{children}</span>;
}

/** One label and value of a detail card's <dl>. */
export function DetailRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3 py-2.5 first:pt-0 last:pb-0 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere] text-slate-900">{children}</dd>
    </div>
  );
}

/** An identifier in full, with a copy button (and a link when it names something to open); `none` when absent. */
export function IdRow({
  label,
  value,
  href,
  none,
  testId,
}: {
  label: string;
  value: string | null;
  href?: string;
  none: ReactNode;
  testId: string;
}) {
  return (
    <div
      className="grid gap-1 py-2.5 first:pt-0 last:pb-0 sm:grid-cols-[10rem_minmax(0,1fr)] sm:items-center sm:gap-4"
      data-testid={testId}
    >
      <dt className="text-slate-500">{label}</dt>
      <dd className="flex min-w-0 items-center justify-between gap-3">
        {value ? (
          <>
            {href ? (
              <Link
                href={href}
                className="min-w-0 font-mono text-xs break-all text-emerald-800 hover:text-emerald-900 hover:underline"
                data-testid="id-value"
              >
                {value}
              </Link>
            ) : (
              <span className="min-w-0 font-mono text-xs break-all text-slate-900" data-testid="id-value">
                {value}
              </span>
            )}
            <CopyButton value={value} label={label} className="shrink-0" />
          </>
        ) : (
          <span className="text-slate-400">{none}</span>
        )}
      </dd>
    </div>
  );
}
