"use client";

import { useState } from "react";

/** `set` with `item` added, or removed if it was there, as a new set. */
export function toggled<T>(set: ReadonlySet<T>, item: T): Set<T> {
  const next = new Set(set);
  if (next.has(item)) next.delete(item);
  else next.add(item);
  return next;
}

/** Which of a list's rows are expanded (or checked): the set and a toggle for one of them. */
export function useToggleSet<T = string>(): [ReadonlySet<T>, (item: T) => void] {
  const [set, setSet] = useState<ReadonlySet<T>>(() => new Set());
  return [set, (item) => setSet((current) => toggled(current, item))];
}
