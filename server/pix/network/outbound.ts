/**
 * The pacs.008 of a payment and the pacs.004 of a return, from what the worker hands the rail
 * (docs/pix-network.md §2.2), and their sending through the SPI client.
 */
import type { Db } from "../../db/client";
import { onlyDigits } from "../../documents/cpf-cnpj";
import type { Party } from "../../ledger/parties";
import type { OutgoingDecision, Transmission } from "../rail";
import { rejectionText } from "../reasons";
import { newBizMsgIdr } from "../spi/ids";
import { buildMessage } from "../spi/messages";
import { type AccountType, type Pacs004, type Pacs008, SPI_ISPB, SpiMessageError, type SpiParty } from "../spi/types";
import { networkSettings } from "./settings";
import { sendSpiMessage } from "./spi-client";

const MAX_REMITTANCE = 140;
const MAX_NAME = 140;
const ACCOUNT_TYPES: Record<string, AccountType> = {
  CACC: "CACC",
  SVGS: "SVGS",
  TRAN: "TRAN",
  SLRY: "SLRY",
  // this platform's accounts are payment accounts
  payment: "TRAN",
  checking: "CACC",
  savings: "SVGS",
  salary: "SLRY",
};

function spiParty(party: Party, document: string, key?: string | null): SpiParty {
  return {
    ispb: party.ispb,
    name: party.name.slice(0, MAX_NAME) || null,
    document,
    branch: party.agency || null,
    account: party.accountNumber,
    accountType: ACCOUNT_TYPES[party.accountType] ?? "CACC",
    ...(key ? { key } : {}),
  };
}

/** The receiver's full document: the one stated or found in the DICT, else the party's when it is not masked. */
function receiverDocumentOf(payment: Transmission): string | null {
  if (payment.receiverDocument) return payment.receiverDocument;
  const digits = onlyDigits(payment.receiver.cpfCnpj);
  return !payment.receiver.cpfCnpj.includes("*") && /^(\d{11}|\d{14})$/.test(digits) ? digits : null;
}

export function creditTransferOf(payment: Transmission, now = new Date()): Pacs008 | null {
  const { ispb } = networkSettings();
  const receiverDocument = receiverDocumentOf(payment);
  if (!receiverDocument) return null;
  const withKey = payment.initiation === "DICT" || payment.initiation === "QRDN" || payment.initiation === "QRES";
  const qr = payment.initiation === "QRDN" || payment.initiation === "QRES";
  return {
    type: "pacs.008",
    bizMsgIdr: newBizMsgIdr(ispb, now),
    createdAt: now,
    from: ispb,
    to: SPI_ISPB,
    endToEndId: payment.id,
    txId: qr ? payment.txId : null,
    amountCents: payment.amountCents,
    acceptedAt: payment.createdAt,
    localInstrument: payment.initiation,
    debtor: { ...spiParty(payment.payer, payment.payerDocument), name: payment.payer.name.slice(0, MAX_NAME) },
    creditor: spiParty(payment.receiver, receiverDocument, withKey ? payment.pixKey : null),
    remittanceInfo: payment.description ? payment.description.slice(0, MAX_REMITTANCE) : null,
  };
}

export function paymentReturnOf(payment: Transmission, now = new Date()): Pacs004 {
  const { ispb } = networkSettings();
  if (!payment.returnOf) throw new Error(`${payment.id} is not a return`);
  return {
    type: "pacs.004",
    bizMsgIdr: newBizMsgIdr(ispb, now),
    createdAt: now,
    from: ispb,
    to: SPI_ISPB,
    returnId: payment.id,
    originalEndToEndId: payment.returnOf.endToEndId,
    amountCents: payment.amountCents,
    reasonCode: payment.returnOf.reason,
    additionalInfo: payment.description ? payment.description.slice(0, 105) : null,
  };
}

/** The reason code a refusal's text starts with ("AC03: …"), else RR04. */
export function refusalCode(text: string): string {
  return /^([A-Z]{2}\d{2})\b/.exec(text.trim())?.[1] ?? "RR04";
}

/**
 * Sends the payment's message; null once the SPI took it (the decision comes on the stream), a
 * rejection when the SPI refused it or it cannot be written. Throws while the SPI cannot take it.
 */
export async function transmitToSpi(db: Db, payment: Transmission): Promise<OutgoingDecision | null> {
  let unwritable: string | null = null;
  const sent = await sendSpiMessage(db, {
    type: payment.kind === "return" ? "pacs.004" : "pacs.008",
    subjectId: payment.id,
    build: () => {
      const message = payment.kind === "return" ? paymentReturnOf(payment) : creditTransferOf(payment);
      if (!message) {
        unwritable = "the receiver's CPF or CNPJ is not known";
        throw new UnwritableMessage();
      }
      try {
        return { bizMsgIdr: message.bizMsgIdr, xml: buildMessage(message) };
      } catch (error) {
        // a field the network would refuse (a txid or an account number out of its format): never sent
        if (!(error instanceof SpiMessageError)) throw error;
        unwritable = error.message;
        throw new UnwritableMessage();
      }
    },
  }).catch((error) => {
    if (error instanceof UnwritableMessage) return null;
    throw error;
  });
  if (!sent) return { id: payment.id, outcome: "rejected", reasonCode: "BE01", reasonText: unwritable };
  if (sent.outcome === "sent") return null;
  const reasonCode = refusalCode(sent.text);
  return { id: payment.id, outcome: "rejected", reasonCode, reasonText: sent.text || rejectionText(reasonCode) };
}

class UnwritableMessage extends Error {}
