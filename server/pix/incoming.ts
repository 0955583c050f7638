/**
 * The incoming state machine (docs/pix-network.md): a PIX or a return from another institution
 * *arrives* (pacs.008 / pacs.004), is *answered* — accepted or rejected with a reason, within the
 * network's seconds — and is *settled* when the network says the money moved (pacs.002 ACCC):
 * only then are the account, the charge, the ledger and the webhooks changed, once. A duplicate
 * arrival gets the answer already given; a duplicate settlement changes nothing.
 */
import { assertCanReceive } from "../accounts/rules";
import { paymentDay } from "../charges/due-date/payment";
import { creditChargePayment, lockPayableCharge } from "../charges/payment";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { inTransaction } from "../db/transaction";
import { AppError } from "../errors";
import type { Account, LedgerEntry } from "../generated/prisma/client";
import type { Party } from "../ledger/parties";
import { recurringPaymentRefusal, settleRecurringPayment } from "../recurrences/charges/arrival";
import { creditReceivedPix, creditReturnOfPix, remainingToReturn } from "../transfers/incoming";
import { sandboxMode } from "./current-rail";
import { rejectionText } from "./reasons";

export type IncomingPayment = {
  kind: "payment";
  endToEndId: string;
  amountCents: bigint;
  /** from the message's Dbtr*, document masked as parties are kept */
  payer: Party;
  /** the payer's CPF or CNPJ, digits (a charge for one payer is checked against it) */
  payerDocument?: string | null;
  /** CdtrAcct/Prxy/Id, when the payer used a key or a QR code */
  receiverKey: string | null;
  /** CdtrAcct/Id/Othr/Id: the account number here */
  receiverAccount: string | null;
  /** PmtId/TxId: the charge a QR payment pays */
  txId: string | null;
  initiation: string;
  description: string | null;
  /** AccptncDtTm (ISO): on a simulated network, the day a cobv counts as paid on */
  acceptedAt?: string | null;
};

export type IncomingReturn = {
  kind: "return";
  /** the RtrId */
  returnId: string;
  originalEndToEndId: string;
  amountCents: bigint;
  reasonCode: string;
  /** the institution returning the money */
  payerIspb: string;
};

export type Arrival = IncomingPayment | IncomingReturn;

export type Answer = { accepted: true } | { accepted: false; reasonCode: string; reasonText: string };

const payerDocumentOf = (arrival: IncomingPayment) => arrival.payerDocument ?? arrival.payer.cpfCnpj;

/** The São Paulo day a payment counts on: the settlement's, or on a simulated network the payer's acceptance's. */
const paidOnOf = (arrival: IncomingPayment, now: Date) =>
  paymentDay(arrival.acceptedAt && sandboxMode() ? new Date(arrival.acceptedAt) : now);

const idOf = (arrival: Arrival) => (arrival.kind === "payment" ? arrival.endToEndId : arrival.returnId);

function refused(reasonCode: string, reasonText = rejectionText(reasonCode)): Answer {
  return { accepted: false, reasonCode, reasonText };
}

/** JSON for the facts column: bigints as strings. */
function factsOf(arrival: Arrival): Record<string, unknown> {
  return { ...arrival, amountCents: arrival.amountCents.toString() };
}

function arrivalOf(facts: Record<string, unknown>): Arrival {
  return { ...(facts as unknown as Arrival), amountCents: BigInt(facts.amountCents as string) };
}

/**
 * Checks an arrival and records the answer (received → accepted | rejected). Answers what was
 * answered before when the same message comes again.
 */
