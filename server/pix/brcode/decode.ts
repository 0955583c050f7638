import { parseAmountCents } from "./amount";
import {
  AccountFieldId,
  BRCODE_TXID_PATTERN,
  COUNTRY_BR,
  CURRENCY_BRL,
  FieldId,
  MAX_MERCHANT_CITY_LENGTH,
  MAX_MERCHANT_NAME_LENGTH,
  MAX_PAYLOAD_LENGTH,
  NO_TXID,
  TXID_FIELD_ID,
  URL_SCHEME_PATTERN,
} from "./constants";
import { crc16 } from "./crc16";
import { BrCodeError, type BrCodeErrorCode } from "./errors";
import { findDuplicateId, findField, parseTlv, type TlvField } from "./tlv";

export type PointOfInitiation = "11" | "12";

interface DecodedBrCodeBase {
  /** Free text from the merchant account template (sub-id 02), as found. */
  description: string | null;
  /** Field 54 in centavos; null when the payer chooses the amount. */
  amountCents: bigint | null;
  merchantName: string;
  merchantCity: string;
  /** Field 62-05; null when absent or the "***" placeholder. */
  txid: string | null;
  /** Field 01; null when absent, which means reusable like "11". */
  pointOfInitiation: PointOfInitiation | null;
  merchantCategoryCode: string;
  currency: typeof CURRENCY_BRL;
  countryCode: typeof COUNTRY_BR;
  /** The validated payload (surrounding whitespace removed). */
  raw: string;
}

export interface DecodedStaticBrCode extends DecodedBrCodeBase {
  kind: "static";
  pixKey: string;
  url: null;
}

export interface DecodedDynamicBrCode extends DecodedBrCodeBase {
  kind: "dynamic";
  pixKey: null;
  /** Location of the charge payload, without scheme (fetched over https). */
  url: string;
}

export type DecodedBrCode = DecodedStaticBrCode | DecodedDynamicBrCode;

type PixAccount =
  | { kind: "static"; pixKey: string; url: null; description: string | null }
  | { kind: "dynamic"; pixKey: null; url: string; description: string | null };

const PIX_GUI_PATTERN = /^br\.gov\.bcb\.pix$/i;
const PIX_KEY_PATTERN = /^[^\s\p{Cc}]+$/u;
const URL_PATTERN = /^[\x21-\x7E]+$/;
const CONTROL_CHARACTER = /\p{Cc}/u;
const NON_BLANK = /\S/;
const HEX4_PATTERN = /^[0-9A-Fa-f]{4}$/;
const MERCHANT_CATEGORY_PATTERN = /^[0-9]{4}$/;

/**
 * Decodes and validates a Pix BR Code ("copia e cola" payload).
 * Throws only BrCodeError; every step below either returns or throws one.
 */
export function decodeBrCode(payload: string): DecodedBrCode {
  const raw = readPayload(payload);
  const fields = parseTopLevel(raw);
  checkPayloadFormat(fields);
  checkCrc(raw, fields);
  const account = readPixAccount(fields);
  const amount = findField(fields, FieldId.amount);
  const base: DecodedBrCodeBase = {
    description: account.description,
    amountCents: amount ? parseAmountCents(amount.value) : null,
    merchantName: readText(
      fields,
      FieldId.merchantName,
      MAX_MERCHANT_NAME_LENGTH,
      "INVALID_MERCHANT_NAME",
      "merchant name",
    ),
    merchantCity: readText(
      fields,
      FieldId.merchantCity,
      MAX_MERCHANT_CITY_LENGTH,
      "INVALID_MERCHANT_CITY",
      "merchant city",
    ),
    txid: readTxid(fields),
    pointOfInitiation: readPointOfInitiation(fields),
    merchantCategoryCode: readMerchantCategory(fields),
    currency: readCurrency(fields),
    countryCode: readCountry(fields),
    raw,
  };
  return account.kind === "static"
    ? { ...base, kind: "static", pixKey: account.pixKey, url: null }
    : { ...base, kind: "dynamic", pixKey: null, url: account.url };
}

function readPayload(payload: unknown): string {
  if (typeof payload !== "string") {
    throw new BrCodeError("INVALID_FORMAT", "BR Code payload must be a string");
  }
  const raw = payload.trim();
  if (raw.length === 0) {
    throw new BrCodeError("INVALID_FORMAT", "BR Code payload is empty");
  }
  if (raw.length > MAX_PAYLOAD_LENGTH) {
    throw new BrCodeError("INVALID_FORMAT", `BR Code payload is longer than ${MAX_PAYLOAD_LENGTH} characters`);
  }
  return raw;
}

function parseTopLevel(raw: string): readonly TlvField[] {
  const parsed = parseTlv(raw);
  if (!parsed.ok) {
    throw new BrCodeError("INVALID_FORMAT", `malformed BR Code: ${parsed.reason}`);
  }
  const duplicate = findDuplicateId(parsed.fields);
  if (duplicate !== null) {
    throw new BrCodeError("INVALID_FORMAT", `field ${duplicate} appears more than once`);
  }
  return parsed.fields;
}

function checkPayloadFormat(fields: readonly TlvField[]): void {
  const first = fields[0];
  if (first?.id !== FieldId.payloadFormat || first.value !== "01") {
    throw new BrCodeError("INVALID_PAYLOAD_FORMAT", 'BR Code must start with payload format indicator 00 = "01"');
  }
}

