"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { CheckIcon } from "@/components/ui/icons";

function CopyIcon({ className }: { className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <rect x="8" y="8" width="14" height="14" rx="2" />
      <path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2" />
    </svg>
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
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

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

  return (
    <Button variant={variant} onClick={copy} {...props}>
      {state === "copied" ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
      <span aria-live="polite">{state === "copied" ? t("copied") : state === "failed" ? t("failed") : children}</span>
    </Button>
  );
}
