"use client";

import { useEffect, useId, useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { CloseIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";

/** A list's search box: the text goes to the list's state (the URL) when submitted. */
export function SearchBox({
  value,
  onSearch,
  labels,
  testId,
  maxLength = 100,
}: {
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
  labels: { label: string; placeholder: string; submit: string; clear: string; hint: string };
  testId: string;
  maxLength?: number;
}) {
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
          {labels.label}
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
              maxLength={maxLength}
              onChange={(event) => setText(event.target.value)}
              placeholder={labels.placeholder}
              aria-describedby={`${id}-hint`}
              data-testid={testId}
              className="pr-10"
            />
            {value ? (
              <button
                type="button"
                onClick={() => onSearch(undefined)}
                className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-400 hover:text-slate-700"
                aria-label={labels.clear}
              >
                <CloseIcon className="size-4" />
              </button>
            ) : null}
          </div>
          <button type="submit" className={buttonClasses({ variant: "secondary" })} data-testid={`${testId}-submit`}>
            {labels.submit}
          </button>
        </div>
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {labels.hint}
        </p>
      </form>
    </search>
  );
}

/** The five labels of a search box from a namespace that holds them (`label`, `placeholder`, …). */
export function searchLabels(t: (key: "label" | "placeholder" | "submit" | "clear" | "hint") => string) {
  return { label: t("label"), placeholder: t("placeholder"), submit: t("submit"), clear: t("clear"), hint: t("hint") };
}
