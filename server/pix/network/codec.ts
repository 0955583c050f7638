/**
 * The connector's one door to the ISO 20022 codec (docs/pix-network.md §2.1–2.2).
 *
 * PROVISIONAL: until server/pix/spi/messages.ts lands, this file writes and reads the messages
 * itself (on the safe XML helpers of server/pix/spi/xml.ts and the types of spi/types.ts); then
 * it becomes `export { buildMessage, parseMessage, bizMsgIdrOf } from "../spi/messages"`.
 */

import {
  type AccountType,
  DOCUMENT_ROOTS,
  type LocalInstrument,
  messageDefinitionId,
  messageNamespace,
  type PaymentStatus,
  type ReturnReason,
  SPI_REJECTION_CODES,
  type SpiMessage,
  SpiMessageError,
  type SpiMessageType,
  type SpiParty,
} from "../spi/types";
import { attributeOf, buildXml, elementAt, parseXml, textOf, withAttributes, type XmlNode } from "../spi/xml";

const amount = (cents: bigint) => {
  const text = cents.toString().padStart(3, "0");
  return withAttributes(`${text.slice(0, -2)}.${text.slice(-2)}`, { Ccy: "BRL" });
};
const member = (ispb: string) => ({ FinInstnId: { ClrSysMmbId: { MmbId: ispb } } });
const account = (party: SpiParty) => ({
  Id: { Othr: { Id: party.account, ...(party.branch ? { Issr: party.branch } : {}) } },
  Tp: { Cd: party.accountType },
  ...(party.key ? { Prxy: { Id: party.key } } : {}),
});
const institution = (ispb: string) => ({ FIId: { FinInstnId: { Othr: { Id: ispb } } } });

function documentOf(message: SpiMessage): { groupHeader: Record<string, unknown>; body: Record<string, unknown> } {
  switch (message.type) {
    case "pacs.008":
      return {
        groupHeader: {
          NbOfTxs: "1",
          SttlmInf: { SttlmMtd: "CLRG" },
          PmtTpInf: { InstrPrty: "HIGH", SvcLvl: { Prtry: "PAGPRI" } },
        },
        body: {
          CdtTrfTxInf: {
            PmtId: { EndToEndId: message.endToEndId, ...(message.txId ? { TxId: message.txId } : {}) },
            IntrBkSttlmAmt: amount(message.amountCents),
            AccptncDtTm: message.acceptedAt.toISOString(),
            ChrgBr: "SLEV",
            MndtRltdInf: { Tp: { LclInstrm: { Prtry: message.localInstrument } } },
            Dbtr: {
              ...(message.debtor.name ? { Nm: message.debtor.name } : {}),
              Id: { PrvtId: { Othr: { Id: message.debtor.document } } },
            },
            DbtrAcct: account({ ...message.debtor, key: null }),
            DbtrAgt: member(message.debtor.ispb),
            CdtrAgt: member(message.creditor.ispb),
            Cdtr: {
              ...(message.creditor.name ? { Nm: message.creditor.name } : {}),
              Id: { PrvtId: { Othr: { Id: message.creditor.document } } },
            },
            CdtrAcct: account(message.creditor),
            Purp: { Cd: "IPAY" },
            ...(message.remittanceInfo ? { RmtInf: { Ustrd: message.remittanceInfo } } : {}),
          },
        },
      };
    case "pacs.002":
      return {
        groupHeader: {},
        body: {
          TxInfAndSts: {
            OrgnlInstrId: message.originalInstructionId,
            OrgnlEndToEndId: message.originalEndToEndId,
            TxSts: message.status,
            ...(message.reasonCode ? { StsRsnInf: { Rsn: { Cd: message.reasonCode } } } : {}),
            ...(message.settledAt ? { FctvIntrBkSttlmDt: { DtTm: message.settledAt.toISOString() } } : {}),
          },
        },
      };
    case "pacs.004":
      return {
        groupHeader: { NbOfTxs: "1", SttlmInf: { SttlmMtd: "CLRG" } },
        body: {
          TxInf: {
            RtrId: message.returnId,
            OrgnlEndToEndId: message.originalEndToEndId,
            RtrdIntrBkSttlmAmt: amount(message.amountCents),
            SttlmPrty: "HIGH",
            RtrRsnInf: {
              Rsn: { Cd: message.reasonCode },
              ...(message.additionalInfo ? { AddtlInf: message.additionalInfo } : {}),
            },
          },
        },
      };
    case "admi.002":
      return {
        groupHeader: {},
        body: {
          RltdRef: { Ref: message.relatedBizMsgIdr },
          Rsn: { RjctgPtyRsn: message.reasonCode, RsnDesc: message.reasonText },
        },
      };
    case "pibr.001":
    case "pibr.002":
      return { groupHeader: {}, body: { Data: message.data } };
  }
}

/** The message's Envelope, unsigned (AppHdr/Sgntr empty). */
export function buildMessage(message: SpiMessage): string {
  const createdAt = message.createdAt.toISOString();
  const { groupHeader, body } = documentOf(message);
  return buildXml({
    Envelope: {
      "@_xmlns": messageNamespace(message.type),
      AppHdr: {
        Fr: institution(message.from),
        To: institution(message.to),
        BizMsgIdr: message.bizMsgIdr,
        MsgDefIdr: messageDefinitionId(message.type),
        CreDt: createdAt,
        Sgntr: "",
      },
      Document: {
        [DOCUMENT_ROOTS[message.type]]: {
          GrpHdr: { MsgId: message.bizMsgIdr, CreDtTm: createdAt, ...groupHeader },
          ...body,
        },
      },
    },
  });
}

const missing = (what: string) => new SpiMessageError(SPI_REJECTION_CODES.missingField, `${what} is missing`);