function checkCrc(raw: string, fields: readonly TlvField[]): void {
  const last = fields[fields.length - 1];
  if (last?.id !== FieldId.crc) {
    throw new BrCodeError("INVALID_CRC", "BR Code must end with the CRC field 63");
  }
  if (!HEX4_PATTERN.test(last.value)) {
    throw new BrCodeError("INVALID_CRC", "CRC field 63 must hold four hex digits");
  }
  const expected = crc16(raw.slice(0, raw.length - last.value.length));
  if (last.value.toUpperCase() !== expected) {
    throw new BrCodeError("INVALID_CRC", `CRC mismatch: payload says ${last.value}, computed ${expected}`);
  }
}

function isMerchantAccountId(id: string): boolean {
  const n = Number(id);
  return n >= FieldId.merchantAccountFirst && n <= FieldId.merchantAccountLast;
}

function readPixAccount(fields: readonly TlvField[]): PixAccount {
  const templates = fields.filter(
    (field) =>
      isMerchantAccountId(field.id) &&
      PIX_GUI_PATTERN.test(findField(field.children ?? [], AccountFieldId.gui)?.value ?? ""),
  );
  const template = templates[0];
  if (template === undefined) {
    throw new BrCodeError("NOT_PIX", "no merchant account template with GUI br.gov.bcb.pix");
  }
  if (templates.length > 1) {
    throw new BrCodeError("INVALID_MERCHANT_ACCOUNT", "more than one Pix merchant account template");
  }
  const children = template.children ?? [];
  const duplicate = findDuplicateId(children);
  if (duplicate !== null) {
    throw new BrCodeError("INVALID_MERCHANT_ACCOUNT", `Pix account sub-field ${duplicate} appears more than once`);
  }
  const pixKey = findField(children, AccountFieldId.pixKey)?.value ?? null;
  const url = findField(children, AccountFieldId.url)?.value ?? null;
  const description = findField(children, AccountFieldId.description)?.value ?? null;

  if (pixKey !== null && url !== null) {
    throw new BrCodeError("INVALID_MERCHANT_ACCOUNT", "Pix account has both a key (01) and a location URL (25)");
  }
  if (pixKey !== null) {
    if (!PIX_KEY_PATTERN.test(pixKey)) {
      throw new BrCodeError("INVALID_PIX_KEY", "Pix key must not contain spaces or control characters");
    }
    return { kind: "static", pixKey, url: null, description };
  }
  if (url !== null) {
    if (!URL_PATTERN.test(url) || URL_SCHEME_PATTERN.test(url)) {
      throw new BrCodeError("INVALID_URL", "location URL must be printable ASCII without spaces or scheme");
    }
    return { kind: "dynamic", pixKey: null, url, description };
  }
  throw new BrCodeError("INVALID_MERCHANT_ACCOUNT", "Pix account has neither a key (01) nor a location URL (25)");
}

function readPointOfInitiation(fields: readonly TlvField[]): PointOfInitiation | null {
  const field = findField(fields, FieldId.pointOfInitiation);
  if (field === undefined) return null;
  if (field.value === "11" || field.value === "12") return field.value;
  throw new BrCodeError(
    "INVALID_POINT_OF_INITIATION",
    `point of initiation must be "11" or "12", got "${field.value}"`,
  );
}

function readMerchantCategory(fields: readonly TlvField[]): string {
  const value = findField(fields, FieldId.merchantCategory)?.value;
  if (value === undefined || !MERCHANT_CATEGORY_PATTERN.test(value)) {
    throw new BrCodeError("INVALID_MERCHANT_CATEGORY", "merchant category code (52) must be four digits");
  }
  return value;
}

function readCurrency(fields: readonly TlvField[]): typeof CURRENCY_BRL {
  const value = findField(fields, FieldId.currency)?.value;
  if (value !== CURRENCY_BRL) {
    throw new BrCodeError("INVALID_CURRENCY", `currency (53) must be ${CURRENCY_BRL} (BRL)`);
  }
  return value;
}

function readCountry(fields: readonly TlvField[]): typeof COUNTRY_BR {
  const value = findField(fields, FieldId.country)?.value;
  if (value !== COUNTRY_BR) {
    throw new BrCodeError("INVALID_COUNTRY", `country code (58) must be ${COUNTRY_BR}`);
  }
  return value;
}

function readText(
  fields: readonly TlvField[],
  id: string,
  maxLength: number,
  code: BrCodeErrorCode,
  label: string,
): string {
  const value = findField(fields, id)?.value;
  if (value === undefined) {
    throw new BrCodeError(code, `${label} (${id}) is required`);
  }
  if (value.length > maxLength) {
    throw new BrCodeError(code, `${label} (${id}) must have at most ${maxLength} characters`);
  }
  if (CONTROL_CHARACTER.test(value) || !NON_BLANK.test(value)) {
    throw new BrCodeError(code, `${label} (${id}) must not be blank or contain control characters`);
  }
  return value;
}

function readTxid(fields: readonly TlvField[]): string | null {
  const additional = findField(fields, FieldId.additionalData)?.children ?? [];
  const duplicate = findDuplicateId(additional);
  if (duplicate !== null) {
    throw new BrCodeError("INVALID_FORMAT", `additional data sub-field ${duplicate} appears more than once`);
  }
  const value = findField(additional, TXID_FIELD_ID)?.value;
  if (value === undefined || value === NO_TXID) return null;
  if (!BRCODE_TXID_PATTERN.test(value)) {
    throw new BrCodeError("INVALID_TXID", `txid must be "***" or 1..25 letters and digits`);
  }
  return value;
}
