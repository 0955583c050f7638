import { formatAmountCents } from "./amount";
import {
  AccountFieldId,
  BRCODE_TXID_PATTERN,
  COUNTRY_BR,
  CURRENCY_BRL,
  DEFAULT_MERCHANT_CATEGORY,
  FieldId,
  MAX_MERCHANT_CITY_LENGTH,
  MAX_MERCHANT_NAME_LENGTH,
  NO_TXID,
  PIX_GUI,
  POINT_OF_INITIATION_DYNAMIC,
  POINT_OF_INITIATION_STATIC,
  TXID_FIELD_ID,
  URL_SCHEME_PATTERN,
} from "./constants";
import { crc16 } from "./crc16";
import { BrCodeError } from "./errors";
import { encodeTlv, MAX_VALUE_LENGTH, type TlvField, tlvField, tlvTemplate } from "./tlv";
import { transliterate } from "./transliterate";

export interface DynamicBrCodeInput {
  /** Charge location without scheme, e.g. "pix.example.com/qr/v2/abc". */
  locationUrl: string;
  amountCents: bigint;
  merchantName: string;
  merchantCity: string;
}

/** Journey 2 of Pix Automático: a QR that carries only a recurrence's location. */
export interface RecurrenceBrCodeInput {
  /** The recurrence's location without scheme, e.g. "pix.example.com/qr/v2/rec/abc". */
  recurrenceUrl: string;
  merchantName: string;
  merchantCity: string;
}

export interface StaticBrCodeInput {
  pixKey: string;
  amountCents?: bigint;
  /** Shown to the payer; transliterated like the merchant name. */
  description?: string;
  merchantName: string;
  merchantCity: string;
  /** Letters and digits, up to 25; defaults to "***" (no txid). */
  txid?: string;
}

const PRINTABLE_ASCII = /^[\x21-\x7E]+$/;
// The GUI sub-field ("00" + "14" + "br.gov.bcb.pix") takes 18 of the template's 99 characters.
const ACCOUNT_ROOM = MAX_VALUE_LENGTH - encodeTlv([tlvField(AccountFieldId.gui, PIX_GUI)]).length;
const SUBFIELD_OVERHEAD = 4;

/** A location URL as a BR Code carries it (field 25 of a template): printable, no scheme, fits. */
function checkedUrl(url: string, what: string): string {
  if (!PRINTABLE_ASCII.test(url) || URL_SCHEME_PATTERN.test(url)) {
    throw new BrCodeError("INVALID_URL", `${what} URL must be printable ASCII without spaces or scheme`);
  }
  if (SUBFIELD_OVERHEAD + url.length > ACCOUNT_ROOM) {
    throw new BrCodeError(
      "INVALID_URL",
      `${what} URL must have at most ${ACCOUNT_ROOM - SUBFIELD_OVERHEAD} characters`,
    );
  }
  return url;
}

/** Builds a single-use dynamic BR Code pointing at a charge location. */
export function encodeDynamicBrCode(input: DynamicBrCodeInput): string {
  const url = checkedUrl(input.locationUrl, "location");
  return assemble({
    pointOfInitiation: POINT_OF_INITIATION_DYNAMIC,
    account: [tlvField(AccountFieldId.gui, PIX_GUI), tlvField(AccountFieldId.url, url)],
    amount: formatAmountCents(input.amountCents),
    merchantName: input.merchantName,
    merchantCity: input.merchantCity,
    txid: NO_TXID,
    recurrenceUrl: null,
  });
}

/** Pix Automático's template 80: the arrangement's GUI and the recurrence's location. */
const recurrenceTemplate = (url: string) =>
  tlvTemplate(FieldId.recurrence, [tlvField(AccountFieldId.gui, PIX_GUI), tlvField(AccountFieldId.url, url)]);

/** Closes a payload: the CRC covers everything up to and including its own id and length ("6304"). */
function withCrc(fields: string): string {
  const body = `${fields}${FieldId.crc}04`;
  return `${body}${crc16(body)}`;
}

/**
 * The composite QR of journeys 3 (a cob) and 4 (a cobv): the charge's own BR Code, every field
 * kept, with the recurrence template added before a new CRC. A payer's app that knows no Pix
 * Automático still pays the charge.
 */
export function composeWithRecurrence(chargeBrCode: string, recurrenceUrl: string): string {
  const crcAt = chargeBrCode.length - 8;
  if (crcAt <= 0 || chargeBrCode.slice(crcAt, crcAt + 4) !== `${FieldId.crc}04`) {
    throw new BrCodeError("INVALID_CRC", "the charge's BR Code does not end with its CRC");
  }
  return withCrc(
    `${chargeBrCode.slice(0, crcAt)}${encodeTlv([recurrenceTemplate(checkedUrl(recurrenceUrl, "recurrence"))])}`,
  );
}

