import type { ReactNode } from "react";

/** A section of the overview: its small-capitals heading with an action beside it, then its body. */
export function OverviewSection({
  titleId,
  title,
  action,
  children,
}: {
  titleId: string;
  title: ReactNode;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
