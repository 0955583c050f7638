/**
 * Pix Automático recurring charges (API Pix `cobr`, docs/decisions/0041-pix-automatico-recurring-charges.md):
 * the merchant sends one charge per cycle of an approved recurrence, 2 to 10 days before it is due;
 * the payer's institution schedules its attempt (ATIVA) and settles it on the day (settlement.ts).
 * Refusals are `RecurrenceRefused` with every violation, properties relative to the charge; an
 * unknown or someone else's charge is a 404 AppError.
 */
import { calendarDaysBetween, todayInSaoPaulo } from "../../charges/due-date/calendar";
import { dateColumn, dateText } from "../../charges/due-date/record";
import { CHARGE_TXID_PATTERN, newTxId } from "../../charges/ids";
import type { Tx } from "../../db/client";
import { notFound } from "../../errors";
import { type Account, Prisma, type Recurrence } from "../../generated/prisma/client";
import { type Periodicity, RecurrenceRefused, type RecurrenceViolation } from "../model";
import { getRecurrence } from "../service";
import { cycleStartOf } from "./cycles";
import { closeAttempt, firstSettlementDate, moveCharge, withAttempts } from "./lifecycle";
import {
  type ChargeWithAttempts,
  EARLIEST_DAYS_BEFORE_DUE,
  LATEST_DAYS_BEFORE_DUE,
  type RecurringChargeFilters,
  type RecurringChargeInput,
} from "./model";
import { type CobrCancelCode, type CobrCancelRequester, type CobrStatus, CYCLE_FREEING, isFinal } from "./status";

export const CYCLE_TAKEN: RecurrenceViolation = {
  propriedade: "calendario.dataDeVencimento",
  razao: "Já existe uma cobrança desta recorrência, nem rejeitada nem cancelada, no ciclo deste vencimento.",
};
export const TXID_IN_USE: RecurrenceViolation = { propriedade: "txid", razao: "O txid encontra-se em uso." };

async function recurrenceOrNull(tx: Tx, userId: string, idRec: string): Promise<Recurrence | null> {
  return getRecurrence(tx, userId, idRec).catch(() => null);
}

function amountViolations(rec: Recurrence, amountCents: bigint): RecurrenceViolation[] {
  if (amountCents <= 0n) return [{ propriedade: "valor.original", razao: "O valor deve ser positivo." }];
  if (rec.amountCents !== null && amountCents !== rec.amountCents) {
    return [{ propriedade: "valor.original", razao: "O valor difere do valorRec da recorrência." }];
  }
  if (rec.minimumCents !== null && amountCents < rec.minimumCents) {
    return [{ propriedade: "valor.original", razao: "O valor é menor que o valorMinimoRecebedor da recorrência." }];
  }
  return [];
}

function dueDateViolations(rec: Recurrence | null, dueDate: string, today: string): RecurrenceViolation[] {
  const property = "calendario.dataDeVencimento";
  if (dueDate < today)
    return [{ propriedade: property, razao: "dataDeVencimento é anterior à data de criação da cobrança." }];
  const daysAhead = calendarDaysBetween(today, dueDate);
  const window =
    daysAhead < LATEST_DAYS_BEFORE_DUE || daysAhead > EARLIEST_DAYS_BEFORE_DUE
      ? [
          {
            propriedade: property,
            razao: `A cobrança deve ser enviada de ${EARLIEST_DAYS_BEFORE_DUE} a ${LATEST_DAYS_BEFORE_DUE} dias antes do vencimento.`,
          },
        ]
      : [];
  if (!rec) return window;
  const outside =
    dueDate < dateText(rec.startDate) || (rec.endDate !== null && dueDate > dateText(rec.endDate))
      ? [{ propriedade: property, razao: "dataDeVencimento está fora da vigência da recorrência." }]
      : [];
  return [...window, ...outside];
}

/** What a new charge is checked against: its recurrence, the receiving account, whether its txid is taken. */
export type CreationFacts = { rec: Recurrence | null; account: Account | null; txIdTaken: boolean };

/** Every rule a new charge breaks (the cycle aside, checked against the stored charges). */
export function creationViolations(input: RecurringChargeInput, facts: CreationFacts, today: string) {
  const { rec, account } = facts;
  return [
    ...(rec === null
      ? [{ propriedade: "idRec", razao: "Não há recorrência deste usuário recebedor com este idRec." }]
      : rec.status !== "APROVADA"
        ? [{ propriedade: "idRec", razao: `A recorrência está ${rec.status}: só uma APROVADA é cobrada.` }]
        : []),
    ...dueDateViolations(rec, input.dueDate, today),
    ...(rec ? amountViolations(rec, input.amountCents) : []),
    ...(account === null || (input.receiver.agency !== undefined && input.receiver.agency !== account.agency)
      ? [{ propriedade: "recebedor", razao: "conta e agencia não correspondem a uma conta deste usuário recebedor." }]
      : []),
    ...(facts.txIdTaken ? [TXID_IN_USE] : []),
  ];
}

/** The first day of the recurrence's cycle the charge's due date falls in. */
export const cycleOf = (rec: Recurrence, dueDate: string) =>
  cycleStartOf(dateText(rec.startDate), rec.periodicity as Periodicity, dueDate) as string;