export async function answerArrival(db: Db, arrival: Arrival, now = new Date()): Promise<Answer> {
  const id = idOf(arrival);
  const known = await db.railPayment.findUnique({ where: { id } });
  if (known) return answerOf(known);
  // a charge's or a return's check locks what it reads; a plain PIX's only reads, without a transaction
  const locks = arrival.kind === "return" || arrival.txId !== null;
  const { answer, accountId } = locks
    ? await inTransaction(db, (tx) => check(tx, arrival, now))
    : await check(db, arrival, now);
  const inserted = await db.railPayment.createMany({
    data: [
      {
        id,
        direction: "incoming",
        kind: arrival.kind,
        state: answer.accepted ? "accepted" : "rejected",
        accountId,
        amountCents: arrival.amountCents,
        originalEndToEndId: arrival.kind === "return" ? arrival.originalEndToEndId : null,
        reasonCode: answer.accepted ? null : answer.reasonCode,
        reasonText: answer.accepted ? null : answer.reasonText,
        facts: factsOf(arrival) as object,
        createdAt: now,
        updatedAt: now,
        decidedAt: answer.accepted ? null : now,
      },
    ],
    skipDuplicates: true,
  });
  if (inserted.count === 0) return answerOf(await db.railPayment.findUniqueOrThrow({ where: { id } }));
  return answer;
}

function answerOf(payment: { state: string; reasonCode: string | null; reasonText: string | null }): Answer {
  if (payment.state === "rejected" && payment.reasonCode)
    return refused(payment.reasonCode, payment.reasonText ?? undefined);
  return { accepted: true };
}

/** The answer has left (the connector says when): what the operator's answer times are read from. */
export async function markAnswered(db: Db, id: string, at = new Date()): Promise<void> {
  await db.railPayment.updateMany({ where: { id, direction: "incoming", sentAt: null }, data: { sentAt: at } });
}

async function check(tx: Db | Tx, arrival: Arrival, now: Date): Promise<{ answer: Answer; accountId: string | null }> {
  if (arrival.amountCents <= 0n) return { answer: refused("AM09"), accountId: null };
  if (arrival.kind === "return") return checkReturn(tx, arrival);
  const account = await receivingAccount(tx, arrival);
  if (!account) return { answer: refused("AC03"), accountId: null };
  try {
    assertCanReceive(account, "account");
  } catch {
    return { answer: refused("AC06"), accountId: account.id };
  }
  if (arrival.amountCents > config().MAX_TRANSACTION_AMOUNT_CENTS)
    return { answer: refused("AM02"), accountId: account.id };
  if (arrival.txId && arrival.initiation === "AUTO") {
    const code = await recurringPaymentRefusal(tx, account, { ...arrival, txId: arrival.txId });
    return { answer: code ? refused(code) : { accepted: true }, accountId: account.id };
  }
  if (arrival.txId && (arrival.initiation === "QRDN" || arrival.initiation === "QRES")) {
    const answer = await checkCharge(tx, arrival, account, now);
    return { answer, accountId: account.id };
  }
  return { answer: { accepted: true }, accountId: account.id };
}

/** The account a payment names: by its key, else by its account number at this institution. */
async function receivingAccount(tx: Db | Tx, arrival: IncomingPayment): Promise<Account | null> {
  if (arrival.receiverKey) {
    const key = await tx.pixKey.findUnique({ where: { key: arrival.receiverKey }, include: { account: true } });
    if (key) return key.account;
    // A QR code's key is its receiver's; any other key must be ours
    if (arrival.initiation === "DICT") return null;
  }
  if (!arrival.receiverAccount) return null;
  return tx.account.findUnique({ where: { id: arrival.receiverAccount } });
}

