import { randomInt } from "node:crypto";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** The API Pix `idRec` pattern: 29 alphanumerics. */
export const ID_REC_PATTERN = /^[a-zA-Z0-9]{29}$/;

/**
 * A new `idRec`: "R", then "R" when the recurrence allows retries after the due date or "N" when
 * not, the receiving institution's ISPB, the creation day (yyyyMMdd) and 11 random alphanumerics.
 */
export function newIdRec(retries: boolean, ispb: string, createdOn: string): string {
  return `R${retries ? "R" : "N"}${ispb}${createdOn.replaceAll("-", "")}${sequence()}`;
}

/** The API Pix `idSolicRec` pattern: 29 alphanumerics. */
export const ID_SOLIC_REC_PATTERN = /^[a-zA-Z0-9]{29}$/;

/** A new `idSolicRec`: "SC", the sending institution's ISPB, the creation day (yyyyMMdd), 11 random alphanumerics. */
export function newIdSolicRec(ispb: string, createdOn: string): string {
  return `SC${ispb}${createdOn.replaceAll("-", "")}${sequence()}`;
}

function sequence(): string {
  let value = "";
  for (let i = 0; i < 11; i++) value += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return value;
}
