/**
 * Requests for the payer's consent to a recurrence (API Pix `solicrec`,
 * docs/decisions/0040-pix-automatico-requests.md): the merchant sends one per recurrence at a time;
 * the payer's side (simulated by the sandbox) receives it and accepts or rejects it, which approves
 * or rejects the recurrence through `settleRecurrence`; the receiver may cancel an open one, and
 * one left past its expiry expires with its recurrence. Refusals are `RecurrenceRefused` with
 * properties relative to the request; an unknown or someone else's request is a 404 AppError.
 */
import { todayInSaoPaulo } from "../charges/due-date/calendar";
import { config } from "../config";
import type { Tx } from "../db/client";
import { AppError, notFound } from "../errors";
import { Prisma, type RecurrenceRequest } from "../generated/prisma/client";
import { ID_SOLIC_REC_PATTERN, newIdSolicRec } from "./ids";
import { RecurrenceRefused, type RecurrenceViolation } from "./model";
import {
  canMoveRequest,
  isOpenRequest,
  OPEN_REQUEST_STATUSES,
  type RequestHistoryEntry,
  type RequestStatus,
} from "./request-status";
import { getRecurrence, settleRecurrence } from "./service";
import type { RejectCode } from "./status";

/** Where the request goes: the payer's account at its institution (`destinatario`). */
export type Recipient = { conta: string; ispbParticipante: string; agencia?: string; document: string };

export type RequestInput = { userId: string; idRec: string; expiresAt: Date; recipient: Recipient };

const ACTIVE_EXISTS: RecurrenceViolation = {
  propriedade: "idRec",
  razao: "Já existe uma solicitação ativa para esta recorrência.",
};

