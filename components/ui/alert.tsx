import type { ComponentProps } from "react";
import { cn } from "./cn";
import { AlertCircleIcon } from "./icons";

const TONES = {
  danger: "border-red-200 bg-red-50 text-red-800",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
} as const;

/**
 * An inline message: an error (`danger`, announced to screen readers when it appears) or a
 * `warning` about the state of something (pass `role` to change how it is announced).
 */
export function Alert({
  tone = "danger",
  className,
  children,
  ...props
}: ComponentProps<"div"> & { tone?: keyof typeof TONES }) {
  return (
    <div
      role="alert"
      className={cn("flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm", TONES[tone], className)}
      {...props}
    >
      <AlertCircleIcon className={cn("mt-px size-4 shrink-0", tone === "warning" && "text-amber-600")} />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
