import { randomInt } from "node:crypto";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export { CHARGE_TXID_PATTERN } from "../fields/ids";

/** 32 alphanumerics (docs/contract.md: txId is 26-35 characters [a-zA-Z0-9]). */
export function newTxId(): string {
  let id = "";
  for (let i = 0; i < 32; i++) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return id;
}

export const LOCATION_PATH = "/pix/qr/v2";

/**
 * Field 25 of the BR Code: the charge's location on this service's public host, without scheme. A
 * due-date charge's (cobv) is under `cobv/`, where the payer's institution adds `?DPP=&codMun=`.
 */
export function locationUrl(appUrl: string, locationId: string, tipoCob: "cob" | "cobv" = "cob"): string {
  const url = new URL(appUrl);
  return `${url.host}${LOCATION_PATH}/${tipoCob === "cobv" ? "cobv/" : ""}${locationId}`;
}

/** The location id when a BR Code's URL points at this service, else null. */
export function ownLocationId(appUrl: string, url: string): string | null {
  const prefix = `${new URL(appUrl).host}${LOCATION_PATH}/`.toLowerCase();
  if (!url.toLowerCase().startsWith(prefix)) return null;
  const id = url.slice(prefix.length).replace(/^cobv\//i, "");
  return /^[0-9a-f-]{36}$/i.test(id) ? id.toLowerCase() : null;
}
