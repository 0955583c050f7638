import { FieldId, PIX_GUI } from "./constants";
import { crc16 } from "./crc16";
import { findField, parseTlv, type TlvField } from "./tlv";

/** The location URL (sub-field 25) of a Pix template, when its GUI is the Pix arrangement's. */
function urlOfTemplate(fields: readonly TlvField[], id: string): string | null {
  const children = findField(fields, id)?.children ?? [];
  if (findField(children, "00")?.value.toLowerCase() !== PIX_GUI) return null;
  return findField(children, "25")?.value ?? null;
}

/**
 * The locations a Pix Automático QR carries: the recurrence's (template 80) and, in a composite
 * QR (journeys 3 and 4), the charge's (template 26); a QR of journey 2 has only the first. Both
 * null when the code is malformed or its CRC does not match.
 */
export function recurrenceQrParts(payload: string): { recurrenceUrl: string | null; chargeUrl: string | null } {
  const raw = payload.trim();
  const none = { recurrenceUrl: null, chargeUrl: null };
  if (raw.length < 8 || crc16(raw.slice(0, -4)) !== raw.slice(-4).toUpperCase()) return none;
  const parsed = parseTlv(raw);
  if (!parsed.ok) return none;
  return {
    recurrenceUrl: urlOfTemplate(parsed.fields, FieldId.recurrence),
    chargeUrl: urlOfTemplate(parsed.fields, String(FieldId.merchantAccountFirst)),
  };
}

/** The recurrence location a Pix Automático QR carries, or null. */
export const recurrenceUrlOf = (payload: string): string | null => recurrenceQrParts(payload).recurrenceUrl;
