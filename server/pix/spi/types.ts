/**
 * The SPI messages as the platform holds them (their fields: schema.ts), each type's version,
 * namespace and Document root (network.md §2.1–2.2), and the codes a refused message is answered
 * with.
 */
export {
  ACCOUNT_TYPES,
  type AccountType,
  type Admi002,
  type EchoRequest,
  type EchoResponse,
  LOCAL_INSTRUMENTS,
  type LocalInstrument,
  PAYMENT_STATUSES,
  type Pacs002,
  type Pacs004,
  type Pacs008,
  type PaymentStatus,
  RETURN_REASONS,
  type ReturnReason,
  SPI_ISPB,
  type SpiMessage,
  type SpiMessageType,
  type SpiParty,
} from "./schema";

import type { SpiMessageType } from "./schema";

export type Ispb = string;

/** The version of each message type; the envelope's namespace and MsgDefIdr carry it. */
export const MESSAGE_VERSIONS: Record<SpiMessageType, string> = {
  "pacs.008": "1.13",
  "pacs.002": "1.14",
  "pacs.004": "1.5",
  "admi.002": "1.3",
  "pibr.001": "1.3",
  // network.md pins only pibr.001's; its answer is taken to share it (docs/decisions/0054)
  "pibr.002": "1.3",
};

/** The element under `Document` of each message type. */
export const DOCUMENT_ROOTS: Record<SpiMessageType, string> = {
  "pacs.008": "FIToFICstmrCdtTrf",
  "pacs.002": "FIToFIPmtStsRpt",
  "pacs.004": "PmtRtr",
  "admi.002": "admi.002.001.01",
  "pibr.001": "EchoReq",
  "pibr.002": "EchoRspn",
};

export const MESSAGE_TYPES = Object.keys(DOCUMENT_ROOTS) as SpiMessageType[];

export const messageNamespace = (type: SpiMessageType) => `https://www.bcb.gov.br/pi/${type}/${MESSAGE_VERSIONS[type]}`;
export const messageDefinitionId = (type: SpiMessageType) => `${type}.spi.${MESSAGE_VERSIONS[type]}`;

/**
 * Why a message is refused: the code an admi.002 answers with (`Rsn/RjctgPtyRsn`), ISO 20022
 * status reason codes where one fits.
 */
export const SPI_REJECTION_CODES = {
  /** Not XML, not well-formed, a DOCTYPE, or not an `Envelope` (InvalidFileFormat). */
  unreadable: "FF01",
  /** A namespace, message type, version or MsgDefIdr this connector does not know (SyntaxError). */
  unknownMessage: "FF02",
  /** A required element is missing or empty (RequiredCompulsoryElementMissing). */
  missingField: "CH21",
  /**
   * An element's content breaks its format: a pattern, a code list, a date, a fixed value, a
   * repeated element, or GrpHdr/MsgId differing from BizMsgIdr (ElementContentFormallyIncorrect).
   */
  invalidField: "CH16",
  /** An amount not written with two decimals, zero, or in a currency other than BRL (DecimalPointsNotCompatibleWithCurrency). */
  invalidAmount: "CH20",
  /** A text longer than its limit, such as RmtInf/Ustrd over 140 characters (ElementContentIncludesMoreThan140Characters). */
  textTooLong: "CH15",
  /** A signature that is missing or does not verify against the network's certificate (UnknownDataSignFormat). */
  badSignature: "DS0B",
} as const;
export type SpiRejectionCode = (typeof SPI_REJECTION_CODES)[keyof typeof SPI_REJECTION_CODES];

/** A message that cannot be read or breaks a rule of its format; `code` is fit for an admi.002. */
export class SpiMessageError extends Error {
  constructor(
    public code: string,
    message: string,
  ) {
    super(message);
    this.name = "SpiMessageError";
  }
}
