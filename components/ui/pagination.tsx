"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { Button } from "./button";
import { cn } from "./cn";
import { Select } from "./fields";
import { ArrowLeftIcon, ArrowRightIcon } from "./icons";

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_LIMIT = 20;

/** Previous / "page n of m" / next, and the page size. */
export function Pagination({
  page,
  pages,
  limit,
  onPage,
  onLimit,
  testId,
  className,
}: {
  page: number;
  pages: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  testId?: string;
  className?: string;
}) {
  const t = useTranslations("pagination");
  const id = useId();
  return (
    <nav
      aria-label={t("label")}
      className={cn("flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between", className)}
      data-testid={testId}
    >
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-sm text-slate-600">
          {t("perPage")}
        </label>
        <div className="w-20">
          <Select id={id} size="sm" value={limit} onChange={(event) => onLimit(Number(event.target.value))}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <Button variant="secondary" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          <ArrowLeftIcon className="size-4" />
          {t("previous")}
        </Button>
        <span className="text-sm text-slate-600 tabular-nums" aria-current="page">
          {t("page", { page, pages })}
        </span>
        <Button variant="secondary" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
          {t("next")}
          <ArrowRightIcon className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
