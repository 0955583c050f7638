import type { FieldViolation } from "./message-rules";
import type { NetworkRecords, Transaction } from "./records";
import type { Settlement } from "./settlement";
import type { ReceivedEnvelope } from "./spi-messages";
import { textAt, type XmlNode } from "./xml";

/** What applying a well-formed message found: flow violations refuse it (admi.002), notes only record. */
export interface ApplyResult {
  violations: FieldViolation[];
  notes: string[];
  reference?: string;
  /** Read, but nothing was done: a late or repeated answer, an unknown reference. */
  ignored?: boolean;
}

const centsOf = (amount: string) => Math.round(Number(amount) * 100);

/** Acts on a message a participant sent, once its envelope and fields passed the checks. */
export function applyParticipantMessage(
  envelope: ReceivedEnvelope,
  senderIspb: string,
  records: NetworkRecords,
  settlement: Settlement,
): ApplyResult {
  const document = envelope.document as XmlNode;
  switch (envelope.type) {
    case "pacs.008":
      return applyCreditTransfer(document, senderIspb, envelope.bizMsgIdr, records, settlement);
    case "pacs.004":
      return applyPaymentReturn(document, senderIspb, envelope.bizMsgIdr, records, settlement);
    case "pacs.002":
      return applyStatusReport(document, senderIspb, records, settlement);
    case "pibr.002":
      return applyEchoResponse(document, senderIspb, records);
    default:
      return { violations: [], notes: [`${envelope.type} recorded; nothing to do`], ignored: true };
  }
}

function newTransaction(
  fields: Omit<Transaction, "state" | "createdAt" | "extraAnswers" | "statusMessages">,
): Transaction {
  return {
    ...fields,
    state: "awaiting-answer",
    createdAt: new Date().toISOString(),
    extraAnswers: [],
    statusMessages: [],
  };
}

/** The Document of a message to forward: its GrpHdr minus the id and time the SPI's own envelope gives. */
function forwardedDocument(document: XmlNode): { body: XmlNode; groupHeader: XmlNode } {
  const { GrpHdr, ...body } = document;
  const groupHeader = { ...(GrpHdr as XmlNode) };
  delete groupHeader.MsgId;
  delete groupHeader.CreDtTm;
  return { body, groupHeader };
}

function applyCreditTransfer(
  document: XmlNode,
  senderIspb: string,
  bizMsgIdr: string,
  records: NetworkRecords,
  settlement: Settlement,
): ApplyResult {
  const tx = "CdtTrfTxInf";
  const endToEndId = textAt(document, `${tx}/PmtId/EndToEndId`) as string;
  const receiverIspb = textAt(document, `${tx}/CdtrAgt/FinInstnId/ClrSysMmbId/MmbId`) as string;
  if (records.transactions.has(endToEndId)) {
    return duplicateId(`${tx}/PmtId/EndToEndId`, endToEndId);
  }
  if (receiverIspb === senderIspb) {
    return {
      violations: [
        {
          field: `${tx}/CdtrAgt/FinInstnId/ClrSysMmbId/MmbId`,
          problem: "a PSP does not pay itself through the SPI",
          value: receiverIspb,
        },
      ],
      notes: [],
      reference: endToEndId,
    };
  }
  const transaction = newTransaction({
    id: endToEndId,
    kind: "payment",
    payerIspb: senderIspb,
    receiverIspb,
    payerIsParticipant: true,
    receiverIsParticipant: records.participants.has(receiverIspb),
    amount: textAt(document, `${tx}/IntrBkSttlmAmt`) as string,
    bizMsgIdr,
    ...optional("creditorKey", textAt(document, `${tx}/CdtrAcct/Prxy/Id`)),
    ...optional("localInstrument", textAt(document, `${tx}/MndtRltdInf/Tp/LclInstrm/Prtry`)),
    ...optional("txId", textAt(document, `${tx}/PmtId/TxId`)),
  });
  settlement.submit(transaction, { type: "pacs.008", ...forwardedDocument(document) });
  return { violations: [], notes: [], reference: endToEndId };
}

