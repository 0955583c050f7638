import type { XmlNode } from "./xml";

/** The pieces of the Document of each message the simulator writes (and the tests write as a participant). */

export type LocalInstrument = "MANU" | "DICT" | "QRDN" | "QRES" | "INIC" | "AUTO" | "APDN";
export type AccountType = "CACC" | "SVGS" | "TRAN" | "SLRY";

export interface PartyAccount {
  ispb: string;
  name?: string;
  /** CPF or CNPJ, digits. */
  document: string;
  accountNumber: string;
  branch?: string;
  accountType: AccountType;
}

export interface CreditTransfer {
  endToEndId: string;
  txId?: string;
  /** "150.00" */
  amount: string;
  acceptedAt: Date;
  localInstrument: LocalInstrument;
  debtor: PartyAccount & { name: string };
  creditor: PartyAccount;
  /** The creditor's PIX key (CdtrAcct/Prxy/Id), for DICT, QRDN and QRES. */
  creditorKey?: string;
  remittanceInfo?: string;
}

const amountElement = (amount: string) => ({ "@_Ccy": "BRL", "#text": amount });
const member = (ispb: string) => ({ FinInstnId: { ClrSysMmbId: { MmbId: ispb } } });
const account = (party: PartyAccount, key?: string) => ({
  Id: { Othr: { Id: party.accountNumber, ...(party.branch !== undefined ? { Issr: party.branch } : {}) } },
  Tp: { Cd: party.accountType },
  ...(key !== undefined ? { Prxy: { Id: key } } : {}),
});

export function creditTransferDocument(transfer: CreditTransfer): { groupHeader: XmlNode; body: XmlNode } {
  return {
    groupHeader: {
      NbOfTxs: "1",
      SttlmInf: { SttlmMtd: "CLRG" },
      PmtTpInf: { InstrPrty: "HIGH", SvcLvl: { Prtry: "PAGPRI" } },
    },
    body: {
      CdtTrfTxInf: {
        PmtId: { EndToEndId: transfer.endToEndId, ...(transfer.txId ? { TxId: transfer.txId } : {}) },
        IntrBkSttlmAmt: amountElement(transfer.amount),
        AccptncDtTm: transfer.acceptedAt.toISOString(),
        ChrgBr: "SLEV",
        MndtRltdInf: { Tp: { LclInstrm: { Prtry: transfer.localInstrument } } },
        Dbtr: { Nm: transfer.debtor.name, Id: { PrvtId: { Othr: { Id: transfer.debtor.document } } } },
        DbtrAcct: account(transfer.debtor),
        DbtrAgt: member(transfer.debtor.ispb),
        CdtrAgt: member(transfer.creditor.ispb),
        Cdtr: {
          ...(transfer.creditor.name ? { Nm: transfer.creditor.name } : {}),
          Id: { PrvtId: { Othr: { Id: transfer.creditor.document } } },
        },
        CdtrAcct: account(transfer.creditor, transfer.creditorKey),
        Purp: { Cd: "IPAY" },
        ...(transfer.remittanceInfo ? { RmtInf: { Ustrd: transfer.remittanceInfo } } : {}),
      },
    },
  };
}

export type PaymentStatus = "ACSP" | "RJCT" | "ACSC" | "ACCC";

export interface StatusReport {
  /** The EndToEndId of a pacs.008 or the RtrId of a pacs.004. */
  originalInstructionId: string;
  originalEndToEndId: string;
  status: PaymentStatus;
  reason?: string;
  settledAt?: Date;
}

export function statusReportDocument(report: StatusReport): { body: XmlNode } {
  return {
    body: {
      TxInfAndSts: {
        OrgnlInstrId: report.originalInstructionId,
        OrgnlEndToEndId: report.originalEndToEndId,
        TxSts: report.status,
        ...(report.reason ? { StsRsnInf: { Rsn: { Cd: report.reason } } } : {}),
        ...(report.settledAt ? { FctvIntrBkSttlmDt: { DtTm: report.settledAt.toISOString() } } : {}),
      },
    },
  };
}

export type ReturnReason = "MD06" | "BE08" | "FR01" | "SL02";

export interface PaymentReturn {
  returnId: string;
  originalEndToEndId: string;
  amount: string;
  reason: ReturnReason;
  additionalInfo?: string;
}

export function paymentReturnDocument(paymentReturn: PaymentReturn): { groupHeader: XmlNode; body: XmlNode } {
  return {
    groupHeader: { NbOfTxs: "1", SttlmInf: { SttlmMtd: "CLRG" } },
    body: {
      TxInf: {
        RtrId: paymentReturn.returnId,
        OrgnlEndToEndId: paymentReturn.originalEndToEndId,
        RtrdIntrBkSttlmAmt: amountElement(paymentReturn.amount),
        SttlmPrty: "HIGH",
        RtrRsnInf: {
          Rsn: { Cd: paymentReturn.reason },
          ...(paymentReturn.additionalInfo ? { AddtlInf: paymentReturn.additionalInfo } : {}),
        },
      },
    },
  };
}

export function messageRejectDocument(rejection: { relatedBizMsgIdr: string; code: string; text: string }): {
  body: XmlNode;
} {
  return {
    body: {
      RltdRef: { Ref: rejection.relatedBizMsgIdr },
      Rsn: { RjctgPtyRsn: rejection.code, RsnDesc: rejection.text.slice(0, 350) },
    },
  };
}

export function echoDocument(data: string): { body: XmlNode } {
  return { body: { Data: data } };
}
