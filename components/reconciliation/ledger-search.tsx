"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { ExportLink as CsvExportLink } from "@/components/lists/export-link";
import { buttonClasses } from "@/components/ui/button";
import { CloseIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";

/** The search box over the ledger: the text goes to the URL (`q`) when submitted. */
export function LedgerSearch({
  value,
  onSearch,
}: {
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
}) {
  const t = useTranslations("reconciliation.search");
  const id = useId();
  const [text, setText] = useState(value ?? "");
  useEffect(() => setText(value ?? ""), [value]);
  return (
    <search className="flex-1">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          // The field's own value: what was typed before the page hydrated is not in `text`.
          const typed = new FormData(event.currentTarget).get("q");
          onSearch((typeof typed === "string" ? typed : text).trim() || undefined);
        }}
      >
        <label htmlFor={id} className="sr-only">
          {t("label")}
        </label>
        <div className="relative flex gap-2">
          <div className="relative flex-1">
            <Input
              id={id}
              name="q"
              type="text"
              enterKeyHint="search"
              autoComplete="off"
              value={text}
              maxLength={100}
              onChange={(event) => setText(event.target.value)}
              placeholder={t("placeholder")}
              aria-describedby={`${id}-hint`}
              data-testid="ledger-search"
              className="pr-10"
            />
            {value ? (
              <button
                type="button"
                onClick={() => onSearch(undefined)}
                className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-400 hover:text-slate-700"
                aria-label={t("clear")}
              >
                <CloseIcon className="size-4" />
              </button>
            ) : null}
          </div>
          <button type="submit" className={buttonClasses({ variant: "secondary" })} data-testid="ledger-search-submit">
            {t("submit")}
          </button>
        </div>
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {t("hint")}
        </p>
      </form>
    </search>
  );
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
