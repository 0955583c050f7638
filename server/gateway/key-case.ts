/** snake_case ↔ camelCase for every key, nested in objects and arrays (X-Key-Case, interface 4.1). */
export type KeyCase = "snake" | "camel";

export const toCamel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const toSnake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [convert(k), convertKeys(v, convert)]),
    );
  }
  return value;
}