/** The stored row of a new charge (CRIADA) of `rec`, crediting `account`. */
export function newChargeRow(input: RecurringChargeInput, rec: Recurrence, account: Account, now: Date) {
  return {
    txId: input.txId ?? newTxId(),
    userId: input.userId,
    idRec: rec.idRec,
    accountId: account.id,
    cycleStart: dateColumn(cycleOf(rec, input.dueDate)),
    dueDate: dateColumn(input.dueDate),
    adjustBusinessDay: input.adjustBusinessDay,
    amountCents: input.amountCents,
    info: input.info ?? null,
    debtor: input.debtor ? (input.debtor as Prisma.InputJsonValue) : Prisma.DbNull,
    status: "CRIADA",
    history: [{ status: "CRIADA", data: now.toISOString() }],
    createdAt: now,
  } satisfies Prisma.RecurringChargeCreateManyInput;
}

/** PUT /cobr/{txid} and POST /cobr: a charge for one cycle of an approved recurrence (status CRIADA). */
export async function createRecurringCharge(
  tx: Tx,
  input: RecurringChargeInput,
  now = new Date(),
): Promise<ChargeWithAttempts> {
  const today = todayInSaoPaulo(now);
  const rec = await recurrenceOrNull(tx, input.userId, input.idRec);
  const account = await tx.account.findFirst({
    where: { id: input.receiver.account, userId: input.userId, status: "active" },
  });
  const txIdTaken =
    input.txId !== undefined &&
    ((await tx.recurringCharge.count({ where: { txId: input.txId } })) > 0 ||
      (await tx.charge.count({ where: { txId: input.txId } })) > 0);
  const violations = creationViolations(input, { rec, account, txIdTaken }, today);
  if (violations.length || !rec || !account) throw new RecurrenceRefused(violations);
  const taken = await tx.recurringCharge.count({
    where: {
      idRec: rec.idRec,
      cycleStart: dateColumn(cycleOf(rec, input.dueDate)),
      status: { notIn: [...CYCLE_FREEING] },
    },
  });
  if (taken > 0) throw new RecurrenceRefused([CYCLE_TAKEN]);
  try {
    const created = await tx.recurringCharge.create({ data: newChargeRow(input, rec, account, now) });
    return { ...created, attempts: [] };
  } catch (error) {
    // a concurrent charge won the txid or the cycle
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const target = String(error.meta?.target ?? "");
      throw new RecurrenceRefused([target.includes("tx_id") ? TXID_IN_USE : CYCLE_TAKEN]);
    }
    throw error;
  }
}

/** The caller's charge with its attempts, or a 404. */
export async function getRecurringCharge(tx: Tx, userId: string, txId: string): Promise<ChargeWithAttempts> {
  if (!CHARGE_TXID_PATTERN.test(txId)) throw notFound("recurring charge not found");
  const charge = await tx.recurringCharge.findFirst({
    where: { txId, userId },
    include: { attempts: { orderBy: { id: "asc" } } },
  });
  if (!charge) throw notFound("recurring charge not found");
  return charge;
}

/**
 * PATCH /cobr/{txid} { status: CANCELADA }: the receiver withdraws a charge before the day its
 * first attempt settles; its open attempt is cancelled with it.
 */
export async function cancelRecurringCharge(
  tx: Tx,
  userId: string,
  txId: string,
  now = new Date(),
): Promise<ChargeWithAttempts> {
  const charge = await getRecurringCharge(tx, userId, txId);
  const status = charge.status as CobrStatus;
  if (isFinal(status)) {
    throw new RecurrenceRefused([
      { propriedade: "status", razao: `A cobrança está ${status}: não pode ser cancelada.` },
    ]);
  }
  if (todayInSaoPaulo(now) >= firstSettlementDate(charge)) {
    throw new RecurrenceRefused([
      {
        propriedade: "status",
        razao:
          "Não é possível cancelar uma cobrança em uma data igual ou maior que a data prevista da primeira tentativa de liquidação.",
      },
    ]);
  }
  await cancelCharge(
    tx,
    charge,
    { solicitante: "USUARIO_RECEBEDOR", codigo: "SLCR", descricao: "Cancelada pelo usuário recebedor." },
    now,
  );
  return withAttempts(tx, txId);
}

/** Cancels a live charge and its open attempt; false when it had moved on already. */
export async function cancelCharge(
  tx: Tx,
  charge: ChargeWithAttempts,
  cancelamento: { solicitante: CobrCancelRequester; codigo: CobrCancelCode; descricao: string },
  now: Date,
): Promise<boolean> {
  const moved = await moveCharge(tx, charge, "CANCELADA", now, { closure: { cancelamento } });
  if (!moved) return false;
  for (const attempt of charge.attempts) {
    if (attempt.status === "SOLICITADA" || attempt.status === "AGENDADA")
      await closeAttempt(tx, attempt, "CANCELADA", now);
  }
  return true;
}

/** GET /cobr: the caller's charges created in the period, filtered, one page. */
export async function listRecurringCharges(tx: Tx, userId: string, filters: RecurringChargeFilters) {
  const recurrence: Prisma.RecurrenceWhereInput = {
    ...(filters.debtorDocument ? { debtorDocument: filters.debtorDocument } : {}),
    ...(filters.agreement ? { agreement: filters.agreement } : {}),
  };
  const where: Prisma.RecurringChargeWhereInput = {
    userId,
    createdAt: { gte: filters.inicio, lte: filters.fim },
    ...(filters.idRec ? { idRec: filters.idRec } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(Object.keys(recurrence).length ? { recurrence } : {}),
  };
  const [charges, total] = await Promise.all([
    tx.recurringCharge.findMany({
      where,
      include: { attempts: { orderBy: { id: "asc" } } },
      orderBy: [{ createdAt: "asc" }, { txId: "asc" }],
      skip: filters.page * filters.size,
      take: filters.size,
    }),
    tx.recurringCharge.count({ where }),
  ]);
  return { charges, total };
}
