"use client";

import { useTranslations } from "next-intl";
import { SearchBox, searchLabels } from "@/components/lists/search-box";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FileTextIcon } from "@/components/ui/icons";

/** The search box over the ledger: the text goes to the URL (`q`) when submitted. */
export function LedgerSearch({
  value,
  onSearch,
}: {
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
}) {
  const t = useTranslations("reconciliation.search");
  return <SearchBox value={value} onSearch={onSearch} labels={searchLabels(t)} testId="ledger-search" />;
}

/** A link that downloads the current filter as CSV (app/api/ledger/export). */
export function ExportLink({
  params,
  className,
}: {
  params: Record<string, string | number | undefined>;
  className?: string;
}) {
  const t = useTranslations("reconciliation.export");
  const query = new URLSearchParams(
    Object.entries(params).flatMap(([key, v]) => (v === undefined || v === "" ? [] : [[key, String(v)]])),
  ).toString();
  return (
    <a
      href={`/api/ledger/export${query ? `?${query}` : ""}`}
      download
      title={t("hint")}
      data-testid="ledger-export"
      className={cn(buttonClasses({ variant: "secondary" }), "shrink-0", className)}
    >
      <FileTextIcon className="size-4" />
      {t("button")}
    </a>
  );
}
