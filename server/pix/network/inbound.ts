/**
 * What the connector does with each message the SPI delivers (docs/pix-network.md §2.3), once it
 * is kept in spi_messages: checks its signature (an admi.002 answers one that does not hold, and
 * nothing is applied), answers a PIX or a return at once (pacs.002 ACSP/RJCT, not through the
 * outbox: the answer must leave within seconds), and applies the network's decisions through the
 * core's state machines. Every step is idempotent (by BizMsgIdr, EndToEndId and RtrId): a message
 * delivered twice, or dispatched again after a crash, changes nothing more. The network's
 * decisions come in batches (dispatchDecisions): the settlements of a batch are credited in one
 * transaction. A message's row is marked applied by one statement for the dispatches that end
 * together; one a crash left unmarked is dispatched again by the sweeper, to no further effect.
 */
import type { Db } from "../../db/client";
import { pool } from "../../db/pool";
import { inTransaction } from "../../db/transaction";
import { maskDocument } from "../../documents/cpf-cnpj";
import type { Party } from "../../ledger/parties";
import { logger } from "../../logger";
import { type Answer, type Arrival, answerArrival, markAnswered, rejectArrival, settleArrival } from "../incoming";
import { decideOutgoing } from "../outgoing";
import { newBizMsgIdr } from "../spi/ids";
import { bizMsgIdrOf, buildMessage, parseMessage } from "../spi/messages";
import { signatureRefusal } from "../spi/signature";
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

/**
 * Calls `flush` with the items given while the previous flush ran, all at once: a batch forms by
 * itself when calls come faster than a flush takes, and a lone call waits for nothing.
 */
export function coalesced<T>(flush: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let waiting: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let flushing = false;
  const drain = async () => {
    flushing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await flush(batch.map((entry) => entry.item));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    flushing = false;
  };
  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!flushing) void drain();
    });
}

type Done = { id: string; subjectId: string | null; answerMs: number | null };

/** Marks kept messages applied (and how long their answer took), those that end together in one statement. */
const markApplied = coalesced<Done>(async (done) => {
  await pool().query(
    `UPDATE spi_messages m SET status = 'applied', done_at = now(), subject_id = d.subject_id,
            answer_ms = COALESCE(m.answer_ms, d.answer_ms)
       FROM unnest($1::uuid[], $2::text[], $3::int[]) AS d(id, subject_id, answer_ms)
      WHERE m.id = d.id AND m.status = 'received'`,
    [done.map((d) => d.id), done.map((d) => d.subjectId), done.map((d) => d.answerMs)],
  );
});

/** Verifies and reads a kept message; a refusal (admi.002 sent, row marked) when it cannot be. */
async function readKept(db: Db, row: KeptInbound): Promise<SpiMessage | DispatchResult> {
  const signature = signatureRefusal(row.xml);
  if (signature) return refuse(db, row, signature.code, signature.reason);
  let message: SpiMessage;
  try {
    message = parseMessage(row.xml);
  } catch (error) {
    if (!(error instanceof SpiMessageError)) throw error;
    return refuse(db, row, error.code, error.message);
  }
  const { ispb } = networkSettings();
  if (message.to !== ispb) {
    return refuse(
      db,
      row,
      SPI_REJECTION_CODES.invalidField,
      `AppHdr/To is ${message.to}, not this institution (${ispb})`,
    );
  }
  return message;
}

const isRefusal = (read: SpiMessage | DispatchResult): read is DispatchResult => "applied" in read;

const header = () => {
  const { ispb } = networkSettings();
  return { bizMsgIdr: newBizMsgIdr(ispb), createdAt: new Date(), from: ispb, to: SPI_ISPB };
};

/** Applies one kept message and marks it applied (or refused). */
export async function dispatchInbound(db: Db, row: KeptInbound): Promise<DispatchResult> {
  const read = await readKept(db, row);
  if (isRefusal(read)) return read;
  const { result, answerMs } = await apply(db, row, read);
  await markApplied({ id: row.id, subjectId: subjectOf(read), answerMs });
  return result;
}

/**
 * Applies a batch of kept messages that answer nothing (the network's pacs.002 and admi.002):
 * the settlements of payments received here in one transaction, in the order of their accounts
 * (or one by one, when that transaction fails), the others one by one.
 */