async function checkCharge(tx: Tx, arrival: IncomingPayment, account: Account, now: Date): Promise<Answer> {
  const charge = await tx.charge.findUnique({ where: { txId: arrival.txId as string } });
  if (!charge || charge.accountId !== account.id) {
    // a static code's txid is the merchant's reference, not a charge of ours: credited as it comes
    return arrival.initiation === "QRES" ? { accepted: true } : refused("AC03", "no open charge has this txid");
  }
  try {
    await lockPayableCharge(tx, charge.txId, payerDocumentOf(arrival), {
      now,
      paidOn: paidOnOf(arrival, now),
      amountCents: arrival.amountCents,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.reason === "PAYER_NOT_ALLOWED") return refused("BE17");
    if (error.reason === "CHARGE_ALREADY_PAID" || error.reason === "CHARGE_EXPIRED")
      return refused("DS04", error.message);
    return refused("AM09", error.message);
  }
  const due = charge.kind === "cobv" ? null : charge.amountCents;
  if (due !== null && due !== arrival.amountCents) return refused("AM09");
  return { accepted: true };
}

async function checkReturn(tx: Tx, arrival: IncomingReturn): Promise<{ answer: Answer; accountId: string | null }> {
  const remaining = await remainingToReturn(tx, arrival.originalEndToEndId);
  if (!remaining) return { answer: refused("AC03", "no PIX sent from here has this end-to-end id"), accountId: null };
  if (arrival.amountCents > remaining.cents)
    return { answer: refused("AM09", "more than what is left of the PIX"), accountId: remaining.accountId };
  return { answer: { accepted: true }, accountId: remaining.accountId };
}

/**
 * The network settled an accepted arrival (pacs.002 ACCC): credits it, once. A charge paid by
 * someone else in between is credited as a plain PIX (the money has arrived; the merchant can
 * refund it). Null when there is nothing to credit (unknown, rejected, or already settled).
 */
export async function settleArrival(db: Db | Tx, id: string, now = new Date()): Promise<LedgerEntry | null> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.$queryRaw<{ state: string; account_id: string | null; facts: Record<string, unknown> }[]>`
      SELECT state, account_id, facts FROM rail_payments WHERE id = ${id} AND direction = 'incoming' FOR UPDATE`;
    if (row?.state !== "accepted" || !row.account_id) return null;
    const arrival = arrivalOf(row.facts);
    const account = await tx.account.findUniqueOrThrow({ where: { id: row.account_id } });
    const credit =
      arrival.kind === "return"
        ? await creditReturnOfPix(tx, account, {
            returnId: arrival.returnId,
            originalEndToEndId: arrival.originalEndToEndId,
            amountCents: arrival.amountCents,
          })
        : await creditPayment(tx, account, arrival, now);
    await tx.railPayment.update({ where: { id }, data: { state: "settled", decidedAt: now, updatedAt: now } });
    return credit;
  });
}

async function creditPayment(tx: Tx, account: Account, arrival: IncomingPayment, now: Date) {
  const pix = {
    endToEndId: arrival.endToEndId,
    amountCents: arrival.amountCents,
    payer: arrival.payer,
    pixKey: arrival.receiverKey,
    description: arrival.description,
  };
  if (!arrival.txId) return creditReceivedPix(tx, account, pix);
  if (arrival.initiation === "AUTO") {
    const paid = await settleRecurringPayment(tx, account, { ...arrival, txId: arrival.txId }, now);
    return paid ?? creditReceivedPix(tx, account, pix);
  }
  const charge = await tx.charge.findUnique({ where: { txId: arrival.txId } });
  if (charge?.accountId !== account.id) return creditReceivedPix(tx, account, pix);
  try {
    const paidOn = paidOnOf(arrival, now);
    const locked = await lockPayableCharge(tx, charge.txId, payerDocumentOf(arrival), {
      now,
      paidOn,
      amountCents: arrival.amountCents,
    });
    return await creditChargePayment(tx, locked, account, {
      endToEndId: arrival.endToEndId,
      payer: arrival.payer,
      now,
      paidOn,
    });
  } catch (error) {
    if (error instanceof AppError) return creditReceivedPix(tx, account, pix);
    throw error;
  }
}

/** The network rejected an arrival after it was accepted here (answered too late): nothing is credited. */
export async function rejectArrival(db: Db, id: string, reasonCode: string, now = new Date()): Promise<void> {
  await db.railPayment.updateMany({
    where: { id, direction: "incoming", state: "accepted" },
    data: { state: "rejected", reasonCode, reasonText: rejectionText(reasonCode), decidedAt: now, updatedAt: now },
  });
}
