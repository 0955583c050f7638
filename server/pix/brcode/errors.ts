import type { BrCodeErrorCode } from "../../errors";

export { BR_CODE_ERROR_CODES, type BrCodeErrorCode } from "../../errors";

/** The only error type thrown by the BR Code decoder and encoder. */
export class BrCodeError extends Error {
  override readonly name = "BrCodeError";
  readonly code: BrCodeErrorCode;

  constructor(code: BrCodeErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
