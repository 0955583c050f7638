import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";
import { ChevronDownIcon } from "@/components/ui/icons";

const CONTROL = cn(
  "block h-10 w-full rounded-lg border border-slate-300 bg-white text-base text-slate-900 shadow-sm sm:text-sm",
  "transition-colors focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/25",
  "aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/25",
  "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500",
);

/** A native select styled like the Input primitive, with its chevron. */
export function Select({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className="relative">
      <select className={cn(CONTROL, "cursor-pointer appearance-none pr-9 pl-3", className)} {...props}>
        {children}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
    </div>
  );
}

/** A date picker (YYYY-MM-DD) with the same look. */
export function DateInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return <input type="date" className={cn(CONTROL, "px-3", className)} {...props} />;
}

/** A small label above a filter control. */
export function FieldLabel({ className, ...props }: ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
  return <label className={cn("mb-1.5 block text-xs font-medium text-slate-600", className)} {...props} />;
}
