/** Field rules of API keys, for tRPC and the dashboard's key form. */
import { z } from "zod";
import { ClientId } from "../fields/ids";
import { text } from "../fields/text";
import { SCOPES } from "./scopes";

export const MAX_WHITELIST_ENTRIES = 50;

export const MAX_KEY_NAME = 80;
export const KeyName = text({ min: 1, max: MAX_KEY_NAME, trim: true });
export const Scopes = z.array(z.enum(SCOPES)).min(1).max(SCOPES.length);
/** An IP or IPv4 CIDR; the service reads each entry exactly as the request pipeline does. */
export const MAX_WHITELIST_ENTRY = 64;
export const WhitelistEntry = text({ min: 1, max: MAX_WHITELIST_ENTRY, trim: true });
/** At least one entry: a key without one would be refused everywhere (403), so it is not created. */
export const IpWhitelist = z
  .array(WhitelistEntry)
  .min(1)
  .max(MAX_WHITELIST_ENTRIES)
  .describe(`1 to ${MAX_WHITELIST_ENTRIES} IPs or IPv4 CIDRs the key may be used from.`);

export { ClientId };
