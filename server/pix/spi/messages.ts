/**
 * The SPI's ISO 20022 messages in XML (network.md §2.1–2.2): where each field of a message sits
 * in its Envelope, written by `buildMessage` and read by `parseMessage` from the one layout
 * below. The fields' rules are schema.ts's, checked both ways; what only the XML has (the
 * namespace, MsgDefIdr, fixed codes such as CLRG, GrpHdr/MsgId equal to BizMsgIdr) is checked
 * here. Reading goes through the XML parser only (xml.ts); the signature is signature.ts's.
 */
import type { z } from "zod";
import { BIZ_MSG_IDR_PATTERN } from "./ids";
import { IsoDateTime, MESSAGE_SCHEMAS, type RuleCode } from "./schema";
import {
  DOCUMENT_ROOTS,
  MESSAGE_TYPES,
  messageDefinitionId,
  messageNamespace,
  SPI_REJECTION_CODES,
  type SpiMessage,
  SpiMessageError,
  type SpiMessageType,
} from "./types";
import { attributeOf, buildXml, elementAt, parseXml, textOf, withAttributes, type XmlNode } from "./xml";

/**
 * One element of the Envelope: its path, and either the message's field it holds (a dotted key),
 * a value every message of the type carries, or a copy of a header field.
 */
type Slot = { path: string } & (
  | { field: string; amount?: true }
  | { fixed: string }
  | { copyOf: "bizMsgIdr" | "createdAt" }
  /** where signature.ts puts the Signature: written empty, not read here */
  | { signatureHome: true }
);

const appHeader = (type: SpiMessageType): Slot[] => [
  { path: "AppHdr/Fr/FIId/FinInstnId/Othr/Id", field: "from" },
  { path: "AppHdr/To/FIId/FinInstnId/Othr/Id", field: "to" },
  { path: "AppHdr/BizMsgIdr", field: "bizMsgIdr" },
  { path: "AppHdr/MsgDefIdr", fixed: messageDefinitionId(type) },
  { path: "AppHdr/CreDt", field: "createdAt" },
  { path: "AppHdr/Sgntr", signatureHome: true },
];

const party = (who: "Dbtr" | "Cdtr", field: "debtor" | "creditor"): Slot[] => [
  { path: `CdtTrfTxInf/${who}/Nm`, field: `${field}.name` },
  { path: `CdtTrfTxInf/${who}/Id/PrvtId/Othr/Id`, field: `${field}.document` },
  { path: `CdtTrfTxInf/${who}Acct/Id/Othr/Id`, field: `${field}.account` },
  { path: `CdtTrfTxInf/${who}Acct/Id/Othr/Issr`, field: `${field}.branch` },
  { path: `CdtTrfTxInf/${who}Acct/Tp/Cd`, field: `${field}.accountType` },
  ...(field === "creditor" ? [{ path: "CdtTrfTxInf/CdtrAcct/Prxy/Id", field: "creditor.key" }] : []),
];

/** Each type's Document, in the order of its elements, under its root (after GrpHdr/MsgId and CreDtTm). */
const DOCUMENT_LAYOUTS: Record<SpiMessageType, Slot[]> = {
  "pacs.008": [
    { path: "GrpHdr/NbOfTxs", fixed: "1" },
    { path: "GrpHdr/SttlmInf/SttlmMtd", fixed: "CLRG" },
    { path: "GrpHdr/PmtTpInf/InstrPrty", fixed: "HIGH" },
    { path: "GrpHdr/PmtTpInf/SvcLvl/Prtry", fixed: "PAGPRI" },
    { path: "CdtTrfTxInf/PmtId/EndToEndId", field: "endToEndId" },
    { path: "CdtTrfTxInf/PmtId/TxId", field: "txId" },
    { path: "CdtTrfTxInf/IntrBkSttlmAmt", field: "amountCents", amount: true },
    { path: "CdtTrfTxInf/AccptncDtTm", field: "acceptedAt" },
    { path: "CdtTrfTxInf/ChrgBr", fixed: "SLEV" },
    { path: "CdtTrfTxInf/MndtRltdInf/Tp/LclInstrm/Prtry", field: "localInstrument" },
    ...party("Dbtr", "debtor"),
    { path: "CdtTrfTxInf/DbtrAgt/FinInstnId/ClrSysMmbId/MmbId", field: "debtor.ispb" },
    { path: "CdtTrfTxInf/CdtrAgt/FinInstnId/ClrSysMmbId/MmbId", field: "creditor.ispb" },
    ...party("Cdtr", "creditor"),
    { path: "CdtTrfTxInf/Purp/Cd", fixed: "IPAY" },
    { path: "CdtTrfTxInf/RmtInf/Ustrd", field: "remittanceInfo" },
  ],
  "pacs.002": [
    { path: "TxInfAndSts/OrgnlInstrId", field: "originalInstructionId" },
    { path: "TxInfAndSts/OrgnlEndToEndId", field: "originalEndToEndId" },
    { path: "TxInfAndSts/TxSts", field: "status" },
    { path: "TxInfAndSts/StsRsnInf/Rsn/Cd", field: "reasonCode" },
    { path: "TxInfAndSts/FctvIntrBkSttlmDt/DtTm", field: "settledAt" },
  ],
  "pacs.004": [
    { path: "GrpHdr/NbOfTxs", fixed: "1" },
    { path: "GrpHdr/SttlmInf/SttlmMtd", fixed: "CLRG" },
    { path: "TxInf/RtrId", field: "returnId" },
    { path: "TxInf/OrgnlEndToEndId", field: "originalEndToEndId" },
    { path: "TxInf/RtrdIntrBkSttlmAmt", field: "amountCents", amount: true },
    { path: "TxInf/SttlmPrty", fixed: "HIGH" },
    { path: "TxInf/RtrRsnInf/Rsn/Cd", field: "reasonCode" },
    { path: "TxInf/RtrRsnInf/AddtlInf", field: "additionalInfo" },
  ],
  "admi.002": [
    { path: "RltdRef/Ref", field: "relatedBizMsgIdr" },
    { path: "Rsn/RjctgPtyRsn", field: "reasonCode" },
    { path: "Rsn/RsnDesc", field: "reasonText" },
  ],
  "pibr.001": [{ path: "Data", field: "data" }],
  "pibr.002": [{ path: "Data", field: "data" }],
};

