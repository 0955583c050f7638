/**
 * What the connector does with each message the SPI delivers (docs/pix-network.md §2.3), once it
 * is kept in spi_messages: checks its signature (an admi.002 answers one that does not hold, and
 * nothing is applied), answers a PIX or a return at once (pacs.002 ACSP/RJCT, not through the
 * outbox: the answer must leave within seconds), and applies the network's decisions through the
 * core's state machines. Every step is idempotent (by BizMsgIdr, EndToEndId and RtrId): a message
 * delivered twice, or dispatched again after a crash, changes nothing more.
 */
import type { Db } from "../../db/client";
import { maskDocument } from "../../documents/cpf-cnpj";
import type { Party } from "../../ledger/parties";
import { logger } from "../../logger";
import { type Answer, type Arrival, answerArrival, markAnswered, rejectArrival, settleArrival } from "../incoming";
import { decideOutgoing } from "../outgoing";
import { newBizMsgIdr } from "../spi/ids";
import { bizMsgIdrOf, buildMessage, parseMessage } from "../spi/messages";
import { signatureProblem } from "../spi/signature";
import {
  type Admi002,
  type EchoRequest,
  type Pacs002,
  type Pacs004,
  type Pacs008,
  SPI_ISPB,
  SPI_REJECTION_CODES,
  type SpiMessage,
  SpiMessageError,
  type SpiParty,
} from "../spi/types";
import { networkSettings } from "./settings";
import { sendSpiMessage } from "./spi-client";

export type KeptInbound = { id: string; xml: string; createdAt: Date };
export type DispatchResult = { type: string; applied: boolean; echo?: boolean };

const header = () => {
  const { ispb } = networkSettings();
  return { bizMsgIdr: newBizMsgIdr(ispb), createdAt: new Date(), from: ispb, to: SPI_ISPB };
};

/** Applies one kept message and marks it applied (or refused). */
export async function dispatchInbound(db: Db, row: KeptInbound): Promise<DispatchResult> {
  const problem = signatureProblem(row.xml);
  if (problem) return refuse(db, row, SPI_REJECTION_CODES.badSignature, problem);
  let message: SpiMessage;
  try {
    message = parseMessage(row.xml);
  } catch (error) {
    if (!(error instanceof SpiMessageError)) throw error;
    return refuse(db, row, error.code, error.message);
  }
  const result = await apply(db, row, message);
  await db.spiMessage.updateMany({
    where: { id: row.id, status: "received" },
    data: { status: "applied", doneAt: new Date(), subjectId: subjectOf(message) },
  });
  return result;
}

function subjectOf(message: SpiMessage): string | null {
  switch (message.type) {
    case "pacs.008":
      return message.endToEndId;
    case "pacs.004":
      return message.returnId;
    case "pacs.002":
      return message.originalInstructionId;
    case "admi.002":
      return message.relatedBizMsgIdr;
    default:
      return null;
  }
}

/** An unreadable or badly signed message: an admi.002 names it, and nothing of it is applied. */
async function refuse(db: Db, row: KeptInbound, code: string, text: string): Promise<DispatchResult> {
  let related: string | null = null;
  try {
    related = bizMsgIdrOf(row.xml);
  } catch {
    related = null;
  }
  logger().warn({ bizMsgIdr: related, code, text }, "refused an SPI message");
  if (related) {
    const reject: Admi002 = {
      type: "admi.002",
      ...header(),
      relatedBizMsgIdr: related,
      reasonCode: code,
      reasonText: text.slice(0, 105),
    };
    await sendSpiMessage(db, {
      type: "admi.002",
      subjectId: related,
      build: () => ({ bizMsgIdr: reject.bizMsgIdr, xml: buildMessage(reject) }),
    });
  }
  await db.spiMessage.updateMany({
    where: { id: row.id, status: "received" },
    data: { status: "refused", doneAt: new Date(), lastError: `${code}: ${text}`.slice(0, 500) },
  });
  return { type: "refused", applied: false };
}

async function apply(db: Db, row: KeptInbound, message: SpiMessage): Promise<DispatchResult> {
  switch (message.type) {
    case "pacs.008":
      await answer(db, row, arrivalOfCreditTransfer(message), message.creditor.ispb);
      return { type: message.type, applied: true };
    case "pacs.004":
      await answer(db, row, arrivalOfReturn(message), networkSettings().ispb);
      return { type: message.type, applied: true };
    case "pacs.002":
      return { type: message.type, applied: await applyStatus(db, message) };
    case "admi.002":
      return { type: message.type, applied: await applyMessageReject(db, message) };
    case "pibr.001":
      await answerEcho(db, message);
      return { type: message.type, applied: true, echo: true };
    default:
      return { type: message.type, applied: false };
  }
}

