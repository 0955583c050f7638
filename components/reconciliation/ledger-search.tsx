"use client";

import { useTranslations } from "next-intl";
import { ExportLink as CsvExportLink } from "@/components/lists/export-link";
import { SearchBox, searchLabels } from "@/components/lists/search-box";

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
  return (
    <CsvExportLink
      path="/api/ledger/export"
      params={params}
      testId="ledger-export"
      label={t("button")}
      hint={t("hint")}
      className={className}
    />
  );
}
