"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button, type ButtonProps } from "./button";
import { cn } from "./cn";
import { CheckIcon, CopyIcon } from "./icons";

type CopyState = "idle" | "copied" | "failed";

/** Copies `value` to the clipboard; the state says how it went for two seconds, then resets. */
function useCopy(value: string): [CopyState, () => Promise<void>] {
  const [state, setState] = useState<CopyState>("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return [state, copy];
}

/** A small icon button that copies a value and says so for a moment (also to screen readers). */
export function CopyButton({ value, label, className }: { value: string; label: string; className?: string }) {
  const t = useTranslations("copy");
  const [state, copy] = useCopy(value);

  return (
    <span className={cn("inline-flex items-center gap-1.5", className)}>
      <button
        type="button"
        onClick={copy}
        aria-label={t("copy", { label })}
        title={t("copy", { label })}
        className={cn(
          "inline-flex size-8 shrink-0 items-center justify-center rounded-md border bg-white shadow-sm transition-colors",
          "hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600",
          state === "copied" ? "border-emerald-300 text-emerald-700" : "border-slate-200 text-slate-600",
        )}
      >
        {state === "copied" ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
      </button>
      <span role="status" aria-live="polite" className="text-xs font-medium whitespace-nowrap">
        {state === "copied" ? (
          <span className="text-emerald-700">{t("copied")}</span>
        ) : state === "failed" ? (
          <span className="text-red-700">{t("failed")}</span>
        ) : null}
      </span>
    </span>
  );
}

/** A labelled copy button ("Copy code" → "Copied"), for values the merchant hands on. */
export function CopyTextButton({
  value,
  children,
  variant = "secondary",
  ...props
}: Omit<ButtonProps, "onClick" | "value"> & { value: string }) {
  const t = useTranslations("copy");
  const [state, copy] = useCopy(value);

  return (
    <Button variant={variant} onClick={copy} {...props}>
      {state === "copied" ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
      <span aria-live="polite">{state === "copied" ? t("copied") : state === "failed" ? t("failed") : children}</span>
    </Button>
  );
}
