import type { ComponentProps } from "react";
import { cn } from "./cn";

const ROUNDED = { md: "rounded-md", lg: "rounded-lg", full: "rounded-full" } as const;

/** A grey placeholder; `rounded="full"` for a badge's pill, `"lg"` for an input's box. */
export function Skeleton({
  rounded = "md",
  className,
  ...props
}: ComponentProps<"div"> & { rounded?: keyof typeof ROUNDED }) {
  return (
    <div
      aria-hidden="true"
      className={cn("animate-pulse bg-slate-200/80 motion-reduce:animate-none", ROUNDED[rounded], className)}
      {...props}
    />
  );
}