/**
 * Builds the QR of a recurrence alone (journey 2): the Pix template (26) names only the
 * arrangement, no amount, and the recurrence template (80) carries its location.
 */
export function encodeRecurrenceBrCode(input: RecurrenceBrCodeInput): string {
  return assemble({
    pointOfInitiation: POINT_OF_INITIATION_DYNAMIC,
    account: [tlvField(AccountFieldId.gui, PIX_GUI)],
    amount: null,
    merchantName: input.merchantName,
    merchantCity: input.merchantCity,
    txid: NO_TXID,
    recurrenceUrl: checkedUrl(input.recurrenceUrl, "recurrence"),
  });
}

/** Builds a reusable static BR Code for a Pix key. */
export function encodeStaticBrCode(input: StaticBrCodeInput): string {
  const { pixKey } = input;
  if (!PRINTABLE_ASCII.test(pixKey)) {
    throw new BrCodeError("INVALID_PIX_KEY", "Pix key must be printable ASCII without spaces");
  }
  const keyRoom = ACCOUNT_ROOM - SUBFIELD_OVERHEAD;
  if (pixKey.length > keyRoom) {
    throw new BrCodeError("INVALID_PIX_KEY", `Pix key must have at most ${keyRoom} characters`);
  }
  const account = [tlvField(AccountFieldId.gui, PIX_GUI), tlvField(AccountFieldId.pixKey, pixKey)];
  const description = transliterate(input.description ?? "");
  if (description.length > 0) {
    const descriptionRoom = keyRoom - pixKey.length - SUBFIELD_OVERHEAD;
    if (description.length > descriptionRoom) {
      throw new BrCodeError(
        "INVALID_DESCRIPTION",
        `description must have at most ${Math.max(0, descriptionRoom)} characters with this Pix key`,
      );
    }
    account.push(tlvField(AccountFieldId.description, description));
  }
  const txid = input.txid ?? NO_TXID;
  if (txid !== NO_TXID && !BRCODE_TXID_PATTERN.test(txid)) {
    throw new BrCodeError("INVALID_TXID", 'txid must be "***" or 1..25 letters and digits');
  }
  return assemble({
    pointOfInitiation: POINT_OF_INITIATION_STATIC,
    account,
    amount: input.amountCents === undefined ? null : formatAmountCents(input.amountCents),
    merchantName: input.merchantName,
    merchantCity: input.merchantCity,
    txid,
    recurrenceUrl: null,
  });
}

interface AssembleInput {
  pointOfInitiation: string;
  account: readonly TlvField[];
  amount: string | null;
  merchantName: string;
  merchantCity: string;
  txid: string;
  /** Pix Automático: the recurrence's location, in the unreserved template 80 */
  recurrenceUrl: string | null;
}

function assemble(input: AssembleInput): string {
  const merchantName = transliterate(input.merchantName, MAX_MERCHANT_NAME_LENGTH);
  if (merchantName.length === 0) {
    throw new BrCodeError("INVALID_MERCHANT_NAME", "merchant name has no representable characters");
  }
  const merchantCity = transliterate(input.merchantCity, MAX_MERCHANT_CITY_LENGTH);
  if (merchantCity.length === 0) {
    throw new BrCodeError("INVALID_MERCHANT_CITY", "merchant city has no representable characters");
  }
  const fields: TlvField[] = [
    tlvField(FieldId.payloadFormat, "01"),
    tlvField(FieldId.pointOfInitiation, input.pointOfInitiation),
    tlvTemplate(String(FieldId.merchantAccountFirst), input.account),
    tlvField(FieldId.merchantCategory, DEFAULT_MERCHANT_CATEGORY),
    tlvField(FieldId.currency, CURRENCY_BRL),
  ];
  if (input.amount !== null) fields.push(tlvField(FieldId.amount, input.amount));
  fields.push(
    tlvField(FieldId.country, COUNTRY_BR),
    tlvField(FieldId.merchantName, merchantName),
    tlvField(FieldId.merchantCity, merchantCity),
    tlvTemplate(FieldId.additionalData, [tlvField(TXID_FIELD_ID, input.txid)]),
  );
  if (input.recurrenceUrl !== null) fields.push(recurrenceTemplate(input.recurrenceUrl));
  return withCrc(encodeTlv(fields));
}
