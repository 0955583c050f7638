export { formatAmountCents, parseAmountCents } from "./amount";
export { PIX_GUI } from "./constants";
export { crc16 } from "./crc16";
export {
  type DecodedBrCode,
  type DecodedDynamicBrCode,
  type DecodedStaticBrCode,
  decodeBrCode,
  type PointOfInitiation,
} from "./decode";
export {
  composeWithRecurrence,
  type DynamicBrCodeInput,
  encodeDynamicBrCode,
  encodeRecurrenceBrCode,
  encodeStaticBrCode,
  type RecurrenceBrCodeInput,
  type StaticBrCodeInput,
} from "./encode";
export { BR_CODE_ERROR_CODES, BrCodeError, type BrCodeErrorCode } from "./errors";
export { type BrCodeInspection, type Finding, inspectBrCode } from "./inspect";
export { recurrenceQrParts, recurrenceUrlOf } from "./recurrence";
export {
  encodeTlv,
  encodeTlvField,
  isTemplateId,
  parseTlv,
  type TlvField,
  type TlvParseResult,
  tlvField,
  tlvTemplate,
} from "./tlv";
export { transliterate } from "./transliterate";