function payerOf(debtor: SpiParty): Party {
  return {
    ispb: debtor.ispb,
    personType: debtor.document.length === 14 ? "company" : "person",
    cpfCnpj: maskDocument(debtor.document),
    name: debtor.name ?? "",
    agency: debtor.branch ?? "",
    accountType: debtor.accountType,
    accountNumber: debtor.account,
  };
}

export function arrivalOfCreditTransfer(message: Pacs008): Arrival {
  return {
    kind: "payment",
    endToEndId: message.endToEndId,
    amountCents: message.amountCents,
    payer: payerOf(message.debtor),
    payerDocument: message.debtor.document,
    receiverKey: message.creditor.key ?? null,
    receiverAccount: message.creditor.account ?? null,
    txId: message.txId ?? null,
    initiation: message.localInstrument,
    description: message.remittanceInfo ?? null,
  };
}

export function arrivalOfReturn(message: Pacs004): Arrival {
  return {
    kind: "return",
    returnId: message.returnId,
    originalEndToEndId: message.originalEndToEndId,
    amountCents: message.amountCents,
    reasonCode: message.reasonCode,
    // RtrId: D + the returning PSP's ISPB + …
    payerIspb: message.returnId.slice(1, 9),
  };
}

/** Checks an arrival and sends the pacs.002 that accepts or rejects it, at once. */
async function answer(db: Db, row: KeptInbound, arrival: Arrival, creditorIspb: string): Promise<void> {
  const decided: Answer =
    creditorIspb === networkSettings().ispb
      ? await answerArrival(db, arrival)
      : { accepted: false, reasonCode: "AC03", reasonText: "the receiver is not at this institution" };
  const id = arrival.kind === "payment" ? arrival.endToEndId : arrival.returnId;
  const status: Pacs002 = {
    type: "pacs.002",
    ...header(),
    originalInstructionId: id,
    originalEndToEndId: arrival.kind === "payment" ? arrival.endToEndId : arrival.originalEndToEndId,
    status: decided.accepted ? "ACSP" : "RJCT",
    reasonCode: decided.accepted ? null : decided.reasonCode,
  };
  await sendSpiMessage(db, {
    type: "pacs.002",
    subjectId: id,
    build: () => ({ bizMsgIdr: status.bizMsgIdr, xml: buildMessage(status) }),
  });
  const at = new Date();
  await markAnswered(db, id, at);
  await db.spiMessage.updateMany({
    where: { id: row.id, answerMs: null },
    data: { answerMs: Math.max(0, at.getTime() - row.createdAt.getTime()) },
  });
}

/** A pacs.002: the decision on one of ours, or the settlement (or late rejection) of one we accepted. */
async function applyStatus(db: Db, message: Pacs002): Promise<boolean> {
  const payment = await db.railPayment.findUnique({ where: { id: message.originalInstructionId } });
  if (!payment) return false;
  if (payment.direction === "outgoing") {
    if (message.status === "ACSC") return (await decideOutgoing(db, { id: payment.id, outcome: "settled" })) !== null;
    if (message.status === "RJCT") {
      const reasonCode = message.reasonCode ?? "RR04";
      return (await decideOutgoing(db, { id: payment.id, outcome: "rejected", reasonCode })) !== null;
    }
    return false;
  }
  if (message.status === "ACCC" || message.status === "ACSC") return (await settleArrival(db, payment.id)) !== null;
  if (message.status === "RJCT") {
    await rejectArrival(db, payment.id, message.reasonCode ?? "AB03");
    return true;
  }
  return false;
}

/** An admi.002: the SPI could not read one of our messages; a payment or return it carried is rejected. */
async function applyMessageReject(db: Db, message: Admi002): Promise<boolean> {
  const sent = await db.spiMessage.findUnique({
    where: { direction_bizMsgIdr: { direction: "out", bizMsgIdr: message.relatedBizMsgIdr } },
  });
  if (!sent) return false;
  await db.spiMessage.update({
    where: { id: sent.id },
    data: { status: "refused", lastError: `${message.reasonCode}: ${message.reasonText}`.slice(0, 500) },
  });
  if ((sent.type !== "pacs.008" && sent.type !== "pacs.004") || !sent.subjectId) return false;
  const decided = await decideOutgoing(db, {
    id: sent.subjectId,
    outcome: "rejected",
    reasonCode: message.reasonCode,
    reasonText: message.reasonText,
  });
  return decided !== null;
}

async function answerEcho(db: Db, message: EchoRequest): Promise<void> {
  const reply = { type: "pibr.002" as const, ...header(), data: message.data };
  await sendSpiMessage(db, {
    type: "pibr.002",
    subjectId: message.bizMsgIdr,
    build: () => ({ bizMsgIdr: reply.bizMsgIdr, xml: buildMessage(reply) }),
  });
}
