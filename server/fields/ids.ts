/**
 * The shape of every identifier a client sends, in a path, a query or a body. A malformed id is
 * a 400 at the door (it cannot exist), never a database error — except where the contract answers
 * only 404 (LookupId, below).
 */
import { z } from "zod";
import { text } from "./text";

export const ACCOUNT_ID_PATTERN = /^\d{12}$/;
/** E (payment) or D (return), the ISPB, yyyyMMddHHmm and 11 alphanumerics. */
export const END_TO_END_PATTERN = /^[ED]\d{8}\d{12}[A-Za-z0-9]{11}$/;
/** A dynamic charge's txId, the id of the API (not the 1-25 character field of a static BR Code). */
export const CHARGE_TXID_PATTERN = /^[a-zA-Z0-9]{26,35}$/;
// No regex flags: OpenAPI carries only the source, so case-insensitivity is spelled out.
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const CLIENT_ID_PATTERN = /^cli_[0-9a-f]{32}$/;
/** Ledger entry ids: an end-to-end id, a UUID, or a charge's txId. */
export const ENTRY_ID_PATTERN = /^[A-Za-z0-9-]{26,36}$/;

export const AccountId = text({ max: 12, pattern: ACCOUNT_ID_PATTERN, patternMessage: "must be 12 digits" })
  .describe("12-digit account number.")
  .meta({ example: "100000000001" });
export const EndToEndId = text({
  max: 32,
  pattern: END_TO_END_PATTERN,
  patternMessage: "must be an end-to-end id (32 characters: E or D, ISPB, yyyyMMddHHmm, 11 alphanumerics)",
})
  .describe("End-to-end id: 32 characters, `E` or `D`, the ISPB, yyyyMMddHHmm, 11 letters or digits.")
  .meta({ example: "E12345678202611261200Ab12Cd34Ef5" });
export const TxId = text({
  max: 35,
  pattern: CHARGE_TXID_PATTERN,
  patternMessage: "must be 26-35 letters or digits",
})
  .describe("Charge id: 26-35 letters or digits.")
  .meta({ example: "7d9f0335b4a14b0d9f5c3a1e2b7c8d90" });
export const Uuid = text({ max: 36, pattern: UUID_PATTERN, patternMessage: "must be a UUID" })
  .describe("A UUID.")
  .meta({ example: "3f2c1e9a-8b7d-4c6e-9f1a-2b3c4d5e6f70" });
export const ClientId = text({ max: 36, pattern: CLIENT_ID_PATTERN, patternMessage: "must be cli_ and 32 hex digits" });
export const EntryId = text({
  max: 36,
  pattern: ENTRY_ID_PATTERN,
  patternMessage: "must be an entry id (end-to-end id, UUID or txId)",
})
  .describe("An entry id: its end-to-end id, a UUID, or a charge's txId.")
  .meta({ example: "E12345678202611261200Ab12Cd34Ef5" });

/**
 * A path id on a route whose contract answers an id that names nothing with 404 and has no 400
 * (DELETE /webhooks/config/{configId}, GET /ledger/extract/{id}): any text, even NUL, because the
 * services look such ids up only when they have the id's shape (a malformed one names nothing).
 */
export const LookupId = z.string().min(1).max(128).describe("The resource's id; an unknown or malformed id is a 404.");
