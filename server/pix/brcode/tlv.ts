import { BrCodeError } from "./errors";

/**
 * One EMV field. `children` holds the parsed sub-fields of template ids
 * (see `isTemplateId`) and is null for primitive fields.
 *
 * Lengths count UTF-16 code units (JS string length), which is what common
 * generators do for the rare non-ASCII payload; for ASCII it equals bytes.
 */
export interface TlvField {
  readonly id: string;
  readonly value: string;
  readonly children: readonly TlvField[] | null;
}

export type TlvParseResult =
  | { readonly ok: true; readonly fields: readonly TlvField[] }
  | { readonly ok: false; readonly offset: number; readonly reason: string };

export const MAX_VALUE_LENGTH = 99;

const TWO_DIGITS = /^[0-9]{2}$/;

/** Merchant account information (26-51), additional data (62), unreserved templates (80-99). */
export function isTemplateId(id: string): boolean {
  if (!TWO_DIGITS.test(id)) return false;
  const n = Number(id);
  return (n >= 26 && n <= 51) || n === 62 || n >= 80;
}

/**
 * Parses a TLV string into an ordered field list. Never throws: malformed
 * input yields `{ ok: false }` with the offset of the offending field.
 * Templates are expanded one level deep when `nested` is true.
 */
export function parseTlv(input: string, nested = true): TlvParseResult {
  const fields: TlvField[] = [];
  let pos = 0;
  while (pos < input.length) {
    const id = input.slice(pos, pos + 2);
    const lengthDigits = input.slice(pos + 2, pos + 4);
    if (!TWO_DIGITS.test(id) || !TWO_DIGITS.test(lengthDigits)) {
      return fail(pos, `expected a 2-digit id and a 2-digit length at position ${pos}`);
    }
    const length = Number(lengthDigits);
    if (length === 0) {
      return fail(pos, `field ${id} at position ${pos} has length 00`);
    }
    const start = pos + 4;
    const end = start + length;
    if (end > input.length) {
      return fail(
        pos,
        `field ${id} at position ${pos} declares ${length} characters but only ${input.length - start} remain`,
      );
    }
    const value = input.slice(start, end);
    let children: readonly TlvField[] | null = null;
    if (nested && isTemplateId(id)) {
      const inner = parseTlv(value, false);
      if (!inner.ok) {
        return fail(start + inner.offset, `inside template ${id}: ${inner.reason}`);
      }
      children = inner.fields;
    }
    fields.push({ id, value, children });
    pos = end;
  }
  return { ok: true, fields };
}

function fail(offset: number, reason: string): TlvParseResult {
  return { ok: false, offset, reason };
}

export function findField(fields: readonly TlvField[], id: string): TlvField | undefined {
  return fields.find((field) => field.id === id);
}

export function findDuplicateId(fields: readonly TlvField[]): string | null {
  const seen = new Set<string>();
  for (const field of fields) {
    if (seen.has(field.id)) return field.id;
    seen.add(field.id);
  }
  return null;
}

/** Builds a primitive field; validated when encoded. */
export function tlvField(id: string, value: string): TlvField {
  return { id, value, children: null };
}

/** Builds a template field whose value is the encoding of its children. */
export function tlvTemplate(id: string, children: readonly TlvField[]): TlvField {
  return { id, value: encodeTlv(children), children };
}

/** Encodes one field; throws BrCodeError for an invalid id or a value outside 1..99 characters. */
export function encodeTlvField(id: string, value: string): string {
  if (!TWO_DIGITS.test(id)) {
    throw new BrCodeError("INVALID_FORMAT", `TLV id must be two digits, got "${id}"`);
  }
  if (value.length < 1 || value.length > MAX_VALUE_LENGTH) {
    throw new BrCodeError(
      "INVALID_FORMAT",
      `field ${id} must have 1..${MAX_VALUE_LENGTH} characters, got ${value.length}`,
    );
  }
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** Encodes fields in order; templates are re-encoded from their children. */
export function encodeTlv(fields: readonly TlvField[]): string {
  return fields
    .map((field) => encodeTlvField(field.id, field.children ? encodeTlv(field.children) : field.value))
    .join("");
}
