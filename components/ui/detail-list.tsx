import Link from "next/link";
import type { ReactNode } from "react";
import { CopyButton } from "./copy-button";

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
