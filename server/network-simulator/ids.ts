import { randomBytes, randomUUID } from "node:crypto";

/** The SPI's own ISPB: the receiver of everything a participant sends, the sender of everything it delivers. */
export const SPI_ISPB = "00038166";

export const ISPB_PATTERN = /^[0-9]{8}$/;
export const BIZ_MSG_IDR_PATTERN = /^M[0-9]{8}[A-Za-z0-9]{23}$/;
export const END_TO_END_ID_PATTERN = /^E[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$/;
export const RETURN_ID_PATTERN = /^D[0-9]{8}[0-9]{12}[A-Za-z0-9]{11}$/;
/** AppHdr/CreDt: UTC with milliseconds. */
export const UTC_MILLIS_PATTERN = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$/;
/** Other date-times of the messages: ISO 8601 with a zone, fractions optional. */
export const DATE_TIME_PATTERN =
  /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,9})?(Z|[+-][0-9]{2}:[0-9]{2})$/;

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function randomAlphanumeric(length: number): string {
  let result = "";
  while (result.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: bytes at or above it would favour the first characters.
      if (byte < 248 && result.length < length) result += ALPHANUMERIC[byte % 62];
    }
  }
  return result;
}

/** yyyyMMddHHmm in UTC, as EndToEndId and RtrId carry it. */
export function minuteStamp(date: Date): string {
  return date.toISOString().slice(0, 16).replace(/[-T:]/g, "");
}

export function newBizMsgIdr(senderIspb: string): string {
  return `M${senderIspb}${randomAlphanumeric(23)}`;
}

export function newEndToEndId(payerIspb: string, at = new Date()): string {
  return `E${payerIspb}${minuteStamp(at)}${randomAlphanumeric(11)}`;
}

export function newReturnId(returningIspb: string, at = new Date()): string {
  return `D${returningIspb}${minuteStamp(at)}${randomAlphanumeric(11)}`;
}

/** PI-ResourceId of a message accepted by or delivered from the SPI. */
export function newResourceId(): string {
  return randomUUID().replaceAll("-", "");
}

/** The ISPB an EndToEndId or RtrId names (characters 2–9). */
export function ispbOfTransactionId(id: string): string {
  return id.slice(1, 9);
}

/** Whether the yyyyMMddHHmm of an EndToEndId or RtrId is a real minute. */
export function hasValidMinuteStamp(id: string): boolean {
  const stamp = id.slice(9, 21);
  const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:00.000Z`;
  const parsed = new Date(iso);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString() === iso;
}
