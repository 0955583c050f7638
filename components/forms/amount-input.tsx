import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";

/** A BRL amount input: "R$" in front, the locale's decimal keyboard on phones. */
export function AmountInput({ className, ...props }: Omit<ComponentProps<"input">, "type" | "inputMode">) {
  return (
    <div className="relative">
      <span className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-sm font-medium text-slate-500">
        R$
      </span>
      <Input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className={cn("pl-10 tabular-nums", className)}
        {...props}
      />
    </div>
  );
}
