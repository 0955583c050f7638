import { randomInt } from "node:crypto";

export { ACCOUNT_ID_PATTERN } from "../fields/ids";

/** 12 digits, never starting with 0 so it survives being read as a number by careless clients. */
export function newAccountId(): string {
  let id = String(randomInt(1, 10));
  while (id.length < 12) id += String(randomInt(0, 10));
  return id;
}
