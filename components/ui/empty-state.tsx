import type { ReactNode } from "react";
import { Button } from "./button";
import { cn } from "./cn";
import { CloseIcon, type Icon } from "./icons";

export function EmptyState({
  icon: IconComponent,
  badge,
  title,
  description,
  action,
  className,
}: {
  icon?: Icon;
  badge?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center sm:py-16",
        className,
      )}
    >
      {IconComponent ? (
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 ring-8 ring-emerald-50/50">
          <IconComponent className="size-6" />
        </div>
      ) : null}
      {badge ? <div className="mb-3">{badge}</div> : null}
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {description ? <p className="mt-2 max-w-md text-sm text-slate-600">{description}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}

/** A list emptied by its filters: says so and offers to clear them. */
export function FilteredEmptyState({
  icon,
  title,
  description,
  clearLabel,
  onClear,
}: {
  icon?: Icon;
  title: ReactNode;
  description?: ReactNode;
  clearLabel: ReactNode;
  onClear: () => void;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={description}
      action={
        <Button variant="secondary" onClick={onClear}>
          <CloseIcon className="size-4" />
          {clearLabel}
        </Button>
      }
    />
  );
}
