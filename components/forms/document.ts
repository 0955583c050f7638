/** CPF, CNPJ and CEP in forms and pages: the doors' field, its check digits, their usual punctuation. */
import type { z } from "zod";
import { documentKind } from "@/server/documents/cpf-cnpj";

export { formatDocument } from "@/server/documents/cpf-cnpj";

/** A document field that also refuses wrong check digits (an empty one passes: it is optional). */
export function withCheckDigits<S extends z.ZodType<string, string>>(schema: S) {
  return schema.refine((value) => value === "" || documentKind(value) !== null);
}

/** A CEP (8 digits, punctuation ignored) as 00000-000; anything else as given. */
export function formatZipCode(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : value;
}
