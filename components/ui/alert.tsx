import type { ComponentProps } from "react";
import { cn } from "./cn";
import { AlertCircleIcon } from "./icons";

/** An inline error message, announced to screen readers when it appears. */
export function Alert({ className, children, ...props }: ComponentProps<"div">) {
  return (
    <div
      role="alert"
      className={cn(
        "flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800",
        className,
      )}
      {...props}
    >
      <AlertCircleIcon className="mt-px size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