/** Every element of a type's Envelope, paths from the Envelope. */
function layoutOf(type: SpiMessageType): Slot[] {
  const document = `Document/${DOCUMENT_ROOTS[type]}`;
  return [
    ...appHeader(type),
    { path: `${document}/GrpHdr/MsgId`, copyOf: "bizMsgIdr" },
    { path: `${document}/GrpHdr/CreDtTm`, copyOf: "createdAt" },
    ...DOCUMENT_LAYOUTS[type].map((slot) => ({ ...slot, path: `${document}/${slot.path}` })),
  ];
}
const LAYOUTS = Object.fromEntries(MESSAGE_TYPES.map((type) => [type, layoutOf(type)])) as Record<
  SpiMessageType,
  Slot[]
>;

type Fields = Record<string, unknown>;

function valueAt(fields: Fields, key: string): unknown {
  let current: unknown = fields;
  for (const name of key.split(".")) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Fields)[name];
  }
  return current;
}

function setAt(tree: Fields, path: string[], value: unknown): void {
  let current = tree;
  for (const name of path.slice(0, -1)) {
    if (typeof current[name] !== "object" || current[name] === null) current[name] = {};
    current = current[name] as Fields;
  }
  current[path[path.length - 1] as string] = value;
}

/** The rejection code and text of a schema's first failed rule, with the element it is about. */
function refusal(type: SpiMessageType, error: z.ZodError): SpiMessageError {
  // a field's own rule first: encoding may report the cross-field rules before them
  const issue = error.issues.find((candidate) => candidate.code !== "custom") ?? error.issues[0];
  if (!issue) return new SpiMessageError(SPI_REJECTION_CODES.invalidField, `${type} is invalid`);
  const field = issue.path.filter((part) => part !== "value" && part !== "currency").join(".");
  const slot = LAYOUTS[type].find((candidate) => "field" in candidate && candidate.field === field);
  const where = slot ? slot.path : field || type;
  const ruled = (issue as { params?: { rule?: RuleCode } }).params?.rule;
  const absent = issue.code === "invalid_type" && (issue as { input?: unknown }).input === undefined;
  const code = absent
    ? SPI_REJECTION_CODES.missingField
    : ruled
      ? SPI_REJECTION_CODES[ruled]
      : slot && "amount" in slot
        ? SPI_REJECTION_CODES.invalidAmount
        : issue.code === "too_big" && issue.origin === "string"
          ? SPI_REJECTION_CODES.textTooLong
          : SPI_REJECTION_CODES.invalidField;
  return new SpiMessageError(code, absent ? `${where} is missing` : `${where} ${issue.message}`);
}

