export type BrCodeErrorCode =
  | "INVALID_FORMAT"
  | "INVALID_PAYLOAD_FORMAT"
  | "INVALID_CRC"
  | "NOT_PIX"
  | "INVALID_MERCHANT_ACCOUNT"
  | "INVALID_PIX_KEY"
  | "INVALID_URL"
  | "INVALID_DESCRIPTION"
  | "INVALID_POINT_OF_INITIATION"
  | "INVALID_MERCHANT_CATEGORY"
  | "INVALID_CURRENCY"
  | "INVALID_AMOUNT"
  | "INVALID_COUNTRY"
  | "INVALID_MERCHANT_NAME"
  | "INVALID_MERCHANT_CITY"
  | "INVALID_TXID";

export const BR_CODE_ERROR_CODES: readonly BrCodeErrorCode[] = [
  "INVALID_FORMAT",
  "INVALID_PAYLOAD_FORMAT",
  "INVALID_CRC",
  "NOT_PIX",
  "INVALID_MERCHANT_ACCOUNT",
  "INVALID_PIX_KEY",
  "INVALID_URL",
  "INVALID_DESCRIPTION",
  "INVALID_POINT_OF_INITIATION",
  "INVALID_MERCHANT_CATEGORY",
  "INVALID_CURRENCY",
  "INVALID_AMOUNT",
  "INVALID_COUNTRY",
  "INVALID_MERCHANT_NAME",
  "INVALID_MERCHANT_CITY",
  "INVALID_TXID",
];

/** The only error type thrown by the BR Code decoder and encoder. */
export class BrCodeError extends Error {
  override readonly name = "BrCodeError";
  readonly code: BrCodeErrorCode;

  constructor(code: BrCodeErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
