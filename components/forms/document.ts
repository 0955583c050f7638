/** CPF and CNPJ in forms: the doors' field, its check digits, its usual punctuation. */
import type { z } from "zod";
import { documentKind } from "@/server/documents/cpf-cnpj";

export { formatDocument } from "@/server/documents/cpf-cnpj";

/** A document field that also refuses wrong check digits (an empty one passes: it is optional). */
export function withCheckDigits<S extends z.ZodType<string, string>>(schema: S) {
  return schema.refine((value) => value === "" || documentKind(value) !== null);
}
