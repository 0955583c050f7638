/** Globally unique identifier of the Pix arrangement inside a merchant account template. */
export const PIX_GUI = "br.gov.bcb.pix";

/** EMV QR codes are limited to 512 characters. */
export const MAX_PAYLOAD_LENGTH = 512;

export const MAX_MERCHANT_NAME_LENGTH = 25;
export const MAX_MERCHANT_CITY_LENGTH = 15;
export const MAX_TXID_LENGTH = 25;

/** Placeholder txid meaning "no transaction id". */
export const NO_TXID = "***";

export const CURRENCY_BRL = "986";
export const COUNTRY_BR = "BR";
export const DEFAULT_MERCHANT_CATEGORY = "0000";

/** Point of initiation method values (field 01). */
export const POINT_OF_INITIATION_STATIC = "11";
export const POINT_OF_INITIATION_DYNAMIC = "12";

/** Top-level field ids. */
export const FieldId = {
  payloadFormat: "00",
  pointOfInitiation: "01",
  merchantAccountFirst: 26,
  merchantAccountLast: 51,
  merchantCategory: "52",
  currency: "53",
  amount: "54",
  country: "58",
  merchantName: "59",
  merchantCity: "60",
  additionalData: "62",
  crc: "63",
  /** Pix Automático: the recurrence template (GUI + the recurrence's location URL) */
  recurrence: "80",
} as const;

/** Sub-field ids inside the Pix merchant account template. */
export const AccountFieldId = {
  gui: "00",
  pixKey: "01",
  description: "02",
  url: "25",
} as const;

/** Sub-field id of the txid inside the additional data template (62). */
export const TXID_FIELD_ID = "05";

/** The txid field (62-05) a BR Code carries: 1-25 letters or digits (a dynamic charge's own txid is CHARGE_TXID_PATTERN). */
export const BRCODE_TXID_PATTERN = /^[A-Za-z0-9]{1,25}$/;

/** A URL scheme prefix; the dynamic location must be given without one. */
export const URL_SCHEME_PATTERN = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
