import {
  BIZ_MSG_IDR_PATTERN,
  DATE_TIME_PATTERN,
  END_TO_END_ID_PATTERN,
  hasValidMinuteStamp,
  ISPB_PATTERN,
  ispbOfTransactionId,
  RETURN_ID_PATTERN,
  SPI_ISPB,
  UTC_MILLIS_PATTERN,
} from "./ids";
import { MESSAGE_TYPES, msgDefIdrOf, type ReceivedEnvelope } from "./spi-messages";
import { at, attributeAt, textAt, type XmlValue } from "./xml";

/** One field of a received message that breaks the envelope's or the message's rules. */
export interface FieldViolation {
  field: string;
  problem: string;
  value?: string;
}

const AMOUNT_PATTERN = /^[0-9]{1,16}\.[0-9]{2}$/;
const DOCUMENT_PATTERN = /^([0-9]{11}|[0-9]{14})$/;
const ACCOUNT_PATTERN = /^[0-9]{1,20}$/;
const BRANCH_PATTERN = /^[0-9]{1,4}$/;
const TX_ID_PATTERN = /^[A-Za-z0-9]{1,35}$/;
const REASON_CODE_PATTERN = /^[A-Z0-9]{4}$/;
const ACCOUNT_TYPES = ["CACC", "SVGS", "TRAN", "SLRY"];
const LOCAL_INSTRUMENTS = ["MANU", "DICT", "QRDN", "QRES", "INIC", "AUTO", "APDN"];
const KEYED_INSTRUMENTS = ["DICT", "QRDN", "QRES"];
const RETURN_REASONS = ["MD06", "BE08", "FR01", "SL02"];
/** A minute stamp later than this is taken as a clock or format error. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

class Checker {
  readonly violations: FieldViolation[] = [];

  constructor(private readonly root: XmlValue | undefined) {}

  value(path: string): string | undefined {
    return textAt(this.root, path);
  }

  add(field: string, problem: string, value?: string): void {
    this.violations.push({ field, problem, ...(value !== undefined ? { value } : {}) });
  }

  required(path: string, field = path): string | undefined {
    const value = this.value(path);
    if (value === undefined || value === "") this.add(field, "required");
    return value || undefined;
  }

  matches(path: string, pattern: RegExp, { optional = false, field = path } = {}): string | undefined {
    const value = optional ? this.value(path) : this.required(path, field);
    if (value !== undefined && value !== "" && !pattern.test(value)) this.add(field, `must match ${pattern}`, value);
    return value;
  }

  equals(path: string, expected: string, field = path): void {
    const value = this.required(path, field);
    if (value !== undefined && value !== expected) this.add(field, `must be ${expected}`, value);
  }

  oneOf(path: string, allowed: string[], { optional = false, field = path } = {}): string | undefined {
    const value = optional ? this.value(path) : this.required(path, field);
    if (value !== undefined && value !== "" && !allowed.includes(value)) {
      this.add(field, `must be one of ${allowed.join(", ")}`, value);
    }
    return value;
  }

  single(path: string): void {
    if (Array.isArray(at(this.root, path))) this.add(path, "must appear once");
  }

  amount(path: string): void {
    const value = this.matches(path, AMOUNT_PATTERN);
    if (value !== undefined && AMOUNT_PATTERN.test(value) && Number(value) <= 0)
      this.add(path, "must be above 0", value);
    const currency = attributeAt(this.root, path, "Ccy");
    if (currency !== "BRL") this.add(`${path}/@Ccy`, "must be BRL", currency);
  }

  maxLength(path: string, max: number): void {
    const value = this.value(path);
    if (value !== undefined && [...value].length > max) this.add(path, `at most ${max} characters`);
  }

  transactionId(path: string, pattern: RegExp, expectedIspb?: string): string | undefined {
    const value = this.matches(path, pattern);
    if (value === undefined || !pattern.test(value)) return value;
    if (!hasValidMinuteStamp(value)) this.add(path, "yyyyMMddHHmm is not a valid UTC minute", value);
    else if (minuteStampTime(value) > Date.now() + FUTURE_TOLERANCE_MS)
      this.add(path, "yyyyMMddHHmm is in the future", value);
    if (expectedIspb && ispbOfTransactionId(value) !== expectedIspb) {
      this.add(path, `must carry the sender's ISPB ${expectedIspb}`, value);
    }
    return value;
  }
}

function minuteStampTime(id: string): number {
  const stamp = id.slice(9, 21);
  return Date.UTC(
    Number(stamp.slice(0, 4)),
    Number(stamp.slice(4, 6)) - 1,
    Number(stamp.slice(6, 8)),
    Number(stamp.slice(8, 10)),
    Number(stamp.slice(10, 12)),
  );
}

/** Every rule of the envelope (AppHdr, GrpHdr) and of the message's own fields a message breaks. */
export function checkMessage(envelope: ReceivedEnvelope, senderIspb: string): FieldViolation[] {
  const header = new Checker(envelope.appHdr);
  header.matches("Fr/FIId/FinInstnId/Othr/Id", ISPB_PATTERN, { field: "AppHdr/Fr/FIId/FinInstnId/Othr/Id" });
  header.equals("To/FIId/FinInstnId/Othr/Id", SPI_ISPB, "AppHdr/To/FIId/FinInstnId/Othr/Id");
  const bizMsgIdr = header.matches("BizMsgIdr", BIZ_MSG_IDR_PATTERN, { field: "AppHdr/BizMsgIdr" });
  if (bizMsgIdr && BIZ_MSG_IDR_PATTERN.test(bizMsgIdr) && bizMsgIdr.slice(1, 9) !== senderIspb) {
    header.add("AppHdr/BizMsgIdr", `must carry the sender's ISPB ${senderIspb}`, bizMsgIdr);
  }
  header.equals("MsgDefIdr", msgDefIdrOf(envelope.type), "AppHdr/MsgDefIdr");
  header.matches("CreDt", UTC_MILLIS_PATTERN, { field: "AppHdr/CreDt" });

  const expectedRoot = MESSAGE_TYPES[envelope.type].documentRoot;
  if (!envelope.document || envelope.documentRootName !== expectedRoot) {
    return [
      ...header.violations,
      { field: "Document", problem: `must hold one ${expectedRoot}`, value: envelope.documentRootName },
    ];
  }
  const body = new Checker(envelope.document);
  body.single("GrpHdr");
  const messageId = body.required("GrpHdr/MsgId");
  if (messageId !== undefined && messageId !== envelope.bizMsgIdr)
    body.add("GrpHdr/MsgId", "must equal AppHdr/BizMsgIdr", messageId);
  body.matches("GrpHdr/CreDtTm", DATE_TIME_PATTERN);

  const rulesOfType: Partial<Record<typeof envelope.type, (checker: Checker, sender: string) => void>> = {
    "pacs.008": checkCreditTransfer,
    "pacs.002": checkStatusReport,
    "pacs.004": checkPaymentReturn,
    "admi.002": checkMessageReject,
    "pibr.002": (checker) => checker.required("Data"),
    "pibr.001": (checker) => checker.required("Data"),
  };
  rulesOfType[envelope.type]?.(body, senderIspb);
  return [...header.violations, ...body.violations];
}

