/**
 * The SPI messages as the platform holds them: amounts in centavos, dates as `Date`, ids as the
 * wire writes them. `messages.ts` turns them into XML and back.
 */

/** The SPI's own ISPB: the receiver of everything a PSP sends. */
export const SPI_ISPB = "00038166";

export type Ispb = string;

export type LocalInstrument = "MANU" | "DICT" | "QRDN" | "QRES" | "INIC" | "AUTO" | "APDN";
export const LOCAL_INSTRUMENTS: readonly LocalInstrument[] = ["MANU", "DICT", "QRDN", "QRES", "INIC", "AUTO", "APDN"];

export type AccountType = "CACC" | "SVGS" | "TRAN" | "SLRY";
export const ACCOUNT_TYPES: readonly AccountType[] = ["CACC", "SVGS", "TRAN", "SLRY"];

export type SpiParty = {
  ispb: Ispb;
  name?: string | null;
  /** CPF (11 digits) or CNPJ (14 digits). */
  document: string;
  branch?: string | null;
  account: string;
  accountType: AccountType;
  key?: string | null;
};

type Header = { bizMsgIdr: string; createdAt: Date; from: Ispb; to: Ispb };

export type Pacs008 = Header & {
  type: "pacs.008";
  endToEndId: string;
  txId?: string | null;
  amountCents: bigint;
  acceptedAt: Date;
  localInstrument: LocalInstrument;
  debtor: SpiParty;
  creditor: SpiParty;
  remittanceInfo?: string | null;
};

export type PaymentStatus = "ACSP" | "ACSC" | "ACCC" | "RJCT";
export const PAYMENT_STATUSES: readonly PaymentStatus[] = ["ACSP", "ACSC", "ACCC", "RJCT"];

export type Pacs002 = Header & {
  type: "pacs.002";
  /** The EndToEndId of a pacs.008, or the RtrId of a pacs.004. */
  originalInstructionId: string;
  originalEndToEndId: string;
  status: PaymentStatus;
  reasonCode?: string | null;
  settledAt?: Date | null;
};

export type ReturnReason = "MD06" | "BE08" | "FR01" | "SL02";
export const RETURN_REASONS: readonly ReturnReason[] = ["MD06", "BE08", "FR01", "SL02"];

export type Pacs004 = Header & {
  type: "pacs.004";
  returnId: string;
  originalEndToEndId: string;
  amountCents: bigint;
  reasonCode: ReturnReason;
  additionalInfo?: string | null;
};

export type Admi002 = Header & { type: "admi.002"; relatedBizMsgIdr: string; reasonCode: string; reasonText: string };
export type EchoRequest = Header & { type: "pibr.001"; data: string };
export type EchoResponse = Header & { type: "pibr.002"; data: string };

export type SpiMessage = Pacs008 | Pacs002 | Pacs004 | Admi002 | EchoRequest | EchoResponse;
export type SpiMessageType = SpiMessage["type"];

/** The version of each message type; the envelope's namespace and MsgDefIdr carry it. */
export const MESSAGE_VERSIONS: Record<SpiMessageType, string> = {
  "pacs.008": "1.13",
  "pacs.002": "1.14",
  "pacs.004": "1.5",
  "admi.002": "1.3",
  "pibr.001": "1.3",
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
