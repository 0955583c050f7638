/**
 * Pix Automático recurrences (API Pix `rec`, docs/decisions/0039-pix-automatico-recurrences.md):
 * created by the merchant, approved, rejected or left to expire by the payer's side, cancelled by
 * either. Refusals are `RecurrenceRefused` with every violation; an unknown or someone else's
 * recurrence is a 404 AppError.
 */

import { todayInSaoPaulo } from "../charges/due-date/calendar";
import { dateColumn } from "../charges/due-date/record";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { inTransaction } from "../db/transaction";
import { isValidCnpj, isValidCpf } from "../documents/cpf-cnpj";
import { AppError, notFound } from "../errors";
import { Prisma, type Recurrence } from "../generated/prisma/client";
import { recordEvent } from "../outbox/record";
import { ID_REC_PATTERN, newIdRec } from "./ids";
import { bindRecurrenceLocation } from "./locations";
import {
  type RecurrenceFilters,
  type RecurrenceInput,
  RecurrenceRefused,
  type RecurrenceRevision,
  type RecurrenceViolation,
} from "./model";
import {
  type CancelCode,
  type CancelRequester,
  type Closure,
  canMove,
  type HistoryEntry,
  isFinal,
  type RecStatus,
  type RejectCode,
} from "./status";

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Automatic billing charges the recurrence's own amount each cycle: a minimum is no amount to charge. */
export const AUTO_CHARGE_NEEDS_FIXED_AMOUNT: RecurrenceViolation = {
  propriedade: "cobrancaAutomatica",
  razao: "Só uma recorrência de valor fixo (valorRec) é cobrada automaticamente.",
};

function creationViolations(input: RecurrenceInput, today: string): RecurrenceViolation[] {
  const { document } = input.debtor;
  const documentValid = document.length === 11 ? isValidCpf(document) : isValidCnpj(document);
  return [
    ...(documentValid ? [] : [{ propriedade: "vinculo.devedor", razao: "O documento do devedor não é válido." }]),
    ...(input.startDate < today
      ? [{ propriedade: "calendario.dataInicial", razao: "dataInicial é anterior à data de criação da recorrência." }]
      : []),
    ...(input.endDate !== undefined && input.endDate < input.startDate
      ? [{ propriedade: "calendario.dataFinal", razao: "dataFinal é anterior a dataInicial." }]
      : []),
    ...(input.amountCents !== undefined && input.minimumCents !== undefined
      ? [{ propriedade: "valor", razao: "Informe valorRec ou valorMinimoRecebedor, não ambos." }]
      : []),
    ...(input.autoCharge && input.amountCents === undefined ? [AUTO_CHARGE_NEEDS_FIXED_AMOUNT] : []),
  ];
}

/** The account a recurrence credits: the merchant's oldest active account. */
async function receivingAccount(tx: Tx, userId: string) {
  const account = await tx.account.findFirst({ where: { userId, status: "active" }, orderBy: { createdAt: "asc" } });
  if (!account) throw new AppError("FORBIDDEN", "no active account to receive the recurrence");
  return account;
}

/**
 * Every change of a recurrence's status (its creation too) records `recurrence.updated` in the same
 * transaction: the webhooks (`webhookrec`, the account surface) deliver the recurrence as it is then.
 */
function recordRecurrenceUpdated(tx: Tx, recurrence: Pick<Recurrence, "idRec" | "userId" | "accountId" | "status">) {
  return recordEvent(tx, {
    topic: "recurrence.updated",
    userId: recurrence.userId,
    accountId: recurrence.accountId,
    payload: { idRec: recurrence.idRec, status: recurrence.status },
  });
}

export async function createRecurrence(db: Db | Tx, input: RecurrenceInput, now = new Date()): Promise<Recurrence> {
  const today = todayInSaoPaulo(now);
  const violations = creationViolations(input, today);
  if (violations.length) throw new RecurrenceRefused(violations);
  return inTransaction(db, async (tx) => {
    const created = await insertRecurrence(tx, input, today, now);
    if (input.locationId !== undefined) await bindRecurrenceLocation(tx, input.userId, input.locationId, created.idRec);
    await recordRecurrenceUpdated(tx, created);
    return created;
  });
}

