"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";

/**
 * A list's filters and page kept in the URL's search params. The query a change asked for is used
 * at once, until the navigation lands, so controls and list follow it without waiting.
 */
export function useUrlState() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const current = searchParams.toString();
  const [requested, setRequested] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the URL's query changes
  useEffect(() => setRequested(null), [current]);
  const query = requested ?? current;

  /** Writes params to the URL; anything but a page change goes back to the first page. */
  function update(patch: Record<string, string | undefined>, mode: "replace" | "push" = "replace") {
    const next = new URLSearchParams(query);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!("page" in patch)) next.delete("page");
    const text = next.toString();
    setRequested(text);
    const href = text ? `${pathname}?${text}` : pathname;
    if (mode === "push") router.push(href, { scroll: false });
    else router.replace(href, { scroll: false });
  }

  return { params: new URLSearchParams(query), query, update };
}
