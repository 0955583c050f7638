import { type ComponentProps, Fragment, type ReactNode } from "react";
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

/** `count` copies of a placeholder (they have no identity of their own). */
export function Placeholders({ count, children }: { count: number; children: ReactNode }) {
  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with no identity
  return Array.from({ length: count }, (_, index) => <Fragment key={index}>{children}</Fragment>);
}

/** A row's text while it loads: its title line over a smaller line; the widths are Tailwind `w-*` classes. */
export function SkeletonText({ title, detail, className }: { title: string; detail: string; className?: string }) {
  return (
    <div className={cn("space-y-2", className)}>
      <Skeleton className={cn("h-4", title)} />
      <Skeleton className={cn("h-3", detail)} />
    </div>
  );
}

/** A bar of a SkeletonRow: its size classes, or `{ pill }` for a badge's rounded one. */
type Bar = string | { pill: string };

/** A table row while it loads: one bar per column, in a line. */
export function SkeletonRow({ bars }: { bars: Bar[] }) {
  return (
    <div className="flex items-center gap-4 px-4 py-3.5">
      {bars.map((bar, index) =>
        typeof bar === "string" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row's bars are fixed and in order
          <Skeleton key={index} className={bar} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row's bars are fixed and in order
          <Skeleton key={index} rounded="full" className={bar.pill} />
        ),
      )}
    </div>
  );
}
