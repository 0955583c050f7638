/**
 * Identifiers of the SPI's messages (network.md §2.1): their patterns, which the message schemas
 * check, and the BizMsgIdr of every message the connector sends. End-to-end ids and return ids
 * are made by the ledger (server/ledger/ids.ts).
 */
import { randomInt } from "node:crypto";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export const ISPB_PATTERN = /^\d{8}$/;
/** `M`, the sender's ISPB and 23 letters or digits: 32 characters. */
export const BIZ_MSG_IDR_PATTERN = /^M\d{8}[A-Za-z0-9]{23}$/;
/** A payment's EndToEndId: `E`, the payer's ISPB, yyyyMMddHHmm (UTC) and 11 letters or digits. */
export const END_TO_END_ID_PATTERN = /^E\d{8}\d{12}[A-Za-z0-9]{11}$/;
/** A return's RtrId: `D`, the returning PSP's ISPB, yyyyMMddHHmm (UTC) and 11 letters or digits. */
export const RETURN_ID_PATTERN = /^D\d{8}\d{12}[A-Za-z0-9]{11}$/;

export const isPaymentEndToEndId = (id: string) => END_TO_END_ID_PATTERN.test(id);

/** The ISPB an id carries after its first letter (BizMsgIdr, EndToEndId, RtrId). */
export const ispbOfId = (id: string) => id.slice(1, 9);

/** Whether the yyyyMMddHHmm after the ISPB of an EndToEndId or RtrId is a minute that exists. */
export function hasRealMinute(id: string): boolean {
  const stamp = id.slice(9, 21);
  const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:00.000Z`;
  const date = new Date(iso);
  return !Number.isNaN(date.getTime()) && date.toISOString() === iso;
}

function randomAlphanumerics(count: number): string {
  let text = "";
  for (let i = 0; i < count; i++) text += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return text;
}

/**
 * A new BizMsgIdr for a message sent by `ispb`: the 23 characters after the ISPB start with the
 * UTC minute (yyyyMMddHHmm), so ids sort by time, and end with 11 random letters or digits.
 */
export function newBizMsgIdr(ispb: string, now = new Date()): string {
  if (!ISPB_PATTERN.test(ispb)) throw new Error(`an ISPB is 8 digits, not "${ispb}"`);
  const stamp = now.toISOString().replace(/[-:T]/g, "").slice(0, 12);
  return `M${ispb}${stamp}${randomAlphanumerics(11)}`;
}