function applyPaymentReturn(
  document: XmlNode,
  senderIspb: string,
  bizMsgIdr: string,
  records: NetworkRecords,
  settlement: Settlement,
): ApplyResult {
  const returnId = textAt(document, "TxInf/RtrId") as string;
  const originalEndToEndId = textAt(document, "TxInf/OrgnlEndToEndId") as string;
  const amount = textAt(document, "TxInf/RtrdIntrBkSttlmAmt") as string;
  if (records.transactions.has(returnId)) return duplicateId("TxInf/RtrId", returnId);
  const original = records.transactions.get(originalEndToEndId);
  // The money goes back to the original payer's PSP, the ISPB its EndToEndId carries.
  const receiverIspb = original?.payerIspb ?? originalEndToEndId.slice(1, 9);
  const transaction = newTransaction({
    id: returnId,
    kind: "return",
    payerIspb: senderIspb,
    receiverIspb,
    payerIsParticipant: true,
    receiverIsParticipant: records.participants.has(receiverIspb) && receiverIspb !== senderIspb,
    amount,
    originalEndToEndId,
    bizMsgIdr,
  });
  const refusal = original ? returnRefusal(original, senderIspb, amount, records) : undefined;
  if (refusal) {
    settlement.rejectAtOnce(transaction, refusal);
    return { violations: [], notes: [`return rejected ${refusal}`], reference: returnId };
  }
  settlement.submit(transaction, { type: "pacs.004", ...forwardedDocument(document) });
  return { violations: [], notes: [], reference: returnId };
}

/** Why the SPI refuses a return of a payment it knows: not the returner's, not settled, or over what is left. */
function returnRefusal(original: Transaction, returnerIspb: string, amount: string, records: NetworkRecords) {
  if (original.kind !== "payment" || original.receiverIspb !== returnerIspb) return "BE01";
  if (original.state !== "settled") return "AM02";
  let returnedCents = 0;
  for (const other of records.transactions.values()) {
    if (other.kind === "return" && other.originalEndToEndId === original.id && other.state !== "rejected") {
      returnedCents += centsOf(other.amount);
    }
  }
  return returnedCents + centsOf(amount) > centsOf(original.amount) ? "AM02" : undefined;
}

function applyStatusReport(
  document: XmlNode,
  senderIspb: string,
  records: NetworkRecords,
  settlement: Settlement,
): ApplyResult {
  const originalId = textAt(document, "TxInfAndSts/OrgnlInstrId") as string;
  const status = textAt(document, "TxInfAndSts/TxSts") as "ACSP" | "RJCT";
  const reason = textAt(document, "TxInfAndSts/StsRsnInf/Rsn/Cd");
  const transaction = records.transactions.get(originalId);
  if (!transaction?.receiverIsParticipant || transaction.receiverIspb !== senderIspb) {
    const notes = [`no transaction ${originalId} was delivered to ${senderIspb}`];
    return { violations: [], notes, reference: originalId, ignored: true };
  }
  const note = settlement.receiverAnswered(transaction, status, reason || undefined);
  if (!note) return { violations: [], notes: [], reference: originalId };
  return { violations: [], notes: [`late or repeated answer: ${note}`], reference: originalId, ignored: true };
}

function applyEchoResponse(document: XmlNode, senderIspb: string, records: NetworkRecords): ApplyResult {
  const data = textAt(document, "Data") as string;
  const echo = records.echoes.get(`${senderIspb}:${data}`);
  if (!echo) return { violations: [], notes: [`no pibr.001 carried Data ${data}`], ignored: true };
  if (echo.answeredAt) return { violations: [], notes: ["echo already answered"], ignored: true };
  const now = Date.now();
  echo.answeredAt = new Date(now).toISOString();
  echo.delayMs = now - Date.parse(echo.deliveredAt ?? echo.sentAt);
  return { violations: [], notes: [] };
}

function duplicateId(field: string, id: string): ApplyResult {
  return {
    violations: [{ field, problem: "already used by another message (resend the same BizMsgIdr instead)", value: id }],
    notes: [],
    reference: id,
  };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}
