/**
 * Identifiers of the SPI's messages: the BizMsgIdr of every
 * message and the RtrId of a return. End-to-end ids are those of the ledger (server/ledger/ids.ts).
 */
import { randomInt } from "node:crypto";
import { END_TO_END_PATTERN } from "../../fields/ids";
import type { Ispb } from "./types";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export const ISPB_PATTERN = /^\d{8}$/;
/** `M`, the sender's ISPB and 23 letters or digits: 32 characters. */
export const BIZ_MSG_IDR_PATTERN = /^M\d{8}[A-Za-z0-9]{23}$/;
/** A return's RtrId: `D`, the returning PSP's ISPB, yyyyMMddHHmm (UTC) and 11 letters or digits. */
export const RETURN_ID_PATTERN = /^D\d{8}\d{12}[A-Za-z0-9]{11}$/;

/** A payment's end-to-end id: `E`, the payer's ISPB, yyyyMMddHHmm (UTC) and 11 letters or digits. */
export const isPaymentEndToEndId = (id: string) => id.startsWith("E") && END_TO_END_PATTERN.test(id);

function randomAlphanumerics(count: number): string {
  let text = "";
  for (let i = 0; i < count; i++) text += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return text;
}

/**
 * A new BizMsgIdr for a message sent by `ispb`: the 23 characters after the ISPB start with the
 * UTC minute (yyyyMMddHHmm), so ids sort by time, and end with 11 random letters or digits.
 */
export function newBizMsgIdr(ispb: Ispb, now = new Date()): string {
  if (!ISPB_PATTERN.test(ispb)) throw new Error(`an ISPB is 8 digits, not "${ispb}"`);
  const stamp = now.toISOString().replace(/[-:T]/g, "").slice(0, 12);
  return `M${ispb}${stamp}${randomAlphanumerics(11)}`;
}
