import type { ComponentProps } from "react";
import { cn } from "./cn";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cn(
        "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3.5 text-base text-slate-900 shadow-sm sm:text-sm",
        "placeholder:text-slate-400 transition-colors",
        "focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/25",
        "aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/25",
        "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500",
        className,
      )}
      {...props}
    />
  );
}
