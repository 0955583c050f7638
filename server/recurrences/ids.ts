import { randomInt } from "node:crypto";

export { ID_REC_PATTERN, ID_SOLIC_REC_PATTERN } from "./model";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * A new `idRec`: "R", then "R" when the recurrence allows retries after the due date or "N" when
 * not, the receiving institution's ISPB, the creation day (yyyyMMdd) and 11 random alphanumerics.
 */
export function newIdRec(retries: boolean, ispb: string, createdOn: string): string {
  return `R${retries ? "R" : "N"}${ispb}${createdOn.replaceAll("-", "")}${sequence()}`;
}

/** A new `idSolicRec`: "SC", the sending institution's ISPB, the creation day (yyyyMMdd), 11 random alphanumerics. */
export function newIdSolicRec(ispb: string, createdOn: string): string {
  return `SC${ispb}${createdOn.replaceAll("-", "")}${sequence()}`;
}

function sequence(): string {
  let value = "";
  for (let i = 0; i < 11; i++) value += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return value;
}