async function recurrenceFor(tx: Tx, userId: string, idRec: string) {
  try {
    return await getRecurrence(tx, userId, idRec);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

export async function createRequest(tx: Tx, input: RequestInput, now = new Date()): Promise<RecurrenceRequest> {
  // an open request past its expiry no longer counts, and has expired its recurrence with it
  const open = await tx.recurrenceRequest.findFirst({
    where: { userId: input.userId, idRec: input.idRec, status: { in: [...OPEN_REQUEST_STATUSES] } },
  });
  const stillOpen = open !== null && !(await expiredIfLapsed(tx, open, now));
  const recurrence = await recurrenceFor(tx, input.userId, input.idRec);
  const violations: RecurrenceViolation[] = [
    ...(input.expiresAt < now
      ? [
          {
            propriedade: "calendario.dataExpiracaoSolicitacao",
            razao: "dataExpiracaoSolicitacao é anterior à criação da solicitação.",
          },
        ]
      : []),
    ...(recurrence === null
      ? [{ propriedade: "idRec", razao: "Não há recorrência deste usuário recebedor com este idRec." }]
      : recurrence.status !== "CRIADA"
        ? [
            {
              propriedade: "idRec",
              razao: `A recorrência está ${recurrence.status}: só uma CRIADA recebe solicitação.`,
            },
          ]
        : []),
    ...(recurrence && recurrence.debtorDocument !== input.recipient.document
      ? [{ propriedade: "destinatario", razao: "O documento do destinatário não é o do devedor da recorrência." }]
      : []),
  ];
  if (violations.length) throw new RecurrenceRefused(violations);
  if (stillOpen) throw new RecurrenceRefused([ACTIVE_EXISTS]);
  const { document, ...account } = input.recipient;
  const history: RequestHistoryEntry[] = [{ status: "CRIADA", data: now.toISOString() }];
  try {
    return await tx.recurrenceRequest.create({
      data: {
        idSolicRec: newIdSolicRec(config().PLATFORM_ISPB, todayInSaoPaulo(now)),
        userId: input.userId,
        idRec: input.idRec,
        expiresAt: input.expiresAt,
        recipient: { ...account, ...(document.length === 11 ? { cpf: document } : { cnpj: document }) },
        status: "CRIADA",
        history,
        createdAt: now,
      },
    });
  } catch (error) {
    // a concurrent request for the same recurrence won the one-active index
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new RecurrenceRefused([ACTIVE_EXISTS]);
    }
    throw error;
  }
}

/** The caller's request (expired first if its time has passed), or a 404. */
export async function getRequest(tx: Tx, userId: string, idSolicRec: string, now = new Date()) {
  if (!ID_SOLIC_REC_PATTERN.test(idSolicRec)) throw notFound("recurrence request not found");
  const request = await tx.recurrenceRequest.findFirst({ where: { idSolicRec, userId } });
  if (!request) throw notFound("recurrence request not found");
  return (await expiredIfLapsed(tx, request, now)) ?? request;
}

/** Moves the request through `path` in order, conditional on the status read (no lost race). */
async function move(tx: Tx, request: RecurrenceRequest, path: RequestStatus[], now: Date) {
  let from = request.status as RequestStatus;
  const history = [...(request.history as RequestHistoryEntry[])];
  for (const to of path) {
    if (!canMoveRequest(from, to)) {
      throw new RecurrenceRefused([{ propriedade: "status", razao: `Uma solicitação ${from} não passa a ${to}.` }]);
    }
    history.push({ status: to, data: now.toISOString() });
    from = to;
  }
  const updated = await tx.recurrenceRequest.updateMany({
    where: { idSolicRec: request.idSolicRec, status: request.status },
    data: { status: from, history },
  });
  if (updated.count !== 1) throw new RecurrenceRefused([{ propriedade: "status", razao: "A solicitação mudou." }]);
  return tx.recurrenceRequest.findUniqueOrThrow({ where: { idSolicRec: request.idSolicRec } });
}

/** An open request whose expiry has passed becomes EXPIRADA, and its recurrence, still CRIADA, too. */
async function expiredIfLapsed(tx: Tx, request: RecurrenceRequest, now: Date) {
  if (!isOpenRequest(request.status as RequestStatus) || request.expiresAt > now) return null;
  const expired = await move(tx, request, ["EXPIRADA"], now);
  const recurrence = await getRecurrence(tx, request.userId, request.idRec);
  if (recurrence.status === "CRIADA")
    await settleRecurrence(tx, request.userId, request.idRec, { to: "EXPIRADA" }, now);
  return expired;
}

/** PATCH /solicrec/{idSolicRec}: the receiver cancels a request still CRIADA, ENVIADA or RECEBIDA. */
export async function cancelRequest(tx: Tx, userId: string, idSolicRec: string, now = new Date()) {
  const request = await getRequest(tx, userId, idSolicRec, now);
  if (!isOpenRequest(request.status as RequestStatus)) {
    throw new RecurrenceRefused([
      {
        propriedade: "status",
        razao: `A solicitação está ${request.status}: só uma CRIADA, ENVIADA ou RECEBIDA pode ser cancelada.`,
      },
    ]);
  }
  return move(tx, request, ["CANCELADA"], now);
}

export type PayerAnswer = { accept: true } | { accept: false; codigo: RejectCode };

/**
 * The payer's side answers an open request: it is sent and received on the way (the simulated
 * payer's institution takes it at once), then accepted, approving the recurrence, or rejected,
 * rejecting it with the catalogue's code.
 */
export async function answerRequest(tx: Tx, userId: string, idSolicRec: string, answer: PayerAnswer, now = new Date()) {
  const request = await getRequest(tx, userId, idSolicRec, now);
  const status = request.status as RequestStatus;
  if (!isOpenRequest(status)) {
    throw new RecurrenceRefused([
      { propriedade: "status", razao: `A solicitação está ${status}: não pode mais ser respondida.` },
    ]);
  }
  const onTheWay: RequestStatus[] =
    status === "CRIADA" ? ["ENVIADA", "RECEBIDA"] : status === "ENVIADA" ? ["RECEBIDA"] : [];
  const answered = await move(tx, request, [...onTheWay, answer.accept ? "ACEITA" : "REJEITADA"], now);
  await settleRecurrence(
    tx,
    userId,
    request.idRec,
    answer.accept
      ? { to: "APROVADA" }
      : { to: "REJEITADA", codigo: answer.codigo, descricao: "Solicitação de confirmação rejeitada pelo pagador." },
    now,
  );
  return answered;
}
