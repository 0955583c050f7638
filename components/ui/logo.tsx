import { cn } from "./cn";

/** The platform's mark and name. */
export function Logo({ name, className, inverted = false }: { name: string; className?: string; inverted?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <g transform="rotate(45 16 16)">
          <Square size={19.8} radius={5} className={inverted ? "fill-white" : "fill-emerald-700"} />
          <Square size={7} radius={1.6} className={inverted ? "fill-emerald-700" : "fill-white"} />
        </g>
      </svg>
      <span className={cn("text-[0.95rem] font-semibold tracking-tight", inverted ? "text-white" : "text-slate-900")}>
        {name}
      </span>
    </span>
  );
}

/** A square `size` wide about the mark's centre, its corners rounded by `radius` (turned, a diamond). */
function Square({ size, radius, className }: { size: number; radius: number; className: string }) {
  const corner = 16 - size / 2;
  return <rect x={corner} y={corner} width={size} height={size} rx={radius} className={className} />;
}