/** The message's Envelope, unsigned (AppHdr/Sgntr empty); `SpiMessageError` when a field breaks its rule. */
export function buildMessage(message: SpiMessage): string {
  const schema = MESSAGE_SCHEMAS[message.type] as unknown as z.ZodType<Fields, Fields>;
  const encoded = schema.safeEncode(message as unknown as Fields, { reportInput: true });
  if (!encoded.success) throw refusal(message.type, encoded.error);
  const fields = encoded.data;
  const envelope: Fields = { "@_xmlns": messageNamespace(message.type) };
  for (const slot of LAYOUTS[message.type]) {
    const value =
      "signatureHome" in slot
        ? ""
        : "fixed" in slot
          ? slot.fixed
          : "copyOf" in slot
            ? fields[slot.copyOf]
            : valueAt(fields, slot.field);
    if (value === undefined || value === null) continue;
    const amount = value as { value: string; currency: string };
    setAt(
      envelope,
      slot.path.split("/"),
      "amount" in slot ? withAttributes(amount.value, { Ccy: amount.currency }) : value,
    );
  }
  return buildXml({ Envelope: envelope });
}

/** The type whose namespace an Envelope declares; FF01/FF02 when it is not an Envelope of a known type. */
function envelopeOf(xml: string): { type: SpiMessageType; root: XmlNode } {
  const { rootName, rootNamespace, root } = parseXml(xml);
  if (rootName !== "Envelope" || typeof root === "string")
    throw new SpiMessageError(SPI_REJECTION_CODES.unreadable, `the root element is ${rootName}, not Envelope`);
  const type = MESSAGE_TYPES.find((candidate) => messageNamespace(candidate) === rootNamespace);
  if (!type)
    throw new SpiMessageError(
      SPI_REJECTION_CODES.unknownMessage,
      `unknown Envelope namespace ${rootNamespace ?? "(none)"}`,
    );
  return { type, root };
}

/**
 * What a kept message is filed by, from one reading: its type (from the Envelope's namespace) and
 * its well-formed BizMsgIdr; null for what it does not have or cannot be read.
 */
export function envelopeIdentityOf(xml: string): { type: SpiMessageType | null; bizMsgIdr: string | null } {
  let parsed: ReturnType<typeof parseXml>;
  try {
    parsed = parseXml(xml);
  } catch {
    return { type: null, bizMsgIdr: null };
  }
  const { rootName, rootNamespace, root } = parsed;
  const type =
    rootName === "Envelope"
      ? (MESSAGE_TYPES.find((candidate) => messageNamespace(candidate) === rootNamespace) ?? null)
      : null;
  let bizMsgIdr: string | null = null;
  try {
    const id = textOf(elementAt(root, "AppHdr/BizMsgIdr", "Envelope"), "AppHdr/BizMsgIdr");
    bizMsgIdr = id && BIZ_MSG_IDR_PATTERN.test(id) ? id : null;
  } catch {
    bizMsgIdr = null;
  }
  return { type, bizMsgIdr };
}

/** The message's type from its Envelope's namespace, or null when it is not one. */
export const messageTypeOf = (xml: string): SpiMessageType | null => envelopeIdentityOf(xml).type;

/** The well-formed BizMsgIdr of an Envelope (to answer or deduplicate it by), or null. */
export const bizMsgIdrOf = (xml: string): string | null => envelopeIdentityOf(xml).bizMsgIdr;

/** Reads an Envelope into its message; `SpiMessageError` (with the code an admi.002 answers) when it cannot. */
export function parseMessage(xml: string): SpiMessage {
  const { type, root } = envelopeOf(xml);
  const fields: Fields = { type };
  for (const slot of LAYOUTS[type]) {
    if ("signatureHome" in slot) continue;
    const element = elementAt(root, slot.path, "Envelope");
    const raw = textOf(element, slot.path);
    const value = raw === "" ? undefined : raw;
    if (!("field" in slot)) {
      if (value === undefined) throw new SpiMessageError(SPI_REJECTION_CODES.missingField, `${slot.path} is missing`);
      const expected = "fixed" in slot ? slot.fixed : slot.copyOf === "bizMsgIdr" ? fields.bizMsgIdr : undefined;
      if (expected !== undefined && value !== expected) {
        const code =
          slot.path === "AppHdr/MsgDefIdr" ? SPI_REJECTION_CODES.unknownMessage : SPI_REJECTION_CODES.invalidField;
        throw new SpiMessageError(code, `${slot.path} must be ${expected}, not ${value}`);
      }
      if ("copyOf" in slot && slot.copyOf === "createdAt" && !IsoDateTime.in.safeParse(value).success)
        throw new SpiMessageError(SPI_REJECTION_CODES.invalidField, `${slot.path} must be an ISO 8601 date-time`);
      continue;
    }
    if (value === undefined) continue;
    setAt(
      fields,
      slot.field.split("."),
      slot.amount ? { value, currency: attributeOf(element, "Ccy", slot.path) } : value,
    );
  }
  const schema = MESSAGE_SCHEMAS[type] as unknown as z.ZodType<Fields, Fields>;
  const decoded = schema.safeDecode(fields, { reportInput: true });
  if (!decoded.success) throw refusal(type, decoded.error);
  return decoded.data as unknown as SpiMessage;
}
