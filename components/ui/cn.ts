import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names, dropping falsy ones. It does not resolve Tailwind conflicts: of `h-9` and
 * `h-10` the one later in the stylesheet wins, whatever the order here. So a primitive takes a
 * prop for what callers vary (Button's `size`, Select's `size`, Skeleton's `rounded`...) and a
 * caller's `className` only adds what the primitive does not set.
 */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