function reader(root: XmlNode, where: string) {
  const optional = (path: string) => {
    const value = textOf(elementAt(root, path, where), `${where}/${path}`);
    return value === undefined || value === "" ? null : value;
  };
  const required = (path: string) => {
    const value = optional(path);
    if (value === null) throw missing(`${where}/${path}`);
    return value;
  };
  const cents = (path: string) => {
    const value = required(path);
    if (!/^\d{1,16}\.\d{2}$/.test(value) || attributeOf(elementAt(root, path, where), "Ccy", path) !== "BRL") {
      throw new SpiMessageError(SPI_REJECTION_CODES.invalidAmount, `${where}/${path} is not an amount in BRL`);
    }
    return BigInt(value.replace(".", ""));
  };
  const date = (path: string) => new Date(required(path));
  return { optional, required, cents, date };
}

/** The BizMsgIdr of an envelope, or null when it cannot be read. */
export function bizMsgIdrOf(xml: string): string | null {
  try {
    const { root } = parseXml(xml);
    return textOf(elementAt(root, "AppHdr/BizMsgIdr", "Envelope"), "BizMsgIdr") || null;
  } catch {
    return null;
  }
}

const TYPES = Object.keys(DOCUMENT_ROOTS) as SpiMessageType[];

/** Reads an envelope into its message; `SpiMessageError` (with an admi.002 code) when it cannot. */
export function parseMessage(xml: string): SpiMessage {
  const { rootName, root } = parseXml(xml);
  if (rootName !== "Envelope" || typeof root === "string") {
    throw new SpiMessageError(SPI_REJECTION_CODES.unreadable, "not an Envelope");
  }
  // the parser drops namespace declarations: the Envelope's is read from the text
  const namespace = /<(?:[\w.-]+:)?Envelope\b[^>]*?\sxmlns(?::[\w.-]+)?="([^"]*)"/.exec(xml)?.[1];
  const type = TYPES.find((candidate) => messageNamespace(candidate) === namespace);
  if (!type) throw new SpiMessageError(SPI_REJECTION_CODES.unknownMessage, `unknown namespace ${namespace}`);
  const header = reader(root, "Envelope");
  const head = {
    bizMsgIdr: header.required("AppHdr/BizMsgIdr"),
    createdAt: header.date("AppHdr/CreDt"),
    from: header.required("AppHdr/Fr/FIId/FinInstnId/Othr/Id"),
    to: header.required("AppHdr/To/FIId/FinInstnId/Othr/Id"),
  };
  const document = elementAt(root, `Document/${DOCUMENT_ROOTS[type]}`, "Envelope");
  if (!document) throw missing(`Document/${DOCUMENT_ROOTS[type]}`);
  const read = reader(document, DOCUMENT_ROOTS[type]);
  switch (type) {
    case "pacs.008": {
      const party = (who: "Dbtr" | "Cdtr"): SpiParty => ({
        ispb: read.required(`CdtTrfTxInf/${who}Agt/FinInstnId/ClrSysMmbId/MmbId`),
        name: read.optional(`CdtTrfTxInf/${who}/Nm`),
        document: read.required(`CdtTrfTxInf/${who}/Id/PrvtId/Othr/Id`),
        branch: read.optional(`CdtTrfTxInf/${who}Acct/Id/Othr/Issr`),
        account: read.required(`CdtTrfTxInf/${who}Acct/Id/Othr/Id`),
        accountType: (read.optional(`CdtTrfTxInf/${who}Acct/Tp/Cd`) ?? "CACC") as AccountType,
        key: read.optional(`CdtTrfTxInf/${who}Acct/Prxy/Id`),
      });
      return {
        type,
        ...head,
        endToEndId: read.required("CdtTrfTxInf/PmtId/EndToEndId"),
        txId: read.optional("CdtTrfTxInf/PmtId/TxId"),
        amountCents: read.cents("CdtTrfTxInf/IntrBkSttlmAmt"),
        acceptedAt: read.date("CdtTrfTxInf/AccptncDtTm"),
        localInstrument: read.required("CdtTrfTxInf/MndtRltdInf/Tp/LclInstrm/Prtry") as LocalInstrument,
        debtor: party("Dbtr"),
        creditor: party("Cdtr"),
        remittanceInfo: read.optional("CdtTrfTxInf/RmtInf/Ustrd"),
      };
    }
    case "pacs.002": {
      const settled = read.optional("TxInfAndSts/FctvIntrBkSttlmDt/DtTm");
      return {
        type,
        ...head,
        originalInstructionId: read.required("TxInfAndSts/OrgnlInstrId"),
        originalEndToEndId: read.required("TxInfAndSts/OrgnlEndToEndId"),
        status: read.required("TxInfAndSts/TxSts") as PaymentStatus,
        reasonCode: read.optional("TxInfAndSts/StsRsnInf/Rsn/Cd"),
        settledAt: settled ? new Date(settled) : null,
      };
    }
    case "pacs.004":
      return {
        type,
        ...head,
        returnId: read.required("TxInf/RtrId"),
        originalEndToEndId: read.required("TxInf/OrgnlEndToEndId"),
        amountCents: read.cents("TxInf/RtrdIntrBkSttlmAmt"),
        reasonCode: read.required("TxInf/RtrRsnInf/Rsn/Cd") as ReturnReason,
        additionalInfo: read.optional("TxInf/RtrRsnInf/AddtlInf"),
      };
    case "admi.002":
      return {
        type,
        ...head,
        relatedBizMsgIdr: read.required("RltdRef/Ref"),
        reasonCode: read.required("Rsn/RjctgPtyRsn"),
        reasonText: read.optional("Rsn/RsnDesc") ?? "",
      };
    case "pibr.001":
    case "pibr.002":
      return { type, ...head, data: read.required("Data") };
  }
}