export async function dispatchDecisions(db: Db, rows: KeptInbound[]): Promise<DispatchResult[]> {
  const reads = await Promise.all(rows.map((row) => readKept(db, row)));
  const results: DispatchResult[] = [];
  const settling: { row: KeptInbound; message: Pacs002 }[] = [];
  const others: { row: KeptInbound; message: SpiMessage }[] = [];
  for (const [index, read] of reads.entries()) {
    const row = rows[index] as KeptInbound;
    if (isRefusal(read)) results.push(read);
    else if (read.type === "pacs.002" && (read.status === "ACCC" || read.status === "ACSC"))
      settling.push({ row, message: read });
    else others.push({ row, message: read });
  }
  const received = settling.length
    ? await db.railPayment.findMany({
        where: { id: { in: settling.map((s) => s.message.originalInstructionId) }, direction: "incoming" },
        select: { id: true, accountId: true },
      })
    : [];
  const accountOf = new Map(received.map((payment) => [payment.id, payment.accountId ?? ""]));
  const credits = settling
    .filter((s) => accountOf.has(s.message.originalInstructionId))
    .sort((a, b) => {
      const [x, y] = [a.message.originalInstructionId, b.message.originalInstructionId];
      return (accountOf.get(x) as string).localeCompare(accountOf.get(y) as string) || x.localeCompare(y);
    });
  // a settlement of one of ours (ACSC) goes with the others
  for (const s of settling) if (!accountOf.has(s.message.originalInstructionId)) others.push(s);

  const settled = await settleTogether(
    db,
    credits.map((s) => s.message.originalInstructionId),
  );
  // one that failed alone too is left received, for the sweeper
  for (const applied of settled) if (applied !== undefined) results.push({ type: "pacs.002", applied });
  const done: Promise<void>[] = credits
    .filter((_, index) => settled[index] !== undefined)
    .map((s) => markApplied({ id: s.row.id, subjectId: subjectOf(s.message), answerMs: null }));
  for (const { row, message } of others) {
    const { result } = await apply(db, row, message);
    results.push(result);
    done.push(markApplied({ id: row.id, subjectId: subjectOf(message), answerMs: null }));
  }
  await Promise.all(done);
  return results;
}

/** Whether each arrival was credited now; undefined where even its own transaction failed. */
async function settleTogether(db: Db, ids: string[]): Promise<(boolean | undefined)[]> {
  if (ids.length === 0) return [];
  try {
    return await inTransaction(
      db,
      async (tx) => {
        const applied: boolean[] = [];
        for (const id of ids) applied.push((await settleArrival(tx, id)) !== null);
        return applied;
      },
      { timeout: 20_000 },
    );
  } catch (error) {
    if (ids.length > 1) logger().warn({ err: error, count: ids.length }, "settling a batch failed; one by one");
    const applied: (boolean | undefined)[] = [];
    for (const id of ids) {
      try {
        applied.push((await settleArrival(db, id)) !== null);
      } catch (alone) {
        logger().warn({ err: alone, id }, "settling an arrival failed; the sweeper tries it again");
        applied.push(undefined);
      }
    }
    return applied;
  }
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

type Applied = { result: DispatchResult; answerMs: number | null };

async function apply(db: Db, row: KeptInbound, message: SpiMessage): Promise<Applied> {
  const applied = (result: DispatchResult, answerMs: number | null = null): Applied => ({ result, answerMs });
  switch (message.type) {
    case "pacs.008":
      return applied(
        { type: message.type, applied: true },
        await answer(db, row, arrivalOfCreditTransfer(message), message.creditor.ispb),
      );
    case "pacs.004":
      return applied(
        { type: message.type, applied: true },
        await answer(db, row, arrivalOfReturn(message), networkSettings().ispb),
      );
    case "pacs.002":
      return applied({ type: message.type, applied: await applyStatus(db, message) });
    case "admi.002":
      return applied({ type: message.type, applied: await applyMessageReject(db, message) });
    case "pibr.001":
      await answerEcho(db, message);
      return applied({ type: message.type, applied: true, echo: true });
    default:
      return applied({ type: message.type, applied: false });
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
    acceptedAt: message.acceptedAt.toISOString(),
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

/** Checks an arrival and sends the pacs.002 that accepts or rejects it, at once: how long after its receipt. */
async function answer(db: Db, row: KeptInbound, arrival: Arrival, creditorIspb: string): Promise<number> {
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
  return Math.max(0, at.getTime() - row.createdAt.getTime());
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
