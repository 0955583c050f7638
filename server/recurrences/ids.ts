import { randomInt } from "node:crypto";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** The API Pix `idRec` pattern: 29 alphanumerics. */
export const ID_REC_PATTERN = /^[a-zA-Z0-9]{29}$/;

/**
 * A new `idRec`: "R", then "R" when the recurrence allows retries after the due date or "N" when
 * not, the receiving institution's ISPB, the creation day (yyyyMMdd) and 11 random alphanumerics.
 */
export function newIdRec(retries: boolean, ispb: string, createdOn: string): string {
  let sequence = "";
  for (let i = 0; i < 11; i++) sequence += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return `R${retries ? "R" : "N"}${ispb}${createdOn.replaceAll("-", "")}${sequence}`;
}
