import { FieldId, PIX_GUI } from "./constants";
import { crc16 } from "./crc16";
import { findField, parseTlv } from "./tlv";

/**
 * The recurrence location a Pix Automático QR carries (template 80, sub-field 25), or null when
 * the code has none, is malformed or its CRC does not match. A QR of journey 2 carries only this;
 * a composite one (journeys 3 and 4) carries a charge's location in template 26 as well.
 */
export function recurrenceUrlOf(payload: string): string | null {
  const raw = payload.trim();
  if (raw.length < 8 || crc16(raw.slice(0, -4)) !== raw.slice(-4).toUpperCase()) return null;
  const parsed = parseTlv(raw);
  if (!parsed.ok) return null;
  const template = findField(parsed.fields, FieldId.recurrence);
  const children = template?.children ?? [];
  if (findField(children, "00")?.value.toLowerCase() !== PIX_GUI) return null;
  return findField(children, "25")?.value ?? null;
}