function checkCreditTransfer(checker: Checker, senderIspb: string): void {
  checker.equals("GrpHdr/NbOfTxs", "1");
  checker.equals("GrpHdr/SttlmInf/SttlmMtd", "CLRG");
  checker.equals("GrpHdr/PmtTpInf/InstrPrty", "HIGH");
  checker.equals("GrpHdr/PmtTpInf/SvcLvl/Prtry", "PAGPRI");
  checker.single("CdtTrfTxInf");
  const tx = "CdtTrfTxInf";
  checker.transactionId(`${tx}/PmtId/EndToEndId`, END_TO_END_ID_PATTERN, senderIspb);
  const instrument = checker.oneOf(`${tx}/MndtRltdInf/Tp/LclInstrm/Prtry`, LOCAL_INSTRUMENTS);
  checker.matches(`${tx}/PmtId/TxId`, TX_ID_PATTERN, { optional: instrument !== "QRDN" });
  checker.amount(`${tx}/IntrBkSttlmAmt`);
  checker.matches(`${tx}/AccptncDtTm`, DATE_TIME_PATTERN);
  checker.equals(`${tx}/ChrgBr`, "SLEV");
  checker.required(`${tx}/Dbtr/Nm`);
  checker.maxLength(`${tx}/Dbtr/Nm`, 140);
  checker.matches(`${tx}/Dbtr/Id/PrvtId/Othr/Id`, DOCUMENT_PATTERN);
  checker.matches(`${tx}/DbtrAcct/Id/Othr/Id`, ACCOUNT_PATTERN);
  checker.matches(`${tx}/DbtrAcct/Id/Othr/Issr`, BRANCH_PATTERN, { optional: true });
  checker.oneOf(`${tx}/DbtrAcct/Tp/Cd`, ACCOUNT_TYPES);
  const debtorAgent = checker.matches(`${tx}/DbtrAgt/FinInstnId/ClrSysMmbId/MmbId`, ISPB_PATTERN);
  if (debtorAgent !== undefined && debtorAgent !== senderIspb) {
    checker.add(`${tx}/DbtrAgt/FinInstnId/ClrSysMmbId/MmbId`, `must be the sender's ISPB ${senderIspb}`, debtorAgent);
  }
  const creditorAgent = checker.matches(`${tx}/CdtrAgt/FinInstnId/ClrSysMmbId/MmbId`, ISPB_PATTERN);
  if (creditorAgent === SPI_ISPB)
    checker.add(`${tx}/CdtrAgt/FinInstnId/ClrSysMmbId/MmbId`, "must not be the SPI", creditorAgent);
  checker.maxLength(`${tx}/Cdtr/Nm`, 140);
  checker.matches(`${tx}/Cdtr/Id/PrvtId/Othr/Id`, DOCUMENT_PATTERN);
  checker.matches(`${tx}/CdtrAcct/Id/Othr/Id`, ACCOUNT_PATTERN);
  checker.matches(`${tx}/CdtrAcct/Id/Othr/Issr`, BRANCH_PATTERN, { optional: true });
  checker.oneOf(`${tx}/CdtrAcct/Tp/Cd`, ACCOUNT_TYPES);
  const key = checker.value(`${tx}/CdtrAcct/Prxy/Id`);
  if (instrument && KEYED_INSTRUMENTS.includes(instrument)) checker.required(`${tx}/CdtrAcct/Prxy/Id`);
  if (instrument === "MANU" && key) checker.add(`${tx}/CdtrAcct/Prxy/Id`, "must be absent for MANU", key);
  checker.maxLength(`${tx}/CdtrAcct/Prxy/Id`, 77);
  checker.equals(`${tx}/Purp/Cd`, "IPAY");
  checker.maxLength(`${tx}/RmtInf/Ustrd`, 140);
}

