import type { FieldValues, Path } from "react-hook-form";
import type { AnyForm } from "./schema-form";
import { errorData } from "./service-error";

/** Where and how a refused field is shown: on a form field, or above the form (`path` null). */
export type RefusedMark<V extends FieldValues> = { message: string; path: Path<V> | null };

/**
 * Marks each field a service refused (FieldsRefused's `fields`) with its sentence, focusing the
 * first; fields `mark` does not know are skipped. True when some were marked.
 */
export function markRefusedFields<V extends FieldValues>(
  form: AnyForm<V>,
  fields: string[],
  mark: (field: string) => RefusedMark<V> | null,
): boolean {
  let marked = false;
  for (const field of fields) {
    const refused = mark(field);
    if (!refused) continue;
    const error = { type: "server", message: refused.message };
    if (refused.path) form.setError(refused.path, error, { shouldFocus: !marked });
    else form.setError("root.server", error);
    marked = true;
  }
  return marked;
}

/** The fields a service refused (FieldsRefused's `fields` on a procedure's error), none when it named none. */
export function refusedFieldsOf(cause: unknown): string[] {
  return (errorData(cause) as { fields?: string[] | null } | null)?.fields ?? [];
}