async function insertRecurrence(tx: Tx, input: RecurrenceInput, today: string, now: Date) {
  const account = await receivingAccount(tx, input.userId);
  // Pix Automático bills for companies: the specification's receiver is a legal person (CNPJ).
  if (account.document.length !== 14) {
    throw new RecurrenceRefused([
      { propriedade: "recebedor", razao: "Só um usuário recebedor pessoa jurídica (CNPJ) cria recorrências." },
    ]);
  }
  const history: HistoryEntry[] = [{ status: "CRIADA", data: now.toISOString() }];
  return tx.recurrence.create({
    data: {
      idRec: newIdRec(input.retryPolicy === "PERMITE_3R_7D", config().PLATFORM_ISPB, today),
      userId: input.userId,
      accountId: account.id,
      contract: input.contract,
      object: input.object ?? null,
      debtorDocument: input.debtor.document,
      debtorName: input.debtor.name,
      startDate: dateColumn(input.startDate),
      endDate: input.endDate ? dateColumn(input.endDate) : null,
      periodicity: input.periodicity,
      amountCents: input.amountCents ?? null,
      minimumCents: input.minimumCents ?? null,
      retryPolicy: input.retryPolicy,
      agreement: input.agreement ?? null,
      journeyTxId: input.journeyTxId ?? null,
      autoCharge: input.autoCharge ?? false,
      status: "CRIADA",
      history,
      createdAt: now,
    },
  });
}

/** The caller's recurrence, or a 404. */
export async function getRecurrence(tx: Tx, userId: string, idRec: string): Promise<Recurrence> {
  if (!ID_REC_PATTERN.test(idRec)) throw notFound("recurrence not found");
  const recurrence = await tx.recurrence.findFirst({ where: { idRec, userId } });
  if (!recurrence) throw notFound("recurrence not found");
  return recurrence;
}

function revisionViolations(recurrence: Recurrence, revision: RecurrenceRevision): RecurrenceViolation[] {
  const status = recurrence.status as RecStatus;
  if (isFinal(status)) {
    return [{ propriedade: "status", razao: "A recorrência encontra-se expirada, cancelada ou rejeitada." }];
  }
  const created = status === "CRIADA";
  const onlyCreated = (propriedade: string) => ({
    propriedade,
    razao: `${propriedade} só pode ser alterado enquanto a recorrência está CRIADA.`,
  });
  const start = revision.startDate;
  return [
    ...(revision.locationId !== undefined && !created ? [onlyCreated("loc")] : []),
    ...(start !== undefined && !created ? [onlyCreated("calendario.dataInicial")] : []),
    ...(start !== undefined && created && start < todayInSaoPaulo(recurrence.createdAt)
      ? [{ propriedade: "calendario.dataInicial", razao: "dataInicial é anterior à data de criação da recorrência." }]
      : []),
    ...(start !== undefined && created && recurrence.endDate && start > dayOf(recurrence.endDate)
      ? [{ propriedade: "calendario.dataInicial", razao: "dataInicial é posterior a dataFinal." }]
      : []),
  ];
}

/** PATCH /rec/{idRec}: the receiver revises the debtor's name, the start or the journey's txid, or cancels. */
export async function reviseRecurrence(
  db: Db | Tx,
  userId: string,
  idRec: string,
  revision: RecurrenceRevision,
  now = new Date(),
): Promise<Recurrence> {
  return inTransaction(db, (tx) => revise(tx, userId, idRec, revision, now));
}

async function revise(tx: Tx, userId: string, idRec: string, revision: RecurrenceRevision, now: Date) {
  const recurrence = await getRecurrence(tx, userId, idRec);
  const violations = revisionViolations(recurrence, revision);
  if (violations.length) throw new RecurrenceRefused(violations);
  const moved =
    revision.status === "CANCELADA"
      ? closed(
          recurrence,
          "CANCELADA",
          {
            cancelamento: {
              solicitante: "USUARIO_RECEBEDOR",
              codigo: "SLCR",
              descricao: "Cancelada pelo usuário recebedor.",
            },
          },
          now,
        )
      : {};
  if (revision.locationId !== undefined) await bindRecurrenceLocation(tx, userId, revision.locationId, idRec);
  const revised = await tx.recurrence.update({
    where: { idRec: recurrence.idRec },
    data: {
      ...(revision.debtorName !== undefined ? { debtorName: revision.debtorName } : {}),
      ...(revision.startDate !== undefined ? { startDate: dateColumn(revision.startDate) } : {}),
      ...(revision.journeyTxId !== undefined ? { journeyTxId: revision.journeyTxId } : {}),
      ...moved,
    },
  });
  if (revised.status !== recurrence.status) await recordRecurrenceUpdated(tx, revised);
  return revised;
}