function checkStatusReport(checker: Checker): void {
  checker.single("TxInfAndSts");
  const tx = "TxInfAndSts";
  const original = checker.required(`${tx}/OrgnlInstrId`);
  if (original !== undefined && !END_TO_END_ID_PATTERN.test(original) && !RETURN_ID_PATTERN.test(original)) {
    checker.add(`${tx}/OrgnlInstrId`, "must be an EndToEndId or a RtrId", original);
  }
  checker.matches(`${tx}/OrgnlEndToEndId`, END_TO_END_ID_PATTERN);
  // A participant answers a delivery; ACSC and ACCC are the SPI's to say.
  const status = checker.oneOf(`${tx}/TxSts`, ["ACSP", "RJCT"]);
  if (status === "RJCT") checker.matches(`${tx}/StsRsnInf/Rsn/Cd`, REASON_CODE_PATTERN);
  else checker.matches(`${tx}/StsRsnInf/Rsn/Cd`, REASON_CODE_PATTERN, { optional: true });
}

function checkPaymentReturn(checker: Checker, senderIspb: string): void {
  checker.equals("GrpHdr/NbOfTxs", "1");
  checker.equals("GrpHdr/SttlmInf/SttlmMtd", "CLRG");
  checker.single("TxInf");
  checker.transactionId("TxInf/RtrId", RETURN_ID_PATTERN, senderIspb);
  checker.matches("TxInf/OrgnlEndToEndId", END_TO_END_ID_PATTERN);
  checker.amount("TxInf/RtrdIntrBkSttlmAmt");
  checker.equals("TxInf/SttlmPrty", "HIGH");
  checker.oneOf("TxInf/RtrRsnInf/Rsn/Cd", RETURN_REASONS);
}

function checkMessageReject(checker: Checker): void {
  checker.matches("RltdRef/Ref", BIZ_MSG_IDR_PATTERN);
  checker.required("Rsn/RjctgPtyRsn");
}
