/**
 * The base of every string field on both REST surfaces and tRPC. PostgreSQL refuses U+0000 and
 * unpaired UTF-16 surrogates in text and jsonb, so they are a 400 at the door, never a 500 later.
 * Browser-safe: the dashboard forms validate with the same schemas.
 */
import { z } from "zod";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const UNSAFE_TEXT_MESSAGE = "must not contain NUL characters or unpaired UTF-16 surrogates";

export const isSafeText = (value: string) => !value.includes("\u0000") && !LONE_SURROGATE.test(value);

type TextOptions = { max: number; min?: number; trim?: boolean; pattern?: RegExp; patternMessage?: string };

/** A string of `min` (default 0) to `max` characters without NUL or lone surrogates; trimmed first when asked. */
export function text({ max, min = 0, trim = false, pattern, patternMessage }: TextOptions) {
  let schema = trim ? z.string().trim() : z.string();
  if (min > 0) schema = schema.min(min, min === 1 ? "must not be empty" : `must have at least ${min} characters`);
  schema = schema.max(max, `must have at most ${max} characters`);
  if (pattern) schema = schema.regex(pattern, patternMessage ?? "is malformed");
  return schema.refine(isSafeText, UNSAFE_TEXT_MESSAGE);
}

/**
 * Where in a JSON value (keys too) the first string PostgreSQL cannot store is, or null when there
 * is none. Walks with its own stack, not recursion: a body nested 100,000 deep is an answer, not a
 * RangeError.
 */
export function unsafeTextPath(value: unknown): string[] | null {
  type Step = { value: unknown; key: string | null; parent: Step | null };
  const pathOf = (step: Step | null, last?: string) => {
    const path: string[] = last === undefined ? [] : [last];
    for (let at = step; at && at.key !== null; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const pending: Step[] = [{ value, key: null, parent: null }];
  for (let step = pending.pop(); step; step = pending.pop()) {
    const current = step.value;
    if (typeof current === "string") {
      if (!isSafeText(current)) return pathOf(step);
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    const entries = Array.isArray(current)
      ? current.map((inner, index): [string, unknown] => [String(index), inner])
      : Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i] as [string, unknown];
      if (!isSafeText(key)) return pathOf(step, key);
      pending.push({ value: inner, key, parent: step });
    }
  }
  return null;
}

/** Every string of a JSON value (keys too) storable as text. */
export const isSafeJson = (value: unknown) => unsafeTextPath(value) === null;

/** Free-form JSON object kept as given (jsonb): any keys and values, no NUL or lone surrogates anywhere. */
export const Metadata = z
  .record(z.string(), z.unknown())
  .refine(isSafeJson, `strings ${UNSAFE_TEXT_MESSAGE}`)
  .describe("Any JSON object; returned as given in answers and webhooks.")
  .meta({ example: { orderId: "1234" } });

export const MAX_DESCRIPTION = 140;
/** The free text of a payment, a charge or a refund, shown to the other party. */
export const Description = text({ max: MAX_DESCRIPTION, trim: true })
  .describe(`At most ${MAX_DESCRIPTION} characters.`)
  .meta({ example: "Pedido 1234" });

/** The caller's own reference, unique per account; also a path parameter (GET /ledger/external-id/{id}). */
export const MAX_EXTERNAL_ID = 64;
export const ExternalId = text({
  min: 1,
  max: MAX_EXTERNAL_ID,
  pattern: /^[A-Za-z0-9._:-]+$/,
  patternMessage: "must be letters, digits, '.', '_', ':' or '-'",
})
  .describe("Your own reference, unique per account: 1-64 letters, digits, `.`, `_`, `:` or `-`.")
  .meta({ example: "pedido-1234" });

/** An e-mail address as PIX keys and proposals take it: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A Brazilian phone number: +55, the area code and the number (10 or 11 digits). */
export const PHONE_PATTERN = /^\+55\d{10,11}$/;

/** The longest CPF or CNPJ as written: a punctuated CNPJ, 00.000.000/0000-00. */
export const MAX_DOCUMENT_LENGTH = 18;

/** A CPF or CNPJ, digits with or without punctuation. */
export const CpfCnpj = text({ max: MAX_DOCUMENT_LENGTH, trim: true })
  .describe("CPF (11 digits) or CNPJ (14 digits), punctuation allowed.")
  .meta({ example: "529.982.247-25" });
export const Cpf = text({ max: MAX_DOCUMENT_LENGTH, trim: true })
  .describe("A CPF: 11 digits, punctuation allowed.")
  .meta({ example: "529.982.247-25" });