/** The columns of a move to a final or approved status, with its line of history. */
function closed(recurrence: Recurrence, to: RecStatus, closure: Closure | null, now: Date) {
  if (!canMove(recurrence.status as RecStatus, to)) {
    throw new RecurrenceRefused([
      { propriedade: "status", razao: `Uma recorrência ${recurrence.status} não passa a ${to}.` },
    ]);
  }
  const history = [...(recurrence.history as HistoryEntry[]), { status: to, data: now.toISOString() }];
  return { status: to, history, closure: closure ?? Prisma.DbNull };
}

/** How the payer approved (API Pix `ativacao.tipoJornada`). */
export type Journey = "JORNADA_1" | "JORNADA_2" | "JORNADA_3" | "JORNADA_4";

export type PayerOutcome =
  | { to: "APROVADA"; journey?: Journey }
  | { to: "REJEITADA"; codigo: RejectCode; descricao: string }
  | { to: "EXPIRADA" }
  | { to: "CANCELADA"; solicitante: CancelRequester; codigo: CancelCode; descricao: string };

/**
 * The payer's side answering (approve, reject), the request expiring, or the payer cancelling: the
 * one way the other statuses are reached (solicrec and the sandbox payer call this).
 */
export async function settleRecurrence(
  tx: Tx,
  userId: string,
  idRec: string,
  outcome: PayerOutcome,
  now = new Date(),
): Promise<Recurrence> {
  const recurrence = await getRecurrence(tx, userId, idRec);
  const closure: Closure | null =
    outcome.to === "REJEITADA"
      ? { rejeicao: { codigo: outcome.codigo, descricao: outcome.descricao } }
      : outcome.to === "CANCELADA"
        ? { cancelamento: { solicitante: outcome.solicitante, codigo: outcome.codigo, descricao: outcome.descricao } }
        : null;
  const data = closed(recurrence, outcome.to, closure, now);
  // Approved without a journey named (the consent request): by notification, or with the cob paid.
  const journey =
    outcome.to === "APROVADA" ? (outcome.journey ?? (recurrence.journeyTxId ? "JORNADA_3" : "JORNADA_1")) : undefined;
  const updated = await tx.recurrence.updateMany({
    where: { idRec, userId, status: recurrence.status },
    data: {
      ...data,
      closure: data.closure as Prisma.InputJsonValue | typeof Prisma.DbNull,
      ...(journey ? { journey } : {}),
    },
  });
  if (updated.count !== 1) throw new RecurrenceRefused([{ propriedade: "status", razao: "A recorrência mudou." }]);
  const settled = await getRecurrence(tx, userId, idRec);
  await recordRecurrenceUpdated(tx, settled);
  return settled;
}

/** GET /rec: the caller's recurrences created in the period, filtered, one page. */
export async function listRecurrences(tx: Tx, userId: string, filters: RecurrenceFilters) {
  const where: Prisma.RecurrenceWhereInput = {
    userId,
    createdAt: { gte: filters.inicio, lte: filters.fim },
    ...(filters.debtorDocument ? { debtorDocument: filters.debtorDocument } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.agreement ? { agreement: filters.agreement } : {}),
    ...(filters.locationPresent === undefined
      ? {}
      : { location: filters.locationPresent ? { isNot: null } : { is: null } }),
  };
  const [recurrences, total] = await Promise.all([
    tx.recurrence.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { idRec: "asc" }],
      skip: filters.page * filters.size,
      take: filters.size,
    }),
    tx.recurrence.count({ where }),
  ]);
  return { recurrences, total };
}
