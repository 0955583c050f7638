"use client";

import { useTranslations } from "next-intl";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FileTextIcon } from "@/components/ui/icons";

/** The query string of a list's current filter: empty values left out. */
export function filterQuery(params: Record<string, string | number | undefined | null>): string {
  return new URLSearchParams(
    Object.entries(params).flatMap(([key, v]) => (v === undefined || v === null || v === "" ? [] : [[key, String(v)]])),
  ).toString();
}

/** A link that downloads a list's current filter as CSV from its export route (app/api/<list>/export). */
export function ExportLink({
  path,
  params,
  testId,
  label,
  hint,
  className,
}: {
  path: string;
  params: Record<string, string | number | undefined | null>;
  testId: string;
  label?: string;
  hint?: string;
  className?: string;
}) {
  const t = useTranslations("fileExports");
  const query = filterQuery(params);
  return (
    <a
      href={`${path}${query ? `?${query}` : ""}`}
      download
      title={hint ?? t("hint")}
      data-testid={testId}
      className={cn(buttonClasses({ variant: "secondary" }), "shrink-0", className)}
    >
      <FileTextIcon className="size-4" />
      {label ?? t("button")}
    </a>
  );
}
