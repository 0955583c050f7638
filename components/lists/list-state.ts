"use client";

import { useSearchParams } from "next/navigation";
import {
  createParser,
  type Nullable,
  parseAsNumberLiteral,
  type UseQueryStatesKeysMap,
  useQueryStates,
  type Values,
} from "nuqs";
import { DEFAULT_LIMIT, PAGE_SIZES } from "@/components/ui/pagination";

const pageParser = createParser({
  parse: (value) => {
    const page = Number(value);
    return Number.isInteger(page) && page >= 1 ? page : null;
  },
  serialize: String,
}).withDefault(1);

export const LIST_PAGING = { page: pageParser, limit: parseAsNumberLiteral(PAGE_SIZES).withDefault(DEFAULT_LIMIT) };
const OPTIONS = { history: "replace", scroll: false } as const;

/** A calendar day in the URL ("2026-01-31"); anything else is no filter. */
export const parseAsDay = createParser({
  parse: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null),
  serialize: (value: string) => value,
});

/**
 * A list's filters, page and page size kept in the URL (through nuqs), so that a filtered, paged
 * list can be shared or reloaded. Changing a filter or the page size goes back to the first page;
 * a page change is a history entry of its own, a filter change replaces the current one.
 */
export function useListState<Filters extends UseQueryStatesKeysMap>(filters: Filters) {
  const [current, setCurrent] = useQueryStates(filters, OPTIONS);
  const [{ page, limit }, setPaging] = useQueryStates(LIST_PAGING, OPTIONS);
  const searchParams = useSearchParams();
  const keys = Object.keys(filters) as (keyof Filters)[];
  const blank = Object.fromEntries(keys.map((key) => [key, null])) as Nullable<Values<Filters>>;
  const firstPage = () => setPaging({ page: null });

  return {
    filters: current,
    page,
    limit,
    /** The page and its size, as list queries take them. */
    paging: { page, limit },
    /** Whether a filter narrows the list (a filter with a default counts when it differs from it). */
    filtered: keys.some((key) => current[key] !== null && current[key] !== (filters[key]?.defaultValue ?? null)),
    /** The list's query string, for detail pages' way back to the same list. */
    back: searchParams.toString(),
    setFilters: (patch: Partial<Nullable<Values<Filters>>>) => {
      setCurrent(patch);
      firstPage();
    },
    clear: () => {
      setCurrent(blank);
      firstPage();
    },
    setPage: (next: number) => setPaging({ page: next }, { history: "push" }),
    setLimit: (next: number) => setPaging({ limit: PAGE_SIZES.find((size) => size === next) ?? null, page: null }),
  };
}

/** What useListState gives a list with these filters. */
export type ListState<Filters extends UseQueryStatesKeysMap = UseQueryStatesKeysMap> = ReturnType<
  typeof useListState<Filters>
>;

/** A detail page's path, carrying the list's query string (`back`) for its way back to the list. */
export function withBack(path: string, back?: string): string {
  return back ? `${path}?${new URLSearchParams({ back }).toString()}` : path;
}
