import { cn } from "./cn";

/** The platform's mark and name. */
export function Logo({ name, className, inverted = false }: { name: string; className?: string; inverted?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <rect
          x="6.1"
          y="6.1"
          width="19.8"
          height="19.8"
          rx="5"
          transform="rotate(45 16 16)"
          className={inverted ? "fill-white" : "fill-emerald-700"}
        />
        <rect
          x="12.5"
          y="12.5"
          width="7"
          height="7"
          rx="1.6"
          transform="rotate(45 16 16)"
          className={inverted ? "fill-emerald-700" : "fill-white"}
        />
      </svg>
      <span className={cn("text-[0.95rem] font-semibold tracking-tight", inverted ? "text-white" : "text-slate-900")}>
        {name}
      </span>
    </span>
  );
}
