import { newBizMsgIdr } from "./ids";
import { type SigningIdentity, signXml } from "./signing";
import { at, buildXml, parseXml, textAt, type XmlNode } from "./xml";

/** The SPI messages: version and Document root of each. */
export const MESSAGE_TYPES = {
  "pacs.008": { version: "1.13", documentRoot: "FIToFICstmrCdtTrf" },
  "pacs.002": { version: "1.14", documentRoot: "FIToFIPmtStsRpt" },
  "pacs.004": { version: "1.5", documentRoot: "PmtRtr" },
  "admi.002": { version: "1.3", documentRoot: "admi.002.001.01" },
  "pibr.001": { version: "1.3", documentRoot: "EchoReq" },
  // Only pibr.001's version is pinned; its answer is taken to share it (docs/decisions/0052).
  "pibr.002": { version: "1.3", documentRoot: "EchoRspn" },
} as const;

export type MessageType = keyof typeof MESSAGE_TYPES;

export function namespaceOf(type: MessageType): string {
  return `https://www.bcb.gov.br/pi/${type}/${MESSAGE_TYPES[type].version}`;
}

export function msgDefIdrOf(type: MessageType): string {
  return `${type}.spi.${MESSAGE_TYPES[type].version}`;
}

function typeOfNamespace(namespace: string | undefined): MessageType | undefined {
  return (Object.keys(MESSAGE_TYPES) as MessageType[]).find((type) => namespaceOf(type) === namespace);
}

export interface EnvelopeInput {
  type: MessageType;
  fromIspb: string;
  toIspb: string;
  bizMsgIdr?: string;
  createdAt?: Date;
  /** The content of the Document's root element after GrpHdr/MsgId and CreDtTm. */
  body: XmlNode;
  /** Extra GrpHdr elements after MsgId and CreDtTm. */
  groupHeader?: XmlNode;
}

export interface BuiltMessage {
  type: MessageType;
  bizMsgIdr: string;
  xml: string;
}

/** Writes a message's Envelope (unsigned: AppHdr/Sgntr left empty). */
export function buildEnvelope(input: EnvelopeInput): BuiltMessage {
  const bizMsgIdr = input.bizMsgIdr ?? newBizMsgIdr(input.fromIspb);
  const createdAt = (input.createdAt ?? new Date()).toISOString();
  const financialInstitution = (ispb: string) => ({ FIId: { FinInstnId: { Othr: { Id: ispb } } } });
  const xml = buildXml("Envelope", {
    "@_xmlns": namespaceOf(input.type),
    AppHdr: {
      Fr: financialInstitution(input.fromIspb),
      To: financialInstitution(input.toIspb),
      BizMsgIdr: bizMsgIdr,
      MsgDefIdr: msgDefIdrOf(input.type),
      CreDt: createdAt,
      Sgntr: "",
    },
    Document: {
      [MESSAGE_TYPES[input.type].documentRoot]: {
        GrpHdr: { MsgId: bizMsgIdr, CreDtTm: createdAt, ...input.groupHeader },
        ...input.body,
      },
    },
  });
  return { type: input.type, bizMsgIdr, xml };
}

export function buildSignedEnvelope(input: EnvelopeInput, identity: SigningIdentity): BuiltMessage {
  const built = buildEnvelope(input);
  return { ...built, xml: signXml(built.xml, identity, "spi-message") };
}

/** Why a body is not an Envelope the SPI can even reference (answered 400). */
export class WrongEnvelope extends Error {}

export interface ReceivedEnvelope {
  type: MessageType;
  namespace: string;
  appHdr: XmlNode;
  /** The Document's root element (FIToFICstmrCdtTrf, PmtRtr, …), or undefined when missing. */
  document: XmlNode | undefined;
  documentRootName: string | undefined;
  bizMsgIdr: string;
  fromIspb: string | undefined;
  toIspb: string | undefined;
  msgDefIdr: string | undefined;
  createdAt: string | undefined;
}

/** Reads an Envelope; throws UnreadableXml or WrongEnvelope when it cannot be referenced at all. */
export function readEnvelope(text: string): ReceivedEnvelope {
  const parsed = parseXml(text);
  if (parsed.rootName !== "Envelope")
    throw new WrongEnvelope(`the root element must be Envelope, not ${parsed.rootName}`);
  const type = typeOfNamespace(parsed.rootNamespace);
  if (!type) throw new WrongEnvelope(`unknown Envelope namespace ${parsed.rootNamespace ?? "(none)"}`);
  const appHdr = at(parsed.root, "AppHdr");
  if (!appHdr || typeof appHdr !== "object" || Array.isArray(appHdr))
    throw new WrongEnvelope("Envelope/AppHdr is missing");
  const bizMsgIdr = textAt(appHdr, "BizMsgIdr");
  if (!bizMsgIdr) throw new WrongEnvelope("AppHdr/BizMsgIdr is missing");
  const documentElement = at(parsed.root, "Document");
  let document: XmlNode | undefined;
  let documentRootName: string | undefined;
  if (documentElement && typeof documentElement === "object" && !Array.isArray(documentElement)) {
    const children = Object.keys(documentElement).filter((key) => !key.startsWith("@_") && key !== "#text");
    documentRootName = children[0];
    const rootValue = documentRootName ? documentElement[documentRootName] : undefined;
    if (children.length === 1 && rootValue && typeof rootValue === "object" && !Array.isArray(rootValue)) {
      document = rootValue;
    }
  }
  if (!documentElement) throw new WrongEnvelope("Envelope/Document is missing");
  return {
    type,
    namespace: parsed.rootNamespace as string,
    appHdr,
    document,
    documentRootName,
    bizMsgIdr,
    fromIspb: textAt(appHdr, "Fr/FIId/FinInstnId/Othr/Id"),
    toIspb: textAt(appHdr, "To/FIId/FinInstnId/Othr/Id"),
    msgDefIdr: textAt(appHdr, "MsgDefIdr"),
    createdAt: textAt(appHdr, "CreDt"),
  };
}
